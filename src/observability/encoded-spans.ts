// The span queue's store for OTLP/HTTP protobuf, the default protocol (span-queue.ts): each span is
// encoded as it ends, into one buffer, and its objects are left to the young generation's collector.
//
// Kept as objects until its batch was exported (200 ms to seconds), every span of a traced instance
// outlived a few scavenges and was copied into the old generation, to be marked and compacted there:
// at 20,000 traced requests a second that garbage collection was about half of what tracing cost the
// serving thread, and the old generation's growth the traced instance's extra peak memory
// (bench/analysis.md, issue 37). Encoded, a request's span is some 250 bytes of one buffer, and the
// queue's bound in bytes is exact rather than an estimate. The encoding is the same CPU as at export.
// An export's request is then the spans' bytes copied under their resource's and scope's messages:
// the same bytes as the SDK's serializer (test/lib/otlp-protobuf.test.ts).
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import {
  groupedByScope,
  scopeKey,
  writeSpan,
  writeTraceRequest,
  Writer,
  type InstrumentationScope,
  type Resource,
} from './otlp-protobuf.ts';
import type { SpanStore } from './span-queue.ts';

const INITIAL_BYTES = 64 * 1024;
/** An empty buffer larger than this is given back after an export (a burst's size is not kept for good). */
const KEPT_BYTES = 4 * 1024 * 1024;
/** A request's span is some 250 bytes: room for one, and then some. */
const SPAN_ROOM = 1024;

interface Scope {
  resource: Resource;
  scope: InstrumentationScope;
  key: string;
}

export class EncodedSpans implements SpanStore<Uint8Array> {
  private writer: Writer;
  /**
   * Where each span's bytes start in the buffer (they end where the next starts, the last at the
   * writer's position), from `first` on: the entries before it, and the bytes before `head`, were taken.
   */
  private starts: number[] = [];
  /** Each span's resource and scope, as an index into `scopes`, from `first` on. */
  private scopeIndexes: number[] = [];
  private first = 0;
  private head = 0;
  /** The resource and scope pairs seen (a process has a few). */
  private readonly scopes: Scope[] = [];
  private last: { resource: Resource; scope: InstrumentationScope; index: number } | undefined;

  /** `maxBytes`: the buffer's growth stops there (a span that would go beyond is refused by add). */
  constructor(private readonly maxBytes = Infinity) {
    this.writer = new Writer(Buffer.allocUnsafe(Math.min(INITIAL_BYTES, maxBytes)), maxBytes);
  }

  get count(): number {
    return this.starts.length - this.first;
  }

  /** The encoded spans' bytes. */
  get bytes(): number {
    return this.writer.position - this.head;
  }

  add(span: ReadableSpan): boolean {
    // Room for a span by moving what is left rather than by growing the buffer, when bytes were taken.
    if (this.head > 0 && this.writer.position + SPAN_ROOM > this.writer.buffer.length) this.compact(true);
    const start = this.writer.position;
    writeSpan(this.writer, span);
    if (this.writer.position - this.head > this.maxBytes) {
      this.writer.position = start;
      return false;
    }
    this.starts.push(start);
    this.scopeIndexes.push(this.scopeIndexOf(span.resource, span.instrumentationScope));
    return true;
  }

  /** The request exporting the first `count` spans, which leave the store. */
  take(count: number): Uint8Array {
    const first = this.first;
    const last = first + Math.min(count, this.count);
    const end = this.startOf(last);
    const spans = Array.from({ length: last - first }, (_, i) => first + i);
    const request = new Writer(Buffer.allocUnsafe(end - this.head + 1024));
    writeTraceRequest(
      request,
      groupedByScope(
        spans,
        (i) => this.scopes[this.scopeIndexes[i]!]!.resource,
        (i) => this.scopes[this.scopeIndexes[i]!]!.key,
      ),
      (i) => this.scopes[this.scopeIndexes[i]!]!.scope,
      (into, inScope) => this.copySpans(into, inScope),
    );
    this.first = last;
    this.head = end;
    this.compact();
    return request.buffer.subarray(0, request.position);
  }

  private startOf(span: number): number {
    return span < this.starts.length ? this.starts[span]! : this.writer.position;
  }

  /** Copies the spans' bytes into `into`, a run of consecutive spans at a time. */
  private copySpans(into: Writer, spans: number[]): void {
    for (let run = 0; run < spans.length;) {
      let last = run;
      while (last + 1 < spans.length && spans[last + 1] === spans[last]! + 1) last++;
      const from = this.startOf(spans[run]!);
      const to = this.startOf(spans[last]! + 1);
      into.ensure(to - from);
      this.writer.buffer.copy(into.buffer, into.position, from, to);
      into.position += to - from;
      run = last + 1;
    }
  }

  /**
   * Moves what is left to the buffer's start once at least as many bytes were taken as are left (each
   * byte is so moved a bounded number of times, however far exports fall behind), and gives back a
   * large buffer once it is empty. `force`: whatever is left (the buffer is full).
   */
  private compact(force = false): void {
    const rest = this.writer.position - this.head;
    if (rest > this.head && !force) return;
    if (rest === 0 && this.writer.buffer.length > KEPT_BYTES) {
      this.writer = new Writer(Buffer.allocUnsafe(Math.min(INITIAL_BYTES, this.maxBytes)), this.maxBytes);
    } else {
      this.writer.buffer.copy(this.writer.buffer, 0, this.head, this.writer.position);
      this.writer.position = rest;
    }
    const moved = this.head;
    this.starts = this.starts.slice(this.first).map((start) => start - moved);
    this.scopeIndexes = this.scopeIndexes.slice(this.first);
    this.first = 0;
    this.head = 0;
  }

  private scopeIndexOf(resource: Resource, scope: InstrumentationScope): number {
    // A process's spans come from one resource and a scope or two: the last pair answers almost always.
    const last = this.last;
    if (last !== undefined && last.resource === resource && last.scope === scope) return last.index;
    const key = scopeKey(scope);
    let index = this.scopes.findIndex((known) => known.resource === resource && known.key === key);
    if (index < 0) index = this.scopes.push({ resource, scope, key }) - 1;
    this.last = { resource, scope, index };
    return index;
  }
}
