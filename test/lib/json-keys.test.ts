// The repeated-name check of JSON token requests (src/lib/json-keys.ts).
import { describe, expect, it } from 'vitest';
import { firstRepeatedTopLevelKey } from '../../src/lib/json-keys.ts';

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
