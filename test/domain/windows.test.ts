// Scheduled windows (src/domain/windows.ts): instants parsed strictly, [from, until) to the
// millisecond, and a catalog's view at a moment with the moment's next boundary.
import { describe, expect, it } from 'vitest';
import { activeAt, INSTANT_PATTERN, isActiveAt, parseInstant } from '../../src/domain/windows.ts';
import { method, store } from '../helpers/fixtures.ts';

describe('parseInstant', () => {
  it.each([
    ['2026-11-27T00:00:00Z', Date.UTC(2026, 10, 27)],
    ['2026-11-27T00:00:00+01:00', Date.UTC(2026, 10, 26, 23)],
    ['2026-11-27T00:00:00-05:30', Date.UTC(2026, 10, 27, 5, 30)],
    ['2026-11-27T00:00:00.5Z', Date.UTC(2026, 10, 27, 0, 0, 0, 500)],
    ['2026-11-27T00:00:00.123+00:00', Date.UTC(2026, 10, 27, 0, 0, 0, 123)],
    ['2028-02-29T12:00:00Z', Date.UTC(2028, 1, 29, 12)],
    // Each field at its bounds.
    ['2026-01-01T00:00:00Z', Date.UTC(2026, 0, 1)],
    ['2026-12-31T23:59:59.999Z', Date.UTC(2026, 11, 31, 23, 59, 59, 999)],
    ['2026-11-30T12:00:00+23:59', Date.UTC(2026, 10, 29, 12, 1)],
    ['2026-11-30T12:00:00-23:59', Date.UTC(2026, 11, 1, 11, 59)],
    // The forms clients send besides: lowercase t and z, no seconds, a basic offset.
    ['2026-11-27t00:00:00z', Date.UTC(2026, 10, 27)],
    ['2026-11-27T00:00+01:00', Date.UTC(2026, 10, 26, 23)],
    ['2026-11-27T00:00Z', Date.UTC(2026, 10, 27)],
    ['2026-11-27T00:00:00+0100', Date.UTC(2026, 10, 26, 23)],
    ['2026-11-27T00:00-0530', Date.UTC(2026, 10, 27, 5, 30)],
    // More than three fractional digits (Python's isoformat: six): a time between two milliseconds
    // is the next millisecond; one on a millisecond stays.
    ['2027-01-01T00:00:00.123456+00:00', Date.UTC(2027, 0, 1, 0, 0, 0, 124)],
    ['2027-01-01T00:00:00.123000+00:00', Date.UTC(2027, 0, 1, 0, 0, 0, 123)],
    ['2027-01-01T00:00:00.1230001Z', Date.UTC(2027, 0, 1, 0, 0, 0, 124)],
    ['2027-01-01T00:00:00.000000001Z', Date.UTC(2027, 0, 1, 0, 0, 0, 1)],
    ['2026-12-31T23:59:59.9999Z', Date.UTC(2027, 0, 1)],
    // Years below 100 are those years, not 1900 and after.
    ['0050-03-01T00:00:00Z', Date.parse('0050-03-01T00:00:00.000Z')],
    ['2000-02-29T00:00:00Z', Date.UTC(2000, 1, 29)],
  ])('reads %s', (text, expected) => {
    expect(parseInstant(text)).toBe(expected);
  });

  it.each([
    '2026-11-27T00:00:00', // no offset: another moment on every server
    '2026-11-27',
    '2026-11-27T00Z',
    '2026-11-27T00:00:00+01',
    '2026-11-27T00:00:00+1:00',
    '2026-11-27T00:00:00+01:0',
    '2026-11-27T00:00.5Z',
    '2026-11-27T00:00:00.Z',
    '2026-11-27T00:00:00.1234567891Z',
    '2026-11-27T00:00:00,5Z',
    '2026-11-27t00:00:00',
    '2026-02-30T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-11-27T00:00:00+2400',
    '2026-11-27T00:00:00+0160',
    '2027-02-29T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-11-27T24:00:00Z',
    '2026-11-27T23:60:00Z',
    '2026-11-27T23:59:60Z',
    '2026-11-27T00:00:00+24:00',
    '2026-11-27 00:00:00Z',
    ' 2026-11-27T00:00:00Z',
    '2026-11-27T00:00:00Z ',
    '2026-11-27T00:00:00Zjunk',
    '2026-00-10T00:00:00Z',
    '2026-11-00T00:00:00Z',
    '2026-11-31T00:00:00Z',
    '2026-11-27T00:00:00+01:60',
  ])('refuses %j', (text) => {
    expect(parseInstant(text)).toBeUndefined();
  });

  it('shares its shape with the schemas’ pattern, which leaves the calendar to parseInstant', () => {
    const pattern = new RegExp(INSTANT_PATTERN);
    for (const text of [
      '2026-11-27T00:00:00Z',
      '2026-11-27T00:00:00.123+01:00',
      '2026-02-30T00:00:00Z',
      '2026-11-27T24:00:00-05:30',
      '2027-01-01T00:00:00.123456789+00:00',
      '2026-11-27t00:00z',
      '2026-11-27T00:00:00+0100',
    ]) {
      expect(pattern.test(text), text).toBe(true);
      expect(parseInstant(text) !== undefined || text.includes('02-30') || text.includes('T24'), text).toBe(true);
    }
    for (const text of [
      '2026-11-27T00:00:00',
      '2026-11-27T00:00:00Zjunk',
      ' 2026-11-27T00:00:00Z',
      '2026-11-27T00:00:00.1234567891Z',
      '2026-11-27T00Z',
      '2026-11-27T00:00:00+01',
      '2026-11-27T00:00.5Z',
    ]) {
      expect(pattern.test(text), text).toBe(false);
    }
  });
});

describe('windows', () => {
  const from = Date.UTC(2026, 10, 27);
  const until = Date.UTC(2026, 11, 4);

  it('are from inclusive and until exclusive, either side open when unset', () => {
    const windowed = { activeFrom: from, activeUntil: until };
    expect([from - 1, from, until - 1, until].map((t) => isActiveAt(windowed, t))).toEqual([false, true, true, false]);
    expect(isActiveAt({ activeFrom: from, activeUntil: undefined }, Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(isActiveAt({ activeFrom: undefined, activeUntil: until }, 0)).toBe(true);
    expect(isActiveAt({ activeFrom: undefined, activeUntil: undefined }, from)).toBe(true);
  });

  it('give a catalog as it stands at a moment, and its next boundary', () => {
    const always = method({ name: 'Invoice' });
    const campaign = method({ name: 'Black Week', activeFrom: from, activeUntil: until });
    const later = method({ name: 'Next year', activeFrom: until + 1000 });
    const catalog = { store: store(), methods: [always, campaign, later] };
    const before = activeAt(catalog, from - 1);
    expect(before.catalog.methods).toEqual([always]);
    expect(before.validUntil).toBe(from);
    const during = activeAt(catalog, from);
    expect(during.catalog.methods).toEqual([always, campaign]);
    expect(during.validUntil).toBe(until);
    const after = activeAt(catalog, until);
    expect(after.catalog.methods).toEqual([always]);
    expect(after.validUntil).toBe(until + 1000);
    const last = activeAt(catalog, until + 1000);
    expect(last.catalog.methods).toEqual([always, later]);
    expect(last.validUntil).toBe(Number.POSITIVE_INFINITY);
    // Every method within its window: the catalog itself.
    const overlapping = { store: store(), methods: [always, method({ name: 'Open', activeFrom: from })] };
    expect(activeAt(overlapping, from).catalog).toBe(overlapping);
  });

  it('leave a catalog without windows as it is, whatever the moment', () => {
    const catalog = { store: store(), methods: [method({ name: 'Invoice' })] };
    expect(activeAt(catalog, 0)).toEqual({ catalog, validUntil: Number.POSITIVE_INFINITY });
    expect(activeAt(catalog, 0).catalog).toBe(catalog);
  });
});
