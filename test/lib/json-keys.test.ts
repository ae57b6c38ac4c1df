// The repeated-name checks of JSON request bodies and token requests (src/lib/json-keys.ts).
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
