// JSON request bodies (docs/errors.md and docs/session-api.md#session-creation): an absent or empty body is allowed (it means "no options"),
// malformed JSON is 400, `__proto__`/`constructor.prototype` keys are refused, bodies over the
// limit are 413 and any other media type is 415 (Fastify's default for unregistered types).
// Bodies that are not UTF-8, nest deeper than MAX_JSON_DEPTH or hold a NUL character (400 each) are
// refused before parsing; an object naming a member twice (400) after it.
import type { FastifyInstance } from 'fastify';
import { Errors, withParameters } from '../../errors.ts';
import { firstRepeatedName } from '../../lib/json-keys.ts';

export const BODY_LIMIT_BYTES = 64 * 1024;
/** Deeper bodies are refused before parsing: no request body of this service nests beyond 5 levels. */
export const MAX_JSON_DEPTH = 32;

/** RFC 8259 §8.1: JSON is UTF-8; invalid bytes are refused, never replaced by U+FFFD. */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A `\u0000` escape (not an escaped backslash followed by "u0000"); a raw NUL is invalid JSON anyway. */
const ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** True when arrays/objects nest deeper than `max`: one linear pass, strings skipped. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      return done(new Errors.MALFORMED_JSON(), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return done(new Errors.INVALID_REQUEST(`Request body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
    }
    // PostgreSQL text cannot hold NUL: refused here rather than failing the write (a 500).
    if (ESCAPED_NUL.test(text)) {
      return done(new Errors.INVALID_REQUEST('Request body contains a NUL character (\\u0000), which no field accepts'), undefined);
    }
    void parseJson(request, text, (error, value) => {
      if (error) return done(new Errors.MALFORMED_JSON(), undefined);
      // JSON.parse keeps a repeated member's last value, where another reader may keep the first:
      // `{"locale":"sv-SE","locale":"en"}` means nothing certain, at any depth (admin bodies nest).
      const repeated = firstRepeatedName(text);
      if (repeated !== undefined) {
        return done(withParameters(new Errors.DUPLICATE_BODY_MEMBER(repeated), { [repeated]: 'may be given only once' }), undefined);
      }
      done(null, value);
    });
  });
}
