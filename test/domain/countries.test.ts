// Country codes (src/domain/countries.ts): the 249 officially assigned ISO 3166-1 alpha-2 codes,
// upper case only; reserved, withdrawn and user-assigned codes are not countries.
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, isCountryCode } from '../../src/domain/countries.ts';

describe('isCountryCode', () => {
  it('knows the 249 assigned codes, each once, in order', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([...COUNTRY_CODES].sort()).toEqual(COUNTRY_CODES);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    expect(Object.isFrozen(COUNTRY_CODES)).toBe(true);
  });

  it.each(['SE', 'NO', 'DK', 'FI', 'DE', 'GB', 'US', 'AX', 'BQ', 'CW', 'SS', 'SX', 'ZW'])('takes %s', (code) => {
    expect(isCountryCode(code)).toBe(true);
  });

  it.each([
    ['se', 'lower case'],
    ['Se', 'mixed case'],
    ['UK', 'exceptionally reserved'],
    ['EU', 'exceptionally reserved'],
    ['YU', 'transitionally reserved'],
    ['AN', 'withdrawn'],
    ['XK', 'user-assigned'],
    ['ZZ', 'user-assigned'],
    ['AA', 'user-assigned'],
    ['XX', 'unassigned'],
    ['SWE', 'alpha-3'],
    ['S', 'too short'],
    ['', 'empty'],
    [' SE', 'padded'],
  ])('refuses %j (%s)', (code) => {
    expect(isCountryCode(code)).toBe(false);
  });

  it('is every code that ICU names as a region, less the reserved and user-assigned ones', () => {
    // A cross-check against the runtime's own data: ICU names some reserved codes too.
    const notAssigned = new Set('AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '));
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const icu: string[] = [];
    for (const a of letters) for (const b of letters) if (names.of(a + b) !== a + b && !notAssigned.has(a + b)) icu.push(a + b);
    // Every assigned code ICU knows is in the list (ICU may lack none of them, on full ICU builds).
    expect(icu.filter((code) => !isCountryCode(code))).toEqual([]);
  });
});
