// Languages on the storefront's side (docs/languages.md): the session's `locale`, group retrieval's
// `locale`, the store's language, Content-Language, ETags per language, generated texts in every
// language, translated catalog texts and legal links by language, and every bad `locale`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../src/domain/languages.ts';
import { issueToken, manualClock, startTestService, type TestService } from '../helpers/app.ts';
import { catalogMethod, testIds, merchantBackend } from '../helpers/fixtures.ts';
import { postSession } from '../helpers/http.ts';
import type { PaymentMethodGroup as Group } from '../../client/src/index.ts';

const [SWEDISH, FINNISH, GERMAN] = testIds('5e1a0000', 3);
const [INVOICE, TWELVE, TWENTY_FOUR, FI_PART, FI_PART_TOO] = testIds('5e1b0000', 5);
const CLIENT = merchantBackend('languages', 'm-languages');

const partPayment = (storeId: string, overrides: Record<string, unknown>) =>
  catalogMethod(storeId, {
    type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
    priceSignagePossible: true,
    maxPurchaseLimit: 100000,
    ...overrides,
  });

const CATALOG = {
  merchants: [{ id: CLIENT.merchantId, name: 'Språk AB' }],
  stores: [
    // Swedish base texts, the default bundle title (served in each language).
    { id: SWEDISH, merchantId: CLIENT.merchantId, name: 'Butiken', currency: 'SEK', countryCode: 'SE' },
    {
      id: FINNISH,
      merchantId: CLIENT.merchantId,
      name: 'Kauppa',
      currency: 'EUR',
      countryCode: 'FI',
      bundleTitle: 'Osamaksu',
      translations: { sv: { bundleTitle: 'Delbetalning' } },
    },
    { id: GERMAN, merchantId: CLIENT.merchantId, name: 'Laden', currency: 'EUR', countryCode: 'DE' },
  ],
  clients: [CLIENT],
  paymentMethods: [
    {
      ...catalogMethod(SWEDISH, { id: INVOICE, sortOrder: 1, name: 'Faktura', description: 'Betala inom 30 dagar' }),
      translations: { en: { name: 'Invoice', description: 'Pay within 30 days' }, fi: { name: 'Lasku' } },
      legalLinks: [
        { url: 'https://example.com/sv/prisinfo', type: 'PRICE_INFO' },
        { url: 'https://example.com/en/price-info', type: 'PRICE_INFO', language: 'en' },
        { url: 'https://example.com/de/preis', type: 'GENERAL_TERMS', language: 'de' },
      ],
    },
    partPayment(SWEDISH, {
      id: TWELVE,
      sortOrder: 2,
      name: 'Delbetalning 12 månader',
      plans: [{ name: '12 månader', durationMonths: 12, annuityFactor: 0.0833333333, translations: { en: { name: '12 months' } } }],
    }),
    partPayment(SWEDISH, {
      id: TWENTY_FOUR,
      sortOrder: 3,
      name: 'Delbetalning 24 månader',
      plans: [{ name: '24 månader', durationMonths: 24, annuityFactor: 0.0461, administrationFee: 29 }],
    }),
    partPayment(FINNISH, { id: FI_PART, name: 'Osamaksu 12 kk', plans: [{ name: '12 kk', durationMonths: 12, annuityFactor: 0.0875 }] }),
    partPayment(FINNISH, { id: FI_PART_TOO, name: 'Osamaksu 24 kk', plans: [{ name: '24 kk', durationMonths: 24, annuityFactor: 0.05 }] }),
  ],
};

let service: TestService;
let token: string;

beforeAll(async () => {
  service = await startTestService({ catalog: CATALOG, clock: manualClock() });
  token = await issueToken(service.app, CLIENT.clientId, CLIENT.clientSecret);
});

afterAll(async () => {
  await service?.close();
});

async function newSession(store: string, locale?: string): Promise<string> {
  const response = await postSession(service.app, token, store, { payload: locale === undefined ? {} : { locale } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

function groups(session: string, query: string, headers: Record<string, string> = {}) {
  return service.app.inject({ method: 'GET', url: `/v1/sessions/${session}/payment-method-groups?${query}`, headers });
}

async function groupsIn(session: string, query: string): Promise<{ language: string | undefined; body: Group[]; etag: string }> {
  const response = await groups(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return {
    language: response.headers['content-language'] as string | undefined,
    body: response.json() as Group[],
    etag: String(response.headers.etag),
  };
}

function internalData(group: Group): {
  language: string;
  title: string;
  methods: Array<{ name: string; plans: Array<{ name: string }>; legalLinks: Array<{ url: string }> }>;
} {
  return JSON.parse(Buffer.from(group.internalData, 'base64').toString('utf8'));
}

/** The cost as the contract writes it: Intl.NumberFormat for the language and the store's country, no decimals. */
const cost = (language: Language, country: string, currency: string, value: number) =>
  new Intl.NumberFormat(`${language}-${country}`, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);

describe('the language of a storefront answer', () => {
  it("is the store's language without any locale, named by Content-Language", async () => {
    const swedish = await groupsIn(await newSession(SWEDISH), 'amount=1000');
    expect(swedish.language).toBe('sv');
    expect(swedish.body.map((g) => [g.title, g.subtitle])).toEqual([
      ['Faktura', 'Betala inom 30 dagar'],
      // ceil(1000 × 0.0833333333) = 84; ceil(1000 × 0.0461 + 29) = 76.
      ['Delbetalning', `Från ${cost('sv', 'SE', 'SEK', 76)}/mån`],
    ]);
    const finnish = await groupsIn(await newSession(FINNISH), 'amount=1000');
    expect(finnish.language).toBe('fi');
    // The lower of ceil(1000 × 0.0875) = 88 and ceil(1000 × 0.05) = 50.
    expect(finnish.body[0]!.subtitle).toBe(`Alkaen ${cost('fi', 'FI', 'EUR', 50)}/kk`);
    expect(finnish.body[0]!.subtitle).toBe('Alkaen 50\u00a0€/kk');
    const german = await groupsIn(await newSession(GERMAN), 'amount=1000');
    expect([german.language, german.body]).toEqual(['en', []]);
  });

  it("is the session's locale, else the store's; group retrieval's locale overrides both", async () => {
    const finnishReader = await newSession(SWEDISH, 'fi-FI');
    expect((await groupsIn(finnishReader, 'amount=1000')).language).toBe('fi');
    expect((await groupsIn(finnishReader, 'amount=1000&locale=en-GB')).language).toBe('en');
    expect((await groupsIn(finnishReader, 'amount=1000&locale=NB')).language).toBe('nb');
    // A well-formed tag of a language not served: the store's language, not an error.
    expect((await groupsIn(finnishReader, 'amount=1000&locale=de-DE')).language).toBe('sv');
    expect((await groupsIn(await newSession(SWEDISH, 'de'), 'amount=1000')).language).toBe('sv');
    // Norwegian of either written form is served in bokmål.
    expect((await groupsIn(await newSession(SWEDISH, 'nn-NO'), 'amount=1000')).language).toBe('nb');
    expect((await groupsIn(await newSession(SWEDISH, 'no'), 'amount=1000')).language).toBe('nb');
  });

  it('writes the part-payment subtitle in every language, its cost as Intl.NumberFormat formats it', async () => {
    const session = await newSession(SWEDISH);
    const expected: Record<Language, string> = {
      sv: `Från ${cost('sv', 'SE', 'SEK', 2991)}/mån`,
      nb: `Fra ${cost('nb', 'SE', 'SEK', 2991)}/mnd`,
      da: `Fra ${cost('da', 'SE', 'SEK', 2991)}/md.`,
      fi: `Alkaen ${cost('fi', 'SE', 'SEK', 2991)}/kk`,
      en: 'From 2991 SEK/month',
    };
    // ceil(164,250.50 × 0.0461 + 29) = 7,601 (24 months) is below ceil(164,250.50 × 0.0833333333) = 13,688.
    for (const language of LANGUAGES) {
      const answer = await groupsIn(session, `amount=64250.50&locale=${language}`);
      expect(answer.language).toBe(language);
      // Above the invoice's limit: the bundle of part payments alone.
      expect(
        answer.body.map((g) => g.subtitle),
        language,
      ).toEqual([expected[language]]);
      expect(internalData(answer.body[0]!).language).toBe(language);
    }
    expect(expected.sv).toBe('Från 2\u00a0991\u00a0kr/mån');
  });

  it('gives the default bundle title in the language, and a translated one as translated', async () => {
    const session = await newSession(SWEDISH);
    const titles = await Promise.all(LANGUAGES.map(async (l) => (await groupsIn(session, `amount=1000&locale=${l}`)).body[1]!.title));
    expect(titles).toEqual(['Delbetalning', 'Delbetaling', 'Delbetaling', 'Osamaksu', 'Part payment']);
    // The Finnish store's own title: translated into Swedish, as written in every other language.
    const finnishStore = await newSession(FINNISH);
    const finnishTitles = await Promise.all(
      LANGUAGES.map(async (l) => (await groupsIn(finnishStore, `amount=1000&locale=${l}`)).body[0]!.title),
    );
    expect(finnishTitles).toEqual(['Delbetalning', 'Osamaksu', 'Osamaksu', 'Osamaksu', 'Osamaksu']);
  });

  it('serves catalog texts in their translation, else as written, in groups and internalData', async () => {
    const session = await newSession(SWEDISH, 'en');
    const english = await groupsIn(session, 'amount=1000');
    expect(english.body[0]).toMatchObject({ title: 'Invoice', subtitle: 'Pay within 30 days' });
    const bundle = internalData(english.body[1]!);
    expect(bundle.title).toBe('Part payment');
    // Translated where the catalog has it, as written where it has not.
    expect(bundle.methods.map((m) => [m.name, m.plans[0]!.name])).toEqual([
      ['Delbetalning 12 månader', '12 months'],
      ['Delbetalning 24 månader', '24 månader'],
    ]);
    const finnish = await groupsIn(session, 'amount=1000&locale=fi');
    expect(finnish.body[0]).toMatchObject({ title: 'Lasku', subtitle: 'Betala inom 30 dagar' });
  });

  it("gives legal links in the request's language, else the store's, else all of their type", async () => {
    const session = await newSession(SWEDISH);
    const links = async (locale: string) =>
      internalData((await groupsIn(session, `amount=1000&locale=${locale}`)).body[0]!).methods[0]!.legalLinks.map((l) => l.url);
    expect(await links('en')).toEqual(['https://example.com/en/price-info', 'https://example.com/de/preis']);
    expect(await links('sv')).toEqual(['https://example.com/sv/prisinfo', 'https://example.com/de/preis']);
    // No Finnish price information: the store's (Swedish) one.
    expect(await links('fi')).toEqual(['https://example.com/sv/prisinfo', 'https://example.com/de/preis']);
  });

  it('tags each language with its own ETag, and answers 304 only to the same language', async () => {
    const session = await newSession(SWEDISH);
    const tags = await Promise.all(LANGUAGES.map(async (l) => (await groupsIn(session, `amount=1000&locale=${l}`)).etag));
    expect(new Set(tags).size).toBe(LANGUAGES.length);
    // The store's own language by default: the same texts as asking for it (the credit disclosure's link
    // names the locale asked, so the bytes and the tag differ).
    const plain = await groupsIn(session, 'amount=1000');
    const asked = await groupsIn(session, 'amount=1000&locale=sv');
    expect(plain.language).toBe('sv');
    expect(plain.body.map((g) => [g.title, g.subtitle, g.disclosure?.text])).toEqual(
      asked.body.map((g) => [g.title, g.subtitle, g.disclosure?.text]),
    );
    const swedishTag = tags[0]!;
    const again = await groups(session, 'amount=1000&locale=sv', { 'if-none-match': swedishTag });
    expect([again.statusCode, again.headers['content-language']]).toEqual([304, 'sv']);
    expect((await groups(session, 'amount=1000&locale=en', { 'if-none-match': swedishTag })).statusCode).toBe(200);
    // Even where nothing is offered (the same bytes in every language), the tags differ.
    const none = await Promise.all(['sv', 'en'].map(async (l) => (await groupsIn(session, `amount=999999999&locale=${l}`)).etag));
    expect(none[0]).not.toBe(none[1]);
  });
});

describe('the session keeps its locale', () => {
  it('as sent, in the session record', async () => {
    const id = await newSession(SWEDISH, 'fi-FI');
    const read = await service.app.inject({ method: 'GET', url: `/v1/sessions/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(read.json()).toMatchObject({ id, locale: 'fi-FI' });
  });

  it('as part of what an idempotency key is bound to', async () => {
    const first = await postSession(service.app, token, SWEDISH, {
      payload: { locale: 'fi' },
      headers: { 'idempotency-key': 'languages-key-1' },
    });
    const replay = await postSession(service.app, token, SWEDISH, {
      payload: { locale: 'fi' },
      headers: { 'idempotency-key': 'languages-key-1' },
    });
    expect([first.statusCode, replay.statusCode, replay.headers['idempotent-replayed']]).toEqual([201, 201, 'true']);
    expect(replay.json()).toEqual(first.json());
    const other = await postSession(service.app, token, SWEDISH, {
      payload: { locale: 'en' },
      headers: { 'idempotency-key': 'languages-key-1' },
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('a bad locale', () => {
  const tooLong = `sv-SE-x-${'abcdefgh-'.repeat(3)}abcd`;
  // What a person can act on, not the RFC 5646 pattern (some 400 characters).
  const rule = 'must be a BCP 47 language tag of at most 35 characters, such as sv-SE';

  it('is 400 on session creation, named in parameters, and creates nothing', async () => {
    const before = await service.database.handle.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const locale of [5, null, ['sv'], '', 'sv_SE', 'sv-', 'sv-abcdefghi', tooLong]) {
      const response = await postSession(service.app, token, SWEDISH, { payload: { locale } });
      expect(response.statusCode, JSON.stringify(locale)).toBe(400);
      expect(response.json(), JSON.stringify(locale)).toMatchObject({
        code: 'INVALID_REQUEST',
        message: `body locale ${rule}`,
        parameters: { locale: rule },
      });
    }
    const after = await service.database.handle.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('given twice in the session-creation body is 400, named in parameters, and creates nothing', async () => {
    const count = async () =>
      Number(
        (
          await service.database.handle.db
            .selectFrom('sessions')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const response = await service.app.inject({
      method: 'POST',
      url: `/v1/stores/${SWEDISH}/sessions`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"locale":"sv-SE","locale":"en"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'DUPLICATE_BODY_MEMBER',
      message: 'Request body member "locale" may be given only once',
      parameters: { locale: 'may be given only once' },
    });
    expect(await count()).toBe(before);
  });

  it('is 422 on group retrieval, named in parameters; twice is 400', async () => {
    const session = await newSession(SWEDISH);
    for (const locale of ['', 'sv_SE', 'sv-', '-', 'sv-abcdefghi', tooLong]) {
      const response = await groups(session, `amount=1000&locale=${encodeURIComponent(locale)}`);
      expect(response.statusCode, locale).toBe(422);
      // An error's message is in English whatever the locale: no Content-Language (docs/errors.md).
      expect(response.headers['content-language'], locale).toBeUndefined();
      expect(response.json(), locale).toMatchObject({
        code: 'INVALID_QUERY_PARAMETER',
        message: `query parameter locale ${rule}`,
        parameters: { locale: rule },
      });
    }
    const twice = await groups(session, 'amount=1000&locale=sv&locale=en');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ parameters: { locale: expect.any(String) } });
  });
});
