// OTLP/HTTP protobuf encoding of ended spans (ExportTraceServiceRequest), written straight into one
// buffer. The SDK's serializer first builds an object per span, attribute and id (ids turned from hex
// into arrays, each timestamp through BigInt) and then has protobufjs walk them: 8–9 µs of CPU a
// request's span on the serving thread, against about 1 µs here (bench/analysis.md, issue 37).
// The bytes are the SDK's own, field for field and in the same order (test/lib/otlp-protobuf.test.ts
// checks them against ProtobufTraceSerializer), so a collector cannot tell the two apart.
import type { Attributes, HrTime, Link } from '@opentelemetry/api';
import type { ReadableSpan, TimedEvent } from '@opentelemetry/sdk-trace-base';

const TWO_32 = 4294967296;

/** OTLP span flags (trace.proto): the W3C flags, and whether the parent's remoteness is known and true. */
const HAS_IS_REMOTE = 0x100;
const IS_REMOTE = 0x200;

/** The value of each hex digit by its character code, -1 for any other character below 128. */
const HEX_DIGITS = new Int8Array(128).fill(-1);
for (let digit = 0; digit < 16; digit++) HEX_DIGITS[digit.toString(16).charCodeAt(0)] = digit;

/** A growable byte buffer with the protobuf wire types the trace messages use. */
export class Writer {
  position = 0;

  /** `maxCapacity`: doubling stops there (the buffer still grows to what a write needs). */
  constructor(
    public buffer: Buffer,
    private readonly maxCapacity = Infinity,
  ) {}

  ensure(bytes: number): void {
    if (this.position + bytes <= this.buffer.length) return;
    const needed = this.position + bytes;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    size = Math.max(needed, Math.min(size, this.maxCapacity));
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.position);
    this.buffer = grown;
  }

  /** An unsigned varint of up to 32 bits (tags, lengths, enums, counts). */
  uint32(value: number): void {
    this.ensure(5);
    const buffer = this.buffer;
    let position = this.position;
    value >>>= 0;
    while (value > 127) {
      buffer[position++] = (value & 127) | 128;
      value >>>= 7;
    }
    buffer[position++] = value;
    this.position = position;
  }

  /** int32 as protobufjs writes it: a negative value takes ten bytes (sign-extended to 64 bits). */
  int32(value: number): void {
    if (value < 0) this.varint64(value >>> 0, 0xffffffff);
    else this.uint32(value);
  }

  /** An int64 varint from a JavaScript number, as protobufjs's LongBits.fromNumber makes its two words. */
  int64(value: number): void {
    const negative = value < 0;
    if (negative) value = -value;
    let low = value >>> 0;
    let high = ((value - low) / TWO_32) >>> 0;
    if (negative) {
      high = ~high >>> 0;
      low = ~low >>> 0;
      if (++low > 0xffffffff) {
        low = 0;
        if (++high > 0xffffffff) high = 0;
      }
    }
    this.varint64(low, high);
  }

  private varint64(low: number, high: number): void {
    this.ensure(10);
    const buffer = this.buffer;
    let position = this.position;
    while (high) {
      buffer[position++] = (low & 127) | 128;
      low = ((low >>> 7) | (high << 25)) >>> 0;
      high >>>= 7;
    }
    while (low > 127) {
      buffer[position++] = (low & 127) | 128;
      low >>>= 7;
    }
    buffer[position++] = low;
    this.position = position;
  }

  fixed32(value: number): void {
    this.ensure(4);
    this.buffer.writeUInt32LE(value >>> 0, this.position);
    this.position += 4;
  }

  /** A timestamp in nanoseconds since the epoch, fixed64, from an HrTime without BigInt. */
  time(time: HrTime): void {
    const seconds = Math.trunc(time[0]);
    const nanos = Math.trunc(time[1]);
    // seconds × 10^9 exceeds 2^53: split seconds into 16-bit halves so every product is exact.
    const upper = Math.floor(seconds / 65536) * 1e9; // < 2^46
    const lower = (seconds % 65536) * 1e9 + nanos; // < 2^47
    // total = upper × 2^16 + lower
    let low = (upper % 65536) * 65536 + lower;
    let high = Math.floor(upper / 65536);
    const carry = Math.floor(low / TWO_32);
    high += carry;
    low -= carry * TWO_32;
    this.ensure(8);
    this.buffer.writeUInt32LE(low, this.position);
    this.buffer.writeUInt32LE(high >>> 0, this.position + 4);
    this.position += 8;
  }

  double(value: number): void {
    this.ensure(8);
    this.buffer.writeDoubleLE(value, this.position);
    this.position += 8;
  }

  string(value: string): void {
    const count = value.length;
    // Short ASCII strings (names, keys, routes, ids) byte by byte: a call into Buffer's native
    // code per string cost more than the copy.
    if (count < 128) {
      this.ensure(count + 1);
      const buffer = this.buffer;
      const start = this.position;
      buffer[start] = count;
      let i = 0;
      for (; i < count; i++) {
        const code = value.charCodeAt(i);
        if (code >= 128) break;
        buffer[start + 1 + i] = code;
      }
      if (i === count) {
        this.position = start + 1 + count;
        return;
      }
    }
    const length = Buffer.byteLength(value, 'utf8');
    this.uint32(length);
    this.ensure(length);
    this.buffer.write(value, this.position, length, 'utf8');
    this.position += length;
  }

  /** A span or trace id given in lowercase hex (as the SDK makes and the W3C format requires), as bytes. */
  hex(value: string): void {
    const length = value.length >>> 1;
    this.uint32(length);
    this.ensure(length);
    const buffer = this.buffer;
    let position = this.position;
    for (let i = 0; i < length; i++) {
      const high = HEX_DIGITS[value.charCodeAt(2 * i)];
      const low = HEX_DIGITS[value.charCodeAt(2 * i + 1)];
      if (high === undefined || low === undefined || high < 0 || low < 0) {
        // Not lowercase hex: whatever Buffer makes of it, as the SDK's conversion would.
        this.position += this.buffer.write(value, this.position, length, 'hex');
        return;
      }
      buffer[position++] = (high << 4) | low;
    }
    this.position = position;
  }

  bytes(value: Uint8Array): void {
    this.uint32(value.length);
    this.ensure(value.length);
    this.buffer.set(value, this.position);
    this.position += value.length;
  }

  /** Starts a length-delimited message after its tag; returns where its body starts. */
  fork(tag: number): number {
    this.uint32(tag);
    // One byte is reserved for the length; a longer length moves the body (rare beyond spans).
    this.ensure(1);
    this.position += 1;
    return this.position;
  }

  /**
   * Starts a message whose length will most likely take two bytes (128 to 16,383: a request's span),
   * so that ldelimWide need not move its body, as ldelim would; returns where its body starts.
   */
  forkWide(tag: number): number {
    this.uint32(tag);
    this.ensure(2);
    this.position += 2;
    return this.position;
  }

  /** Ends the message begun by forkWide: its length in the two bytes reserved, or moved to fit another. */
  ldelimWide(start: number): void {
    const length = this.position - start;
    if (length >= 128 && length < 16384) {
      this.buffer[start - 2] = (length & 127) | 128;
      this.buffer[start - 1] = length >>> 7;
      return;
    }
    // One byte (a short span) or three and more: the body moves, as protobuf's lengths are minimal.
    this.buffer.copy(this.buffer, start - 1, start, this.position);
    this.position -= 1;
    this.ldelim(start - 1);
  }

  /** Ends the message begun by fork, writing its length before it. */
  ldelim(start: number): void {
    const length = this.position - start;
    if (length < 128) {
      this.buffer[start - 1] = length;
      return;
    }
    let lengthBytes = 1;
    for (let rest = length >>> 7; rest > 0; rest >>>= 7) lengthBytes++;
    this.ensure(lengthBytes - 1);
    this.buffer.copy(this.buffer, start + lengthBytes - 1, start, this.position);
    let position = start - 1;
    let value = length;
    while (value > 127) {
      this.buffer[position++] = (value & 127) | 128;
      value >>>= 7;
    }
    this.buffer[position] = value;
    this.position += lengthBytes - 1;
  }
}

/** AnyValue (common.proto), as the SDK's toAnyValue maps a JavaScript value. */
function anyValue(writer: Writer, value: unknown): void {
  switch (typeof value) {
    case 'string':
      writer.uint32(10);
      writer.string(value);
      return;
    case 'number':
      if (Number.isInteger(value)) {
        writer.uint32(24);
        writer.int64(value);
      } else {
        writer.uint32(33);
        writer.double(value);
      }
      return;
    case 'boolean':
      writer.uint32(16);
      writer.uint32(value ? 1 : 0);
      return;
  }
  if (value instanceof Uint8Array) {
    writer.uint32(58);
    writer.bytes(value);
  } else if (Array.isArray(value)) {
    const array = writer.fork(42);
    for (const item of value) {
      const start = writer.fork(10);
      anyValue(writer, item);
      writer.ldelim(start);
    }
    writer.ldelim(array);
  } else if (typeof value === 'object' && value !== null) {
    const list = writer.fork(50);
    for (const key of Object.keys(value)) keyValue(writer, 10, key, (value as Record<string, unknown>)[key]);
    writer.ldelim(list);
  }
}

function keyValue(writer: Writer, tag: number, key: string, value: unknown): void {
  const start = writer.fork(tag);
  writer.uint32(10);
  writer.string(key);
  const valueStart = writer.fork(18);
  anyValue(writer, value);
  writer.ldelim(valueStart);
  writer.ldelim(start);
}

/**
 * Encoded attributes (KeyValue messages, as field 9 of a span) of short string and whole-number values,
 * by key then value: a route's, a method's and a status's repeat on every span, and their bytes cost
 * a copy rather than a dozen writes. Bounded: past MAX_CACHED_ATTRIBUTES (a store id or another value
 * of many), the rest are encoded each time.
 */
const cachedAttributes = new Map<string, Map<string | number, Uint8Array>>();
let cachedAttributeCount = 0;
const MAX_CACHED_ATTRIBUTES = 1024;
const SPAN_ATTRIBUTE = 74;

function spanAttribute(writer: Writer, key: string, value: unknown): void {
  const cacheable =
    (typeof value === 'string' && value.length <= 128) || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
  if (!cacheable) return keyValue(writer, SPAN_ATTRIBUTE, key, value);
  let byValue = cachedAttributes.get(key);
  let encoded = byValue?.get(value);
  if (encoded === undefined) {
    if (cachedAttributeCount >= MAX_CACHED_ATTRIBUTES || key.length > 128) return keyValue(writer, SPAN_ATTRIBUTE, key, value);
    const own = new Writer(Buffer.allocUnsafe(512));
    keyValue(own, SPAN_ATTRIBUTE, key, value);
    encoded = Uint8Array.prototype.slice.call(own.buffer, 0, own.position);
    if (!byValue) cachedAttributes.set(key, (byValue = new Map<string | number, Uint8Array>()));
    byValue.set(value, encoded);
    cachedAttributeCount += 1;
  }
  writer.ensure(encoded.length);
  writer.buffer.set(encoded, writer.position);
  writer.position += encoded.length;
}

function attributes(writer: Writer, tag: number, values: Attributes | undefined): void {
  if (!values) return;
  if (tag === SPAN_ATTRIBUTE) {
    for (const key of Object.keys(values)) spanAttribute(writer, key, values[key]);
    return;
  }
  for (const key of Object.keys(values)) keyValue(writer, tag, key, values[key]);
}

function spanFlags(traceFlags: number, isRemote: boolean | undefined): number {
  return (traceFlags & 0xff) | HAS_IS_REMOTE | (isRemote ? IS_REMOTE : 0);
}

function event(writer: Writer, timed: TimedEvent): void {
  const start = writer.fork(90);
  writer.uint32(9);
  writer.time(timed.time);
  writer.uint32(18);
  writer.string(timed.name);
  attributes(writer, 26, timed.attributes);
  writer.uint32(32);
  writer.uint32(timed.droppedAttributesCount || 0);
  writer.ldelim(start);
}

function link(writer: Writer, given: Link): void {
  const start = writer.fork(106);
  writer.uint32(10);
  writer.hex(given.context.traceId);
  writer.uint32(18);
  writer.hex(given.context.spanId);
  const traceState = given.context.traceState?.serialize();
  if (traceState != null) {
    writer.uint32(26);
    writer.string(traceState);
  }
  attributes(writer, 34, given.attributes);
  writer.uint32(40);
  writer.uint32(given.droppedAttributesCount || 0);
  writer.uint32(53);
  writer.fixed32(spanFlags(given.context.traceFlags, given.context.isRemote));
  writer.ldelim(start);
}

/** The span's message, as a field of its ScopeSpans (spans = 2). */
export function writeSpan(writer: Writer, record: ReadableSpan): void {
  const start = writer.forkWide(18);
  const context = record.spanContext();
  writer.uint32(10);
  writer.hex(context.traceId);
  writer.uint32(18);
  writer.hex(context.spanId);
  const traceState = context.traceState?.serialize();
  if (traceState != null) {
    writer.uint32(26);
    writer.string(traceState);
  }
  const parent = record.parentSpanContext;
  if (parent?.spanId) {
    writer.uint32(34);
    writer.hex(parent.spanId);
  }
  writer.uint32(42);
  writer.string(record.name);
  writer.uint32(48);
  // The API's kinds start at INTERNAL = 0; OTLP's at UNSPECIFIED = 0.
  writer.int32(record.kind == null ? 0 : record.kind + 1);
  writer.uint32(57);
  writer.time(record.startTime);
  writer.uint32(65);
  writer.time(record.endTime);
  attributes(writer, 74, record.attributes);
  writer.uint32(80);
  writer.uint32(record.droppedAttributesCount);
  for (const timed of record.events) event(writer, timed);
  writer.uint32(96);
  writer.uint32(record.droppedEventsCount);
  for (const given of record.links) link(writer, given);
  writer.uint32(112);
  writer.uint32(record.droppedLinksCount);
  const status = writer.fork(122);
  if (record.status.message != null) {
    writer.uint32(18);
    writer.string(record.status.message);
  }
  writer.uint32(24);
  writer.int32(record.status.code);
  writer.ldelim(status);
  writer.uint32(133);
  writer.fixed32(spanFlags(context.traceFlags, parent?.isRemote));
  writer.ldelimWide(start);
}

/** The resource's message, encoded once per resource (its attributes never change). */
const encodedResources = new WeakMap<object, Buffer>();

function resourceBytes(resource: ReadableSpan['resource']): Buffer {
  let encoded = encodedResources.get(resource);
  if (!encoded) {
    const writer = new Writer(Buffer.allocUnsafe(1024));
    attributes(writer, 10, resource.attributes);
    writer.uint32(16);
    writer.uint32(0);
    encoded = Buffer.from(writer.buffer.subarray(0, writer.position));
    encodedResources.set(resource, encoded);
  }
  return encoded;
}

export type Resource = ReadableSpan['resource'];
export type InstrumentationScope = ReadableSpan['instrumentationScope'];

/** The key of a scope in a request: spans of equal keys share one ScopeSpans. */
export function scopeKey(scope: InstrumentationScope): string {
  return `${scope.name}@${scope.version || ''}:${scope.schemaUrl || ''}`;
}

/** The SDK's grouping: by resource, then by instrumentation scope, each in order of first appearance. */
export function groupedByScope<T>(
  items: Iterable<T>,
  resourceOf: (item: T) => Resource,
  keyOf: (item: T) => string,
): Map<Resource, Map<string, T[]>> {
  const byResource = new Map<Resource, Map<string, T[]>>();
  for (const item of items) {
    const resource = resourceOf(item);
    let byScope = byResource.get(resource);
    if (!byScope) byResource.set(resource, (byScope = new Map<string, T[]>()));
    const key = keyOf(item);
    let inScope = byScope.get(key);
    if (!inScope) byScope.set(key, (inScope = []));
    inScope.push(item);
  }
  return byResource;
}

/**
 * ExportTraceServiceRequest of `grouped` (groupedByScope) into `writer`: each scope's spans written by
 * `writeSpans`, as span messages (writeSpan, or bytes it wrote earlier).
 */
export function writeTraceRequest<T>(
  writer: Writer,
  grouped: Map<Resource, Map<string, T[]>>,
  scopeOf: (item: T) => InstrumentationScope,
  writeSpans: (writer: Writer, items: T[]) => void,
): void {
  for (const [resource, byScope] of grouped) {
    const resourceSpans = writer.fork(10);
    const resourceMessage = writer.fork(10);
    const encoded = resourceBytes(resource);
    writer.ensure(encoded.length);
    encoded.copy(writer.buffer, writer.position);
    writer.position += encoded.length;
    writer.ldelim(resourceMessage);
    for (const items of byScope.values()) {
      const scope = scopeOf(items[0]!);
      const scopeSpans = writer.fork(18);
      const scopeMessage = writer.fork(10);
      writer.uint32(10);
      writer.string(scope.name);
      if (scope.version != null) {
        writer.uint32(18);
        writer.string(scope.version);
      }
      writer.ldelim(scopeMessage);
      writeSpans(writer, items);
      if (scope.schemaUrl != null) {
        writer.uint32(26);
        writer.string(scope.schemaUrl);
      }
      writer.ldelim(scopeSpans);
    }
    const schemaUrl = resource.schemaUrl;
    if (schemaUrl) {
      writer.uint32(26);
      writer.string(schemaUrl);
    }
    writer.ldelim(resourceSpans);
  }
}
