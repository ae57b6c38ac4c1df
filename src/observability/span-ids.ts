// Trace and span ids for the SDK (otel-sdk.ts), cut from a block of random bytes drawn ahead from
// node:crypto and written out as hex once: the SDK's RandomIdGenerator draws Math.random for every
// id and writes each out on its own (about 0.3 µs of a traced request's two ids; bench/analysis.md).
// The ids are lowercase hex of the lengths W3C Trace Context requires; one that comes out all zeros
// (invalid) ends in 1 instead, as the SDK's does.
import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

/** Random bytes drawn at a time: 256 traced requests' ids. */
const BLOCK_BYTES = 6144;
const ZEROS = '0'.repeat(32);

export class BlockIdGenerator implements IdGenerator {
  private hex = '';
  private offset = 0;

  /** `fill`: the source of random bytes (node:crypto's; a test's own). */
  constructor(private readonly fill: (block: Buffer) => Buffer = randomFillSync) {}

  generateTraceId(): string {
    return this.next(32);
  }

  generateSpanId(): string {
    return this.next(16);
  }

  private next(characters: number): string {
    if (this.offset + characters > this.hex.length) {
      this.hex = this.fill(Buffer.allocUnsafe(BLOCK_BYTES)).toString('hex');
      this.offset = 0;
    }
    const id = this.hex.slice(this.offset, (this.offset += characters));
    return id === ZEROS.slice(0, characters) ? `${id.slice(0, -1)}1` : id;
  }
}
