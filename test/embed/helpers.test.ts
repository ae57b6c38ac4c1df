// The storefront script's pure helpers, in Node: no browser needed for the logic that decides.
import { describe, expect, it } from 'vitest';
import { apiBaseOfScript, classifyResponse, groupsUrl, isAmount } from '../../embed/src/api.ts';
import { decodeBase64Utf8, parseInternalData } from '../../embed/src/internal-data.ts';
import { priceInformationHref, splitAtRate } from '../../embed/src/disclosure.ts';
import { legalLinkHref } from '../../embed/src/links.ts';
import { isSelectKey, moveForKey, targetIndex } from '../../embed/src/roving.ts';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('decodeBase64Utf8', () => {
  it('decodes multi-byte UTF-8, which atob alone garbles', () => {
    expect(decodeBase64Utf8(base64('Delbetalning – 12 mån, 😀'))).toBe('Delbetalning – 12 mån, 😀');
    expect(atob(base64('mån'))).not.toBe('mån');
  });

  it('refuses what is not base64 or not UTF-8', () => {
    expect(decodeBase64Utf8('not base64!')).toBeUndefined();
    expect(decodeBase64Utf8(Buffer.from([0xff, 0xfe, 0x41]).toString('base64'))).toBeUndefined();
  });
});

describe('parseInternalData', () => {
  const valid = {
    v: 1,
    type: 'PROVIDER_INVOICE',
    methodIds: ['m1'],
    title: 'Invoice',
    amount: '100',
    currency: 'SEK',
    methods: [{ id: 'm1', name: 'Invoice', description: '', plans: [], legalLinks: [] }],
  };

  it('accepts version 1', () => {
    expect(parseInternalData(base64(JSON.stringify(valid)))).toEqual({ ...valid, disclosure: null });
  });

  const disclosure = {
    text: 'Example … effektiv ränta 31,42\u00a0%, totalt att betala 2\u00a0331\u00a0kr.',
    warning: 'Att låna kostar pengar!',
    priceInformationUrl: 'https://pay.example.com/v1/sessions/s/price-information?amount=1299.95&group=g',
    apr: '31,42\u00a0%',
  };

  it('reads the credit disclosure, a warning of null included, and only its known members', () => {
    expect(parseInternalData(base64(JSON.stringify({ ...valid, disclosure })))!.disclosure).toEqual(disclosure);
    const noWarning = { ...disclosure, warning: null, later: 'a member of a later release' };
    expect(parseInternalData(base64(JSON.stringify({ ...valid, disclosure: noWarning })))!.disclosure).toEqual({
      ...disclosure,
      warning: null,
    });
    expect(parseInternalData(base64(JSON.stringify({ ...valid, disclosure: null })))!.disclosure).toBeNull();
  });

  it.each([
    ['not an object', 'text'],
    ['an array', [disclosure]],
    ['without a text', { ...disclosure, text: undefined }],
    ['with an empty text', { ...disclosure, text: '' }],
    ['with a warning of the wrong type', { ...disclosure, warning: 1 }],
    ['without a warning (null is how none is said)', { ...disclosure, warning: undefined }],
    ['without a price-information URL', { ...disclosure, priceInformationUrl: undefined }],
    ['without the rate', { ...disclosure, apr: undefined }],
  ])('drops only a disclosure %s: the rest of the blob still shows', (_, value) => {
    expect(parseInternalData(base64(JSON.stringify({ ...valid, disclosure: value })))).toEqual({ ...valid, disclosure: null });
  });

  it.each([
    ['an unknown version', { ...valid, v: 2 }],
    ['a missing field', { ...valid, currency: undefined }],
    ['a field of the wrong type', { ...valid, methods: [{ ...valid.methods[0], plans: [{ name: 'x' }] }] }],
    ['an array', [valid]],
    ['null', null],
  ])('refuses %s', (_, value) => {
    expect(parseInternalData(base64(JSON.stringify(value)))).toBeUndefined();
  });

  it('refuses text that is not JSON', () => {
    expect(parseInternalData(base64('{"v":1'))).toBeUndefined();
  });
});

describe('splitAtRate', () => {
  it('splits the text around the rate as written, no-break spaces included', () => {
    const text = 'Effektiv ränta 31,42\u00a0%, totalt 2\u00a0331\u00a0kr.';
    expect(splitAtRate(text, '31,42\u00a0%')).toEqual(['Effektiv ränta ', '31,42\u00a0%', ', totalt 2\u00a0331\u00a0kr.']);
    // The first occurrence: the rate is named once, before anything that could repeat its digits.
    expect(splitAtRate('APR 9.95% (9.95%)', '9.95%')).toEqual(['APR ', '9.95%', ' (9.95%)']);
  });

  it('finds nothing where the text does not hold the rate exactly, or the rate is empty', () => {
    expect(splitAtRate('Effektiv ränta 31,42\u00a0%', '31,42 %')).toBeUndefined();
    expect(splitAtRate('Effektiv ränta', '')).toBeUndefined();
  });
});

describe('priceInformationHref', () => {
  const disclosure = {
    text: 'APR 31.42%',
    warning: null,
    priceInformationUrl: 'https://pay.example.com/pi?amount=1500.00&group=g',
    apr: '31.42%',
  };
  const method = (id: string, legalLinks: Array<{ url: string; type: string; appendAmount: boolean }>) => ({
    id,
    name: id,
    description: '',
    plans: [],
    legalLinks,
  });
  const data = (methods: ReturnType<typeof method>[]) => ({
    v: 1 as const,
    type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
    methodIds: methods.map((m) => m.id),
    title: 'Part payment',
    amount: '1500',
    currency: 'SEK',
    methods,
    disclosure,
  });

  it('links the service’s page when no member has a PRICE_INFO link', () => {
    const secci = { url: 'https://bank.example/secci', type: 'SECCI', appendAmount: false };
    expect(priceInformationHref(data([method('a', [secci])]), '1500')).toBe(disclosure.priceInformationUrl);
  });

  it('prefers the first member’s usable PRICE_INFO link, the amount appended when asked', () => {
    const unusable = { url: 'javascript:alert(1)', type: 'PRICE_INFO', appendAmount: false };
    const first = { url: 'https://bank.example/pi?amount=', type: 'PRICE_INFO', appendAmount: true };
    const second = { url: 'https://bank.example/other', type: 'PRICE_INFO', appendAmount: false };
    expect(priceInformationHref(data([method('a', [unusable]), method('b', [first]), method('c', [second])]), '1500.50')).toBe(
      'https://bank.example/pi?amount=1500.50',
    );
  });

  it('prefers the PRICE_INFO link of the member the example is of, when the caller knows it', () => {
    const first = { url: 'https://bank.example/pi?plan=12&amount=', type: 'PRICE_INFO', appendAmount: true };
    const second = { url: 'https://bank.example/pi?plan=24&amount=', type: 'PRICE_INFO', appendAmount: true };
    const bundle = data([method('a', [first]), method('b', [second])]);
    expect(priceInformationHref(bundle, '1500', 'b')).toBe('https://bank.example/pi?plan=24&amount=1500');
    expect(priceInformationHref(bundle, '1500', 'unknown')).toBe('https://bank.example/pi?plan=12&amount=1500');
    // A member without a link of its own: the first member's.
    expect(priceInformationHref(data([method('a', [first]), method('b', [])]), '1500', 'b')).toBe(
      'https://bank.example/pi?plan=12&amount=1500',
    );
  });

  it('links nothing without a disclosure or a usable URL', () => {
    expect(priceInformationHref({ ...data([method('a', [])]), disclosure: null }, '1500')).toBeUndefined();
    const bad = { ...data([method('a', [])]), disclosure: { ...disclosure, priceInformationUrl: 'javascript:alert(1)' } };
    expect(priceInformationHref(bad, '1500')).toBeUndefined();
  });
});

describe('legalLinkHref', () => {
  it('appends the URL-encoded amount when asked to', () => {
    expect(legalLinkHref('https://example.com/price?amount=', true, '1299.95')).toBe('https://example.com/price?amount=1299.95');
    expect(legalLinkHref('https://example.com/p?a=', true, '1 0&0')).toBe('https://example.com/p?a=1%200%260');
    expect(legalLinkHref('https://example.com/terms', false, '100')).toBe('https://example.com/terms');
  });

  it('refuses URLs that are not absolute http(s)', () => {
    expect(legalLinkHref('javascript:alert(1)//', true, '1')).toBeUndefined();
    expect(legalLinkHref('/relative', false, '1')).toBeUndefined();
    expect(legalLinkHref('data:text/html,x', false, '1')).toBeUndefined();
  });
});

describe('radio group keys', () => {
  it('maps keys to moves', () => {
    expect(['ArrowDown', 'ArrowRight', 'ArrowUp', 'ArrowLeft', 'Home', 'End', 'a', 'Tab', 'toString'].map(moveForKey)).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'first',
      'last',
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('moves and wraps', () => {
    expect(targetIndex('next', 0, 3)).toBe(1);
    expect(targetIndex('next', 2, 3)).toBe(0);
    expect(targetIndex('previous', 0, 3)).toBe(2);
    expect(targetIndex('previous', 2, 3)).toBe(1);
    expect(targetIndex('first', 2, 3)).toBe(0);
    expect(targetIndex('last', 0, 3)).toBe(2);
    expect(targetIndex('next', 0, 1)).toBe(0);
  });

  it('selects with Space and Enter', () => {
    expect([' ', 'Enter', 'Spacebar', 'a'].map(isSelectKey)).toEqual([true, true, false, false]);
  });
});

describe('group retrieval', () => {
  it('derives the service base from the script URL, path prefix included', () => {
    expect(apiBaseOfScript('https://pay.example.com/embed/payment-components.abc.js')).toBe('https://pay.example.com/');
    expect(apiBaseOfScript('https://example.com/payments/embed/payment-components.abc.js')).toBe('https://example.com/payments/');
  });

  it('builds the URL with only the parameters set', () => {
    const query = { sessionId: 'a b/c', amount: '100.50', customerType: undefined, flattened: false };
    expect(groupsUrl('https://x.test', query)).toBe('https://x.test/v1/sessions/a%20b%2Fc/payment-method-groups?amount=100.50');
    expect(groupsUrl('https://x.test/p/', { ...query, sessionId: 's', customerType: 'LEGAL', flattened: true })).toBe(
      'https://x.test/p/v1/sessions/s/payment-method-groups?amount=100.50&customerType=LEGAL&flattened=true',
    );
  });

  it('sorts answers into outcomes', () => {
    const group = { id: 'g', methodIds: ['m'], title: 'T', subtitle: '', type: 'FUTURE_TYPE', customerTypes: [], internalData: 'e30=' };
    expect(classifyResponse(200, [group])).toEqual({ kind: 'groups', groups: [group] });
    expect(classifyResponse(200, [])).toEqual({ kind: 'groups', groups: [] });
    expect(classifyResponse(200, [{ ...group, title: null }])).toEqual({ kind: 'error', status: 200, message: undefined });
    expect(classifyResponse(200, undefined)).toEqual({ kind: 'error', status: 200, message: undefined });
    expect(classifyResponse(409, { message: 'expired', code: 'SESSION_EXPIRED' })).toEqual({ kind: 'expired', message: 'expired' });
    expect(classifyResponse(422, { message: 'bad amount' })).toEqual({ kind: 'error', status: 422, message: 'bad amount' });
    expect(classifyResponse(503, undefined)).toEqual({ kind: 'error', status: 503, message: undefined });
  });

  it('knows the amount format', () => {
    expect(['0', '100', '1299.5', '1299.95'].every(isAmount)).toBe(true);
    expect(['', '1.', '1.234', '-1', '1e3', ' 1'].some(isAmount)).toBe(false);
  });
});

describe('operator prefix', () => {
  it('no component source names a type by the placeholder operator prefix', async () => {
    // Each deployment sets its own prefix (RESURS_INVOICE, …): a literal PROVIDER_ type in the
    // components would work on the demo and nowhere else.
    const { readdir, readFile } = await import('node:fs/promises');
    const dir = new URL('../../embed/src/', import.meta.url);
    const files = (await readdir(dir)).filter((name) => name.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(0);
    for (const name of files) expect(await readFile(new URL(name, dir), 'utf8'), name).not.toMatch(/PROVIDER_/);
  });
});
