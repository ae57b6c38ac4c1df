// The storefront script's pure helpers, in Node: no browser needed for the logic that decides.
import { describe, expect, it } from 'vitest';
import { apiBaseOfScript, classifyResponse, groupsUrl, isAmount } from '../../embed/src/api.ts';
import { decodeBase64Utf8, parseInternalData } from '../../embed/src/internal-data.ts';
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
    expect(parseInternalData(base64(JSON.stringify(valid)))).toEqual(valid);
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
