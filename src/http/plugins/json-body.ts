// JSON request bodies (contract §2–3): an absent or empty body is allowed (it means "no options"),
// malformed JSON is 400, `__proto__`/`constructor.prototype` keys are refused, bodies over the
// limit are 413 and any other media type is 415 (Fastify's default for unregistered types).
import type { FastifyInstance } from 'fastify';
import { Errors } from '../../errors.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      parseJson(request, text, (error, value) => {
        if (error) return done(new Errors.MALFORMED_JSON(), undefined);
        done(null, value);
      });
    },
  );
}
