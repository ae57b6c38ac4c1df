// GET /v1/sessions/{sessionId}/price-information (docs/session-api.md#price-information-page) through
// inject(): the page's content in every language against the group's own disclosure, every plan's
// figures, the warning (default, translated, turned off), the legal documents, escaping of catalog
// texts, the headers, and every refusal (400 per field, 404, 409, a group not offered, one without
// a monthly cost).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { escapeHtml } from '../../src/lib/html.ts';
import { issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { createSession } from '../helpers/http.ts';
import { catalogMethod, testIds, merchantBackend, PLAN_24_MONTHS, PLAN_36_MONTHS } from '../helpers/fixtures.ts';

const [SWEDISH, DANISH, FINNISH] = testIds('9a1e0000', 3);
const [INVOICE, TWELVE, TWENTY_FOUR, DK_PART, FI_PART, CAMPAIGN] = testIds('9a1f0000', 6);
const CLIENT = merchantBackend('price-info', 'm-price');

const partPayment = (storeId: string, overrides: Record<string, unknown>) =>
  catalogMethod(storeId, { type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', priceSignagePossible: true, maxPurchaseLimit: 100000, ...overrides });

/** A catalog text that would be markup if it were not escaped. */
const MARKUP = `<script>alert("x")</script> & 'co'`;

const CATALOG = {
  merchants: [{ id: CLIENT.merchantId, name: 'Pris AB' }],
  stores: [
    { id: SWEDISH, merchantId: CLIENT.merchantId, name: 'Butiken', currency: 'SEK', countryCode: 'SE' },
    { id: DANISH, merchantId: CLIENT.merchantId, name: 'Butikken', currency: 'DKK', countryCode: 'DK', creditWarning: '' },
    {
      id: FINNISH,
      merchantId: CLIENT.merchantId,
      name: 'Kauppa',
      currency: 'EUR',
      countryCode: 'FI',
      creditWarning: `Lainaaminen <b>maksaa</b>.`,
    },
  ],
  clients: [CLIENT],
  paymentMethods: [
    catalogMethod(SWEDISH, { id: INVOICE, sortOrder: 1, name: 'Faktura', description: 'Betala inom 30 dagar' }),
    partPayment(SWEDISH, {
      id: TWELVE,
      sortOrder: 2,
      name: `Delbetalning ${MARKUP}`,
      translations: { en: { name: 'Part payment 12' } },
      plans: [
        {
          name: `12 månader ${MARKUP}`,
          durationMonths: 12,
          annuityFactor: 0.0833333333,
          setupFee: 195,
          translations: { en: { name: '12 months' } },
        },
      ],
      legalLinks: [
        { url: 'https://pay.example.com/secci/sv', type: 'SECCI', appendAmount: false, language: 'sv' },
        { url: 'https://pay.example.com/secci/en', type: 'SECCI', appendAmount: false, language: 'en' },
        { url: 'https://pay.example.com/terms?amount=', type: 'GENERAL_TERMS', appendAmount: true },
        { url: 'https://pay.example.com/price-info', type: 'PRICE_INFO', appendAmount: false },
      ],
    }),
    partPayment(SWEDISH, {
      id: TWENTY_FOUR,
      sortOrder: 3,
      name: 'Delbetalning 24 månader',
      plans: [PLAN_36_MONTHS, PLAN_24_MONTHS],
    }),
    // Only for sessions of the campaign.
    partPayment(SWEDISH, {
      id: CAMPAIGN,
      sortOrder: 4,
      type: 'PROVIDER_PART_PAYMENT_SELECT_LATER',
      name: 'Kampanj',
      campaign: { campaign: true, keywords: ['VINTER'] },
      plans: [{ name: 'Betala om 3 månader', durationMonths: 3, annuityFactor: 0.34 }],
    }),
    partPayment(DANISH, { id: DK_PART, name: 'Delbetaling', plans: [{ name: '6 md.', durationMonths: 6, annuityFactor: 0.17 }] }),
    partPayment(FINNISH, {
      id: FI_PART,
      name: 'Osamaksu',
      plans: [{ name: '12 kk', durationMonths: 12, annuityFactor: 0.0875, setupFee: 9.9 }],
    }),
  ],
};

interface Group {
  id: string;
  methodIds: string[];
  disclosure: { text: string; warning: string | null; priceInformationUrl: string } | null;
}

const clock = manualClock();
let service: TestService;
let token: string;

beforeAll(async () => {
  service = await startTestService({ catalog: CATALOG, clock });
  token = await issueToken(service.app, CLIENT.clientId, CLIENT.clientSecret);
});

afterAll(async () => {
  await service?.close();
});

function newSession(store: string, body: Record<string, unknown> = {}): Promise<string> {
  return createSession(service.app, token, store, body);
}

async function groups(session: string, query: string): Promise<Group[]> {
  const response = await service.app.inject({ method: 'GET', url: `/v1/sessions/${session}/payment-method-groups?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Group[];
}

/** The page with the line breaks and indentation between its tags taken out (they mean nothing in HTML). */
async function page(session: string, query: string) {
  return squeezed(await service.app.inject({ method: 'GET', url: `/v1/sessions/${session}/price-information?${query}` }));
}

function squeezed<R extends { body: string; headers: Record<string, unknown> }>(response: R): R {
  const type = String(response.headers['content-type']);
  return type.startsWith('text/html') ? Object.assign(response, { body: response.body.replace(/\s*\n\s*/g, '') }) : response;
}

/** The page an absolute URL names (a disclosure's priceInformationUrl), through inject. */
async function pageAt(url: string) {
  return squeezed(await service.app.inject({ method: 'GET', url: url.replace('http://pms.test', '') }));
}

function expectError(response: Awaited<ReturnType<typeof page>>, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.headers['cache-control']).toBe('no-store');
  const body = response.json() as { code: string; message: string; parameters?: Record<string, string> };
  expect(body.code).toBe(code);
  return body;
}

const BUNDLE = groupIdOf([TWELVE, TWENTY_FOUR]);

describe('the page of a group naming a monthly cost', () => {
  it('is the page the disclosure links to, in each language, with the disclosure’s sentence', async () => {
    const session = await newSession(SWEDISH);
    const expected = {
      sv: ['Prisinformation', 'Att låna kostar pengar!'],
      nb: ['Prisinformasjon', 'Å ta opp lån koster penger.'],
      da: ['Prisoplysninger', 'Det koster penge at låne penge.'],
      fi: ['Hintatiedot', 'Lainan ottaminen maksaa rahaa.'],
      en: ['Price information', 'Borrowing money costs money.'],
    };
    for (const [language, [title, warning]] of Object.entries(expected)) {
      const bundle = (await groups(session, `amount=1299.95&locale=${language}`)).find((g) => g.id === BUNDLE)!;
      const response = await pageAt(bundle.disclosure!.priceInformationUrl);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['content-language']).toBe(language);
      expect(response.headers['cache-control']).toBe('private, max-age=600');
      expect(response.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/]+=*'/);
      expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(response.body).toMatch(new RegExp(`^<!doctype html><html lang="${language}">`));
      expect(response.body).toContain(`<h1>${title}: `);
      expect(response.body).toContain(`<p class="warning">${escapeHtml(warning!)}</p>`);
      expect(bundle.disclosure!.warning).toBe(warning);
      // The representative example is the group's own disclosure, word for word.
      expect(response.body).toContain(`<p>${escapeHtml(bundle.disclosure!.text)}</p>`);
      expect(response.body).not.toContain('<script');
    }
  });

  it('lists every plan of every member, each figure as the disclosure writes it', async () => {
    const session = await newSession(SWEDISH);
    const response = await page(session, `amount=1299.95&group=${BUNDLE}`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    const money = (value: number) =>
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(value);
    const percent = (value: number) =>
      new Intl.NumberFormat('sv-SE', { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value / 100);
    expect(body).toContain(
      `Köpbelopp: <strong>${new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK' }).format(1299.95)}</strong>`,
    );
    // One table per member with a caption and column headers; a row per plan, the plans by duration.
    expect(body.match(/<table>/g)).toHaveLength(2);
    expect(body.match(/<th scope="col">/g)).toHaveLength(16);
    const rows = [...body.matchAll(/<tr><th scope="row">([^<]*)<\/th>((?:<td>[^<]*<\/td>)+)<\/tr>/g)].map((m) => [
      m[1],
      ...[...m[2]!.matchAll(/<td>([^<]*)<\/td>/g)].map((c) => c[1]),
    ]);
    expect(rows.map((r) => r[0])).toEqual([escapeHtml(`12 månader ${MARKUP}`), '24 månader', '36 månader']);
    // 24 months: ceil(1299.95 × 0.046121852303) + 29 = 89.
    const twentyFour = rows[1]!;
    expect(twentyFour.slice(1, 7)).toEqual(['24 månader', money(89), percent(9.95), money(0), money(29), money(89 * 24)]);
    expect(twentyFour[7]).toMatch(/^\d+,\d\d\u00a0%$/);
    // 12 months: ceil(1299.95 × 0.0833333333) = 109, setup fee 195, no interest.
    expect(rows[0]!.slice(1, 7)).toEqual(['12 månader', money(109), percent(0), money(195), money(0), money(109 * 12 + 195)]);
    expect(body).toContain(`<caption>Betalningsplaner för ${escapeHtml(`Delbetalning ${MARKUP}`)}</caption>`);
    expect(body).toContain('<caption>Betalningsplaner för Delbetalning 24 månader</caption>');
  });

  it('links the members’ SECCI and general terms in the language, the amount appended where asked', async () => {
    const session = await newSession(SWEDISH);
    const swedish = (await page(session, `amount=1299.95&group=${BUNDLE}`)).body;
    expect(swedish).toContain('<a href="https://pay.example.com/secci/sv">Standardiserad europeisk konsumentkreditinformation (SEKKI), ');
    expect(swedish).not.toContain('secci/en');
    expect(swedish).toContain('<a href="https://pay.example.com/terms?amount=1299.95">Allmänna villkor, ');
    expect(swedish).not.toContain('price-info"');
    const english = (await page(session, `amount=1299.95&group=${BUNDLE}&locale=en-GB`)).body;
    expect(english).toContain(
      '<a href="https://pay.example.com/secci/en">Standard European Consumer Credit Information (SECCI), Part payment 12</a>',
    );
    expect(english).not.toContain('secci/sv');
    // Translated catalog texts: the method's and the plan's names.
    expect(english).toContain('<th scope="row">12 months</th>');
  });

  it('escapes every catalog text', async () => {
    const session = await newSession(SWEDISH);
    const body = (await page(session, `amount=1299.95&group=${BUNDLE}`)).body;
    expect(body).not.toContain(MARKUP);
    expect(body).not.toContain('<script>');
    expect(body).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;');
    const finnish = (await page(await newSession(FINNISH), `amount=500&group=${groupIdOf([FI_PART])}`)).body;
    expect(finnish).toContain('<p class="warning">Lainaaminen &lt;b&gt;maksaa&lt;/b&gt;.</p>');
  });

  it('follows the session’s locale, else the store’s language; a store whose warning is "" shows none', async () => {
    const english = await page(await newSession(SWEDISH, { locale: 'en-US' }), `amount=1299.95&group=${BUNDLE}`);
    expect(english.headers['content-language']).toBe('en');
    const danish = await page(await newSession(DANISH), `amount=500&group=${groupIdOf([DK_PART])}`);
    expect(danish.statusCode).toBe(200);
    expect(danish.headers['content-language']).toBe('da');
    expect(danish.body).toContain('<html lang="da">');
    expect(danish.body).not.toContain('class="warning"');
    // A well-formed tag of another language: the store's.
    expect(
      (await page(await newSession(DANISH), `amount=500&group=${groupIdOf([DK_PART])}&locale=de-DE`)).headers['content-language'],
    ).toBe('da');
  });

  it('serves a flattened group (one part payment) and a campaign’s group to the campaign’s session only', async () => {
    const session = await newSession(SWEDISH);
    expect((await page(session, `amount=1299.95&group=${groupIdOf([TWENTY_FOUR])}`)).statusCode).toBe(200);
    const campaignGroup = groupIdOf([CAMPAIGN]);
    expectError(await page(session, `amount=1299.95&group=${campaignGroup}`), 404, 'GROUP_NOT_FOUND');
    const campaignSession = await newSession(SWEDISH, { campaign: 'vinter' });
    const offered = await groups(campaignSession, 'amount=1299.95');
    expect(offered.map((g) => g.id)).toContain(campaignGroup);
    expect((await page(campaignSession, `amount=1299.95&group=${campaignGroup}`)).statusCode).toBe(200);
  });
});

describe('refusals', () => {
  let session: string;
  beforeAll(async () => {
    session = await newSession(SWEDISH);
  });

  it('400 naming the field: amount or group missing, malformed or repeated; locale malformed or repeated', async () => {
    const cases: Array<[string, string, string]> = [
      [`group=${BUNDLE}`, 'amount', 'MISSING_QUERY_PARAMETER'],
      ['amount=100', 'group', 'MISSING_QUERY_PARAMETER'],
      [`amount=abc&group=${BUNDLE}`, 'amount', 'INVALID_REQUEST'],
      [`amount=&group=${BUNDLE}`, 'amount', 'INVALID_REQUEST'],
      [`amount=1.234&group=${BUNDLE}`, 'amount', 'INVALID_REQUEST'],
      [`amount=-1&group=${BUNDLE}`, 'amount', 'INVALID_REQUEST'],
      ['amount=100&group=abc', 'group', 'INVALID_REQUEST'],
      [`amount=100&group=${BUNDLE.toUpperCase()}`, 'group', 'INVALID_REQUEST'],
      [`amount=100&group=${BUNDLE}0`, 'group', 'INVALID_REQUEST'],
      [`amount=100&amount=200&group=${BUNDLE}`, 'amount', 'DUPLICATE_QUERY_PARAMETER'],
      [`amount=100&group=${BUNDLE}&group=${BUNDLE}`, 'group', 'DUPLICATE_QUERY_PARAMETER'],
      [`amount=100&group=${BUNDLE}&locale=sv_SE`, 'locale', 'INVALID_REQUEST'],
      [`amount=100&group=${BUNDLE}&locale=sv&locale=en`, 'locale', 'DUPLICATE_QUERY_PARAMETER'],
    ];
    for (const [query, field, code] of cases) {
      const body = expectError(await page(session, query), 400, code);
      expect(Object.keys(body.parameters ?? {}), query).toEqual([field]);
    }
    // The query comes first, before the session.
    expectError(await page('not-a-session', 'amount=100'), 400, 'MISSING_QUERY_PARAMETER');
  });

  it('404 for an unknown session, a malformed id included; 409 once it has expired', async () => {
    expectError(await page('00000000-0000-4000-8000-000000000000', `amount=100&group=${BUNDLE}`), 404, 'SESSION_NOT_FOUND');
    expectError(await page('not-a-session', `amount=100&group=${BUNDLE}`), 404, 'SESSION_NOT_FOUND');
    const expiring = await newSession(SWEDISH);
    clock.advance(3600_000 + 1);
    try {
      expect(expectError(await page(expiring, `amount=100&group=${BUNDLE}`), 409, 'SESSION_EXPIRED').message).toMatch(/expired/);
    } finally {
      clock.advance(-(3600_000 + 1));
    }
  });

  it('404 for a group not offered at the amount, an unknown one, and one without a monthly cost', async () => {
    // Over the part payments' purchase limit: the bundle is not offered.
    const over = expectError(await page(session, `amount=100000.01&group=${BUNDLE}`), 404, 'GROUP_NOT_FOUND');
    expect(over.message).toContain('not offered');
    expectError(await page(session, `amount=100&group=${'0'.repeat(64)}`), 404, 'GROUP_NOT_FOUND');
    // Another store's group.
    expectError(await page(session, `amount=500&group=${groupIdOf([DK_PART])}`), 404, 'GROUP_NOT_FOUND');
    // The invoice names no monthly cost: no disclosure, no page.
    const invoice = (await groups(session, 'amount=1299.95')).find((g) => g.id === groupIdOf([INVOICE]))!;
    expect(invoice.disclosure).toBeNull();
    expect(expectError(await page(session, `amount=1299.95&group=${invoice.id}`), 404, 'GROUP_NOT_FOUND').message).toContain(
      'no monthly cost',
    );
    // Nothing to pay: no credit, no page.
    expectError(await page(session, `amount=0&group=${BUNDLE}`), 404, 'GROUP_NOT_FOUND');
  });
});
