// Query-string rules that come before schema validation (docs/session-api.md#group-retrieval): a repeated parameter or a
// missing required one is a request that cannot be understood (400), not a field that failed
// validation (422).
import type { preValidationHookHandler } from 'fastify';
import { Errors, withParameters } from '../../errors.ts';

export function singleValuedQuery(names: readonly string[], required: readonly string[]): preValidationHookHandler {
  // A callback hook: it runs on the storefront's hot path, where an async hook costs a promise.
  return (request, _reply, done) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      if (Array.isArray(query[name]))
        return done(withParameters(new Errors.DUPLICATE_QUERY_PARAMETER(name), { [name]: 'may be given only once' }));
    }
    for (const name of required) {
      if (query[name] === undefined) return done(withParameters(new Errors.MISSING_QUERY_PARAMETER(name), { [name]: 'is required' }));
    }
    done();
  };
}
