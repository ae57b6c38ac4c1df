// The member names of a JSON text's top-level object, for the one place where a repeated name must
// be refused rather than taken as the last value (JSON.parse keeps the last; RFC 8259 §4 leaves
// repeated names to the receiver). One linear pass over text that already parsed.

/** The first member name the top-level object of `json` holds twice (after unescaping), if any. */
export function firstRepeatedTopLevelKey(json: string): string | undefined {
  const seen = new Set<string>();
  let depth = 0;
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (c === 0x22) {
      const start = i;
      for (i += 1; i < json.length && json.charCodeAt(i) !== 0x22; i += 1) if (json.charCodeAt(i) === 0x5c) i += 1; // a backslash escapes the next character
      if (depth !== 1) continue;
      let next = i + 1;
      while (next < json.length && /\s/.test(json[next]!)) next += 1;
      if (json.charCodeAt(next) !== 0x3a) continue; // a value, not a name
      const name = JSON.parse(json.slice(start, i + 1)) as string;
      if (seen.has(name)) return name;
      seen.add(name);
    } else if (c === 0x7b || c === 0x5b) depth += 1;
    else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return undefined;
}
