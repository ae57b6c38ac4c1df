// Request validation with two Ajv instances: query strings and path parameters arrive as text and
// are coerced to the schema's types (flattened=true → true); JSON bodies are never coerced, so
// `"campaign": 123` is refused instead of silently becoming "123".
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

function ajv(options: Options): Ajv {
  const instance = new Ajv({
    useDefaults: true,
    removeAdditional: false,
    allErrors: false, // all errors on hostile input is a denial-of-service vector
    strict: false,
    ...options,
  });
  addFormats.default(instance);
  return instance;
}

export function registerValidation(app: FastifyInstance): void {
  const coercing = ajv({ coerceTypes: 'array' });
  const strict = ajv({ coerceTypes: false });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema as object));
}

// When a request fails validation, the fast validators above stop at the first problem. The error
// body names every offending field (docs/errors.md#error-body), so a failed request is validated
// once more by validators that collect all problems: only on that failure path, never on a request
// that passes, and bounded by the request's size limits. They are verbose: each problem carries the
// schema it broke, for that schema's own message (issueMessage).
const collecting = {
  coercing: ajv({ coerceTypes: 'array', allErrors: true, verbose: true }),
  strict: ajv({ coerceTypes: false, allErrors: true, verbose: true }),
};
const collectors = new WeakMap<object, ValidateFunction>();

/** Every validation problem of `data` against the route's schema for that part of the request. */
export function allValidationIssues(schema: object, httpPart: string, data: unknown): ErrorObject[] {
  let validate = collectors.get(schema);
  if (!validate) {
    validate = (httpPart === 'body' ? collecting.strict : collecting.coercing).compile(schema);
    collectors.set(schema, validate);
  }
  // A copy: coercion must not change what the route would have seen.
  return validate(structuredClone(data)) ? [] : (validate.errors ?? []);
}

/**
 * A schema's own message for any of its keywords that fails, instead of Ajv's (`must match pattern
 * "<400 characters of RFC 5646>"`): `Type.String({ pattern, [ERROR_MESSAGE]: 'must be a BCP 47
 * language tag …' })`. The name and meaning are ajv-errors' string form; Ajv itself ignores it
 * (strict: false), and the OpenAPI document leaves it out.
 */
export const ERROR_MESSAGE = 'errorMessage';

/** What is wrong, for a person: the broken schema's ERROR_MESSAGE when it has one, else Ajv's message. */
export function issueMessage(issue: { message?: string | undefined; parentSchema?: unknown }): string {
  const schema = issue.parentSchema;
  const own = typeof schema === 'object' && schema !== null ? (schema as Record<string, unknown>)[ERROR_MESSAGE] : undefined;
  return typeof own === 'string' ? own : (issue.message ?? 'is invalid');
}
