// ETag and If-None-Match (RFC 9110 §8.8.3, §13.1.2) for successful responses only: an error body
// must never be answered with 304. A route may set the tag it knows (group retrieval derives it from
// what the answer is made of: domain/offer-template.ts); otherwise it is a digest of the body.
import type { onSendHookHandler } from 'fastify';
import { etagOf } from '../../lib/body-etag.ts';

function matches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison: W/"x" and "x" name the same representation for GET.
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === opaque);
}

/** A route that already knows its body's tag (a cached answer) sets it; otherwise it is computed here. */
export const etagOnSend: onSendHookHandler<unknown> = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) {
    if (reply.hasHeader('etag')) reply.removeHeader('etag');
    return done(null, payload);
  }
  const preset = reply.getHeader('etag');
  const etag = typeof preset === 'string' ? preset : etagOf(payload);
  reply.header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (typeof ifNoneMatch === 'string' && matches(ifNoneMatch, etag)) {
    reply.code(304);
    return done(null, '');
  }
  done(null, payload);
};
