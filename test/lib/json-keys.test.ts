// The repeated-name checks of JSON request bodies and token requests (src/lib/json-keys.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstRepeatedName, firstRepeatedTopLevelKey } from '../../src/lib/json-keys.ts';

describe('firstRepeatedTopLevelKey', () => {
  it('finds the first name the top-level object holds twice', () => {
    expect(firstRepeatedTopLevelKey('{"a": 1, "b": 2, "a": 3}')).toBe('a');
    expect(firstRepeatedTopLevelKey('{"a":1,"b":2,"b":3,"a":4}')).toBe('b');
    expect(firstRepeatedTopLevelKey(' {\n "a" \t: "x",\r\n "a"  :  "y" } ')).toBe('a');
  });

  it('compares names after unescaping', () => {
    expect(firstRepeatedTopLevelKey('{"client_id": "a", "client\\u005fid": "b"}')).toBe('client_id');
    expect(firstRepeatedTopLevelKey('{"a\\"b": 1, "a\\u0022b": 2}')).toBe('a"b');
  });

  it('ignores values that look like names, names of nested objects and escaped quotes', () => {
    expect(firstRepeatedTopLevelKey('{"a": "a", "b": "a"}')).toBeUndefined();
    expect(firstRepeatedTopLevelKey('{"a": {"x": 1, "x": 2}, "b": [{"y": 1}, {"y": 2}]}')).toBeUndefined();
    expect(firstRepeatedTopLevelKey('{"a": "\\"b\\": 1, \\"a\\": 2", "b": 1}')).toBeUndefined();
    expect(firstRepeatedTopLevelKey('{"a": ["a", "a"], "c": {"a": {"a": 1}}}')).toBeUndefined();
    expect(firstRepeatedTopLevelKey('{}')).toBeUndefined();
    expect(firstRepeatedTopLevelKey('["a", "a"]')).toBeUndefined();
  });

  it('finds a repeat after nested members', () => {
    expect(firstRepeatedTopLevelKey('{"a": {"b": {"c": [1, {"d": 2}]}}, "e": "}", "a": 0}')).toBe('a');
  });
});

describe('firstRepeatedName', () => {
  it('finds a name repeated at the top level, as the top-level search does', () => {
    expect(firstRepeatedName('{"locale":"sv-SE","locale":"en"}')).toBe('locale');
    expect(firstRepeatedName('{"a":1,"b":2,"c":3,"b":4,"a":5}')).toBe('b');
    expect(firstRepeatedName(' {\n "a" \t: "x",\r\n "a"  :  "y" } ')).toBe('a');
    expect(firstRepeatedName('{"client_id": "a", "client\\u005fid": "b"}')).toBe('client_id');
  });

  it('finds a name repeated in a nested object, named by its path', () => {
    expect(firstRepeatedName('{"a": {"x": 1, "x": 2}}')).toBe('a.x');
    expect(firstRepeatedName('{"plans": [{"name": "a"}, {"name": "b", "durationMonths": 12, "name": "c"}]}')).toBe('plans[1].name');
    expect(firstRepeatedName('{"p": [[1, 2], [3, {"q": {"r": 1, "s": 2, "r": 3}}]]}')).toBe('p[1][1].q.r');
    expect(firstRepeatedName('[{"a": 1}, {"b": 1, "b": 2}]')).toBe('[1].b');
    expect(firstRepeatedName('{"t": {"en": {"name": "x"}, "fi": {"name": "y"}}, "t": 1}')).toBe('t');
  });

  it('does not count the same name in different objects, values, or escaped quotes', () => {
    expect(firstRepeatedName('{"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]}')).toBeUndefined();
    expect(firstRepeatedName('{"a": "a", "b": ["a", "b"], "c": {"a": "c"}}')).toBeUndefined();
    expect(firstRepeatedName('{"a": "\\"a\\": 1, \\"a\\": 2", "b": "}{[,:"}')).toBeUndefined();
    expect(firstRepeatedName('{"a\\"b": 1, "a\\u0022c": 2}')).toBeUndefined();
    expect(firstRepeatedName('{}')).toBeUndefined();
    expect(firstRepeatedName('[]')).toBeUndefined();
    expect(firstRepeatedName('"a"')).toBeUndefined();
    expect(firstRepeatedName('5')).toBeUndefined();
  });

  it('looks no deeper than asked', () => {
    expect(firstRepeatedName('{"a": {"x": 1, "x": 2}}', 1)).toBeUndefined();
    expect(firstRepeatedName('{"a": {"x": 1, "x": 2}}', 2)).toBe('a.x');
    expect(firstRepeatedName('[{"a": 1, "a": 2}]', 1)).toBeUndefined();
  });
});

describe('firstRepeatedName against a plain definition', () => {
  /** Every object's repeated names, found by parsing with a reviver-free walk of the text's values: the first in text order. */
  function reference(json: string): string | undefined {
    // JSON.parse keeps the last of repeated names, so the text is re-read member by member here:
    // a deliberately plain, slow tokenizer (one character at a time), unlike the scan under test.
    let i = 0;
    const ws = () => {
      while (/\s/.test(json[i] ?? '')) i += 1;
    };
    const str = (): string => {
      const start = i;
      i += 1;
      while (json[i] !== '"') i += json[i] === '\\' ? 2 : 1;
      i += 1;
      return JSON.parse(json.slice(start, i)) as string;
    };
    const value = (path: string): string | undefined => {
      ws();
      if (json[i] === '{') {
        i += 1;
        const seen = new Set<string>();
        ws();
        if (json[i] === '}') return ((i += 1), undefined);
        for (;;) {
          ws();
          const name = str();
          const at = path ? `${path}.${name}` : name;
          if (seen.has(name)) return at;
          seen.add(name);
          ws();
          i += 1; // :
          const found = value(at);
          if (found !== undefined) return found;
          ws();
          if (json[i++] === '}') return undefined;
        }
      }
      if (json[i] === '[') {
        i += 1;
        ws();
        if (json[i] === ']') return ((i += 1), undefined);
        for (let index = 0; ; index += 1) {
          const found = value(`${path}[${index}]`);
          if (found !== undefined) return found;
          ws();
          if (json[i++] === ']') return undefined;
        }
      }
      if (json[i] === '"') return (str(), undefined);
      while (i < json.length && !/[,\]}\s]/.test(json[i]!)) i += 1;
      return undefined;
    };
    return value('');
  }

  it('finds the same first repeated name as a member-by-member reading, in texts with escapes, nesting and repeats', () => {
    const name = fc.oneof(fc.constantFrom('a', 'b', 'a"b', 'a\\', '\\"', 'x\u005f'), fc.string({ maxLength: 4 }));
    // Objects written member by member, so that a name may repeat (JSON.stringify of an object never repeats one).
    const text: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 0 }).map((v) => JSON.stringify(v)),
        fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc
          .array(fc.tuple(name, tie('value')), { maxLength: 4 })
          .map((members) => `{${members.map(([n, v]) => `${JSON.stringify(n)} : ${v}`).join(', ')}}`),
      ),
    })).value;
    fc.assert(
      fc.property(text, (json) => {
        expect(firstRepeatedName(json)).toBe(reference(json));
      }),
      { numRuns: 2000, seed: 45 },
    );
  });
});
