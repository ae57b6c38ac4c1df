// Request validation with two Ajv instances: query strings and path parameters arrive as text and
// are coerced to the schema's types (flattened=true → true); JSON bodies are never coerced, so
// `"campaign": 123` is refused instead of silently becoming "123".
import { Ajv, type Options } from 'ajv';
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
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? strict : coercing).compile(schema as object),
  );
}
