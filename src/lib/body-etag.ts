import { createHash } from 'node:crypto';

/** The strong tag of a serialized body (RFC 9110 §8.8.3): a digest of its bytes. */
export function etagOf(payload: string | Buffer): string {
  return `"${createHash('sha1').update(payload).digest('base64url')}"`;
}
