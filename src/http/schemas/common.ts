// Schemas every interface shares, and the registry of named schemas: a schema passed through
// component() appears in the OpenAPI document once, as `#/components/schemas/<name>`, and is
// referenced wherever a route uses it (http/openapi/document.ts reads the registry).
import { Type, type TSchema } from 'typebox';

const componentNames = new WeakMap<object, string>();

/** Names a schema for the OpenAPI document's components. Returns the schema itself. */
export function component<T extends TSchema>(name: string, schema: T): T {
  componentNames.set(schema, name);
  return schema;
}

/** The component name of a schema, if it has one. */
export function componentName(schema: object): string | undefined {
  return componentNames.get(schema);
}

export const ErrorResponse = component(
  'ErrorResponse',
  Type.Object(
    {
      message: Type.String({ description: 'Human-readable description of the problem.' }),
      code: Type.String({ description: 'Stable machine-readable error code (docs/errors.md lists them).' }),
      traceId: Type.String({
        description: "The request's id: the same as the `X-Request-Id` response header. Quote it when asking for support.",
      }),
      timestamp: Type.String({ format: 'date-time', description: 'When the error was answered, ISO 8601 UTC.' }),
      parameters: Type.Optional(
        Type.Record(Type.String(), Type.String(), {
          description:
            'On a 400 or 422 caused by named request fields: each offending field (`amount`, `plans[0].name`) → what is wrong with it.',
        }),
      ),
    },
    { $id: 'Error', description: "Every error response but the token endpoint's (docs/errors.md)." },
  ),
);

/** The error statuses a route answers, each with the shared error body: `response: { 200: X, ...errorResponses(400, 401) }`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorResponse> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorResponse])) as Record<S, typeof ErrorResponse>;
}
