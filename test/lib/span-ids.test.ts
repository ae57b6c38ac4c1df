// The traced instance's trace and span ids (src/observability/span-ids.ts): W3C's lengths and
// alphabet, drawn from blocks of random bytes, never all zeros.
import { describe, expect, it } from 'vitest';
import { BlockIdGenerator } from '../../src/observability/span-ids.ts';

describe('BlockIdGenerator', () => {
  it('makes lowercase hex ids of 32 and 16 characters, none repeated, across many blocks', () => {
    const ids = new BlockIdGenerator();
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(spanId).toMatch(/^[0-9a-f]{16}$/);
      seen.add(traceId).add(spanId);
    }
    expect(seen.size).toBe(10_000);
  });

  it('cuts each id from the random bytes in order, and draws a new block when one is used up', () => {
    let blocks = 0;
    const ids = new BlockIdGenerator((block) => block.fill(++blocks));
    const first = ids.generateTraceId();
    expect(first).toBe('01'.repeat(16));
    expect(ids.generateSpanId()).toBe('01'.repeat(8));
    // 6,144 bytes a block: 256 pairs of ids, the next from the second block.
    for (let i = 1; i < 256; i++) {
      ids.generateTraceId();
      ids.generateSpanId();
    }
    expect(blocks).toBe(1);
    expect(ids.generateTraceId()).toBe('02'.repeat(16));
    expect(blocks).toBe(2);
  });

  it('never gives an all-zero id (invalid in W3C Trace Context): its last digit becomes 1', () => {
    const ids = new BlockIdGenerator((block) => block.fill(0));
    expect(ids.generateTraceId()).toBe(`${'0'.repeat(31)}1`);
    expect(ids.generateSpanId()).toBe(`${'0'.repeat(15)}1`);
  });
});
