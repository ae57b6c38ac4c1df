// Member names a JSON text's objects hold twice, for the places where a repeated name must be
// refused rather than taken as the last value: JSON.parse keeps the last, RFC 8259 §4 leaves
// repeated names to the receiver, and another reader of the same bytes (a proxy, a log pipeline)
// may keep the first. One linear pass over text that already parsed.

interface Frame {
  /** An object's names so far (made at its second name); undefined before, and for an array. */
  names: Set<string> | undefined;
  /** The object's first name, kept without a Set: most objects have one or two. */
  first: string | undefined;
  isObject: boolean;
  /** The name being read or its value (objects), the element's index (arrays). */
  at: string | number;
  /** In an object, the next string is a name (after `{` and `,`), not a value (after `:`). */
  expectName: boolean;
}

/** `plans[0].name`, as request validation names a field (docs/errors.md#error-body). */
function pathOf(frames: readonly Frame[]): string {
  let path = '';
  for (const frame of frames) path = typeof frame.at === 'number' ? `${path}[${frame.at}]` : path ? `${path}.${frame.at}` : frame.at;
  return path;
}

/**
 * The first member name an object of `json` holds twice (compared after unescaping), as its path
 * (`locale`, `plans[0].name`); undefined when every object's names are distinct. `maxDepth` 1
 * looks at the top-level object only. `json` must be valid JSON (parse it first).
 */
export function firstRepeatedName(json: string, maxDepth = Number.POSITIVE_INFINITY): string | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      // The string's end: the next quote that an even number of backslashes precedes (found by
      // indexOf, not character by character: a session's rules are a hundred bytes of strings).
      i = json.indexOf('"', i + 1);
      for (;;) {
        let backslashes = 0;
        while (json.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes += 1;
        if (backslashes % 2 === 0) break;
        i = json.indexOf('"', i + 1);
      }
      const frame = frames[frames.length - 1];
      if (frame === undefined || !frame.expectName || frames.length > maxDepth) continue;
      const raw = json.slice(start + 1, i);
      const name = raw.includes('\\') ? (JSON.parse(json.slice(start, i + 1)) as string) : raw;
      frame.at = name;
      if (frame.first === undefined) frame.first = name;
      else if (frame.names === undefined) {
        if (name === frame.first) return pathOf(frames);
        frame.names = new Set([frame.first, name]);
      } else {
        if (frame.names.has(name)) return pathOf(frames);
        frame.names.add(name);
      }
    } else if (c === 0x7b) frames.push({ names: undefined, first: undefined, isObject: true, at: '', expectName: true });
    else if (c === 0x5b) frames.push({ names: undefined, first: undefined, isObject: false, at: 0, expectName: false });
    else if (c === 0x7d || c === 0x5d) frames.pop();
    else if (c === 0x3a) frames[frames.length - 1]!.expectName = false;
    else if (c === 0x2c) {
      const frame = frames[frames.length - 1]!;
      if (frame.isObject) frame.expectName = true;
      else frame.at = (frame.at as number) + 1;
    }
  }
  return undefined;
}

/** The first member name the top-level object of `json` holds twice (after unescaping), if any. */
export function firstRepeatedTopLevelKey(json: string): string | undefined {
  return firstRepeatedName(json, 1);
}
