// The compiled offers (domain/offer-template.ts, services/offer-renderer.ts) against the
// straightforward computation (domain/offer.ts, serialized by the route's own serializer): the same
// bytes for random catalogs, questions and amounts, amounts on and next to every limit included.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { formatDecimal, parseDecimal } from '../../src/domain/money.ts';
import { offerGroups } from '../../src/domain/offer.ts';
import { LANGUAGES, type Language } from '../../src/domain/languages.ts';
import { cartAmountOf, compileOffer, placeholderBase, type GroupsSerializer, type RenderedOffer } from '../../src/domain/offer-template.ts';
import type { CustomerType, PaymentMethod, PaymentPlan, StoreMethods } from '../../src/domain/catalog.ts';
import { OfferRenderer, type OfferRequest } from '../../src/services/offer-renderer.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';
import { amountWithTwoDecimals, priceInformationLink } from '../../src/domain/credit-disclosure.ts';
import { groupsSerializer } from '../helpers/groups-serializer.ts';
import { amountArbitrary, amountText, catalogArbitrary, NOW } from '../helpers/catalog-arbitraries.ts';

/** Two sessions' price-information pages, one asked with a locale of its own. */
const LINKS = [
  priceInformationLink('https://pay.example.com', '3f2b8c1e-5a4d-4e6f-9b7a-1c2d3e4f5a6b', undefined),
  priceInformationLink('https://pay.example.com/base', 'a1b2c3d4-0000-4000-8000-000000000000', 'sv-SE'),
];
const LINK = LINKS[0]!;

/** An answer as the shopper gets it: kept and filled answers are UTF-8 bytes, fresh ones text. */
const asSent = (answer: RenderedOffer) => ({ body: String(answer.body), etag: answer.etag });

/** The route's serializer: fast-json-stringify compiled from the route's response schema by Fastify. */
let serialize: GroupsSerializer;
beforeAll(async () => {
  serialize = await groupsSerializer();
});

const METHOD_ID = '00000000-0000-4000-8000-0000000000aa';

/** The catalog with its method number `index` (modulo their count) changed by `change`. */
function editMethod(catalog: StoreMethods, index: number, change: (m: PaymentMethod) => PaymentMethod): StoreMethods {
  if (catalog.methods.length === 0) return catalog;
  const at = index % catalog.methods.length;
  return { ...catalog, methods: catalog.methods.map((m, i) => (i === at ? change(m) : m)) };
}

/** The catalog with the first plan of its method number `index` changed by `change` (if it has one). */
function editPlan(catalog: StoreMethods, index: number, change: (p: PaymentPlan) => PaymentPlan): StoreMethods {
  return editMethod(catalog, index, (m) => ({ ...m, plans: m.plans.map((p, i) => (i === 0 ? change(p) : p)) }));
}

const questionArbitrary = fc.record({
  customerType: fc.constantFrom<CustomerType | undefined>(undefined, 'NATURAL', 'LEGAL'),
  campaign: fc.constantFrom<string | undefined>(undefined, undefined, 'BLACKWEEK', 'BlackWeek', 'summer', 'år', 'none'),
  flattened: fc.boolean(),
  language: fc.constantFrom<Language>(...LANGUAGES),
  link: fc.constantFrom(...LINKS),
});

function straightforward(catalog: StoreMethods, request: OfferRequest): string {
  return serialize(offerGroups(catalog, { ...request, amount: parseDecimal(request.amount)! }, DEFAULT_OPERATOR_TYPES));
}

describe('compiled offers', () => {
  it('render the same bytes as the straightforward computation, for random catalogs, questions and amounts', () => {
    fc.assert(
      fc.property(
        catalogArbitrary.chain((catalog) =>
          fc.tuple(fc.constant(catalog), questionArbitrary, fc.array(amountArbitrary(catalog), { minLength: 1, maxLength: 12 })),
        ),
        ([catalog, question, amounts]) => {
          // One renderer per catalog, asked many amounts: regions are compiled once and reused.
          const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
          for (const amount of amounts) {
            const request = { storeId: catalog.store.id, amount, ...question };
            expect(String(renderer.render(catalog, request, serialize).body)).toBe(straightforward(catalog, request));
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('tag every answer strongly: equal tags only for equal bytes, the same tag for the same answer', () => {
    fc.assert(
      fc.property(
        catalogArbitrary.chain((catalog) =>
          fc.tuple(fc.constant(catalog), questionArbitrary, fc.array(amountArbitrary(catalog), { minLength: 2, maxLength: 10 })),
        ),
        ([catalog, question, amounts]) => {
          const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
          const bodyByTag = new Map<string, string>();
          for (const amount of amounts) {
            const answer = renderer.render(catalog, { storeId: catalog.store.id, amount, ...question }, serialize);
            expect(answer.etag).toMatch(/^"[\x21\x23-\x7e]+"$/);
            const seen = bodyByTag.get(answer.etag);
            if (seen !== undefined) expect(String(answer.body)).toBe(seen);
            bodyByTag.set(answer.etag, String(answer.body));
            // Another instance (a new renderer) tags the same answer the same way.
            const again = new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(
              catalog,
              { storeId: catalog.store.id, amount, ...question },
              serialize,
            );
            expect(asSent(again)).toEqual(asSent(answer));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('tag strongly across catalog changes: after any one change, an equal tag means equal bytes', () => {
    // What an edit of the catalog may touch, one at a time: a tag kept over a changed answer would
    // let a storefront's If-None-Match keep the old answer after the catalog changed.
    const edits: Array<(catalog: StoreMethods, index: number, value: string) => StoreMethods> = [
      (c, i, v) => editMethod(c, i, (m) => ({ ...m, name: v })),
      (c, i, v) => editMethod(c, i, (m) => ({ ...m, description: v })),
      (c, i) => editMethod(c, i, (m) => ({ ...m, priceSignagePossible: !m.priceSignagePossible })),
      (c, i) => editMethod(c, i, (m) => ({ ...m, enabledForLegalCustomer: !m.enabledForLegalCustomer })),
      (c, i) => editMethod(c, i, (m) => ({ ...m, type: m.type === 'CARD' ? 'SWISH' : 'CARD' })),
      (c, i, v) => editMethod(c, i, (m) => ({ ...m, legalLinks: [...m.legalLinks, { url: v, type: 'SECCI', appendAmount: true }] })),
      (c, i, v) => editPlan(c, i, (p) => ({ ...p, name: v })),
      (c, i, v) => editPlan(c, i, (p) => ({ ...p, description: v })),
      (c, i) => editPlan(c, i, (p) => ({ ...p, annuityFactor: { units: p.annuityFactor.units * 2n + 1n, scale: p.annuityFactor.scale } })),
      (c, i) => editPlan(c, i, (p) => ({ ...p, administrationFee: { units: p.administrationFee.units + 1n, scale: 0 } })),
      (c, i) => editPlan(c, i, (p) => ({ ...p, durationMonths: p.durationMonths + 1 })),
      (c, _i, v) => ({ ...c, store: { ...c.store, currency: v } }),
      (c, _i, v) => ({ ...c, store: { ...c.store, bundleTitle: v } }),
      (c) => ({ ...c, store: { ...c.store, minimumInvoiceAmount: { units: c.store.minimumInvoiceAmount.units + 1n, scale: 0 } } }),
      // What only a credit disclosure shows.
      (c, _i, v) => ({ ...c, store: { ...c.store, creditWarning: v } }),
      (c) => ({ ...c, store: { ...c.store, creditWarning: '' } }),
      (c, _i, v) => ({ ...c, store: { ...c.store, translations: { ...c.store.translations, sv: { creditWarning: v } } } }),
      (c, i) => editPlan(c, i, (p) => ({ ...p, interest: { units: p.interest.units + 1n, scale: p.interest.scale } })),
      (c, i) => editPlan(c, i, (p) => ({ ...p, setupFee: { units: p.setupFee.units + 1n, scale: p.setupFee.scale } })),
      (c, i) => editMethod(c, i, (m) => ({ ...m, plans: [...m.plans].reverse() })),
      (c, i) => editMethod(c, i, (m) => ({ ...m, enabledForNaturalCustomer: !m.enabledForNaturalCustomer })),
    ];
    fc.assert(
      fc.property(
        catalogArbitrary.chain((catalog) =>
          fc.tuple(
            fc.constant(catalog),
            questionArbitrary,
            amountArbitrary(catalog),
            fc.nat(edits.length - 1),
            fc.nat(9),
            fc.string({ minLength: 1, maxLength: 6 }),
          ),
        ),
        ([catalog, question, amount, edit, index, value]) => {
          const request = { storeId: catalog.store.id, amount, ...question };
          const before = new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(catalog, request, serialize);
          const after = new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(edits[edit]!(catalog, index, value), request, serialize);
          if (String(after.body) !== String(before.body)) expect(after.etag).not.toBe(before.etag);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('answer amounts beyond any cart the straightforward way (any length is valid)', () => {
    fc.assert(
      fc.property(catalogArbitrary, questionArbitrary, fc.integer({ min: 14, max: 60 }), (catalog, question, digits) => {
        const amount = '9'.repeat(digits) + '.5';
        expect(cartAmountOf(amount)).toBeUndefined();
        const request = { storeId: catalog.store.id, amount, ...question };
        expect(String(new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(catalog, request, serialize).body)).toBe(
          straightforward(catalog, request),
        );
      }),
      { numRuns: 50 },
    );
  });
});

describe('compiled offers at the edges', () => {
  const bundle = (overrides: Partial<PaymentMethod>) =>
    method({
      type: NOW,
      priceSignagePossible: true,
      minPurchaseLimit: dec('100.005'),
      maxPurchaseLimit: dec('2000.999'),
      plans: [plan({ annuityFactor: dec('0.1'), administrationFee: dec('0') })],
      ...overrides,
    });
  const catalog: StoreMethods = {
    store: store({ minimumInvoiceAmount: dec('100') }),
    methods: [bundle({}), bundle({ plans: [plan({ annuityFactor: dec('0.2') })] }), method({ maxPurchaseLimit: dec('1000') })],
  };
  /** The groups `on` answers for `amount`, compiled, after checking them against the straightforward computation. */
  const render = (amount: string, on: StoreMethods = catalog) => {
    const request = { storeId: on.store.id, amount, flattened: false, language: 'en' as const, link: LINK };
    const compiled = String(new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(on, request, serialize).body);
    expect(compiled).toBe(straightforward(on, request));
    return JSON.parse(compiled) as Array<{ subtitle: string; methodIds: string[] }>;
  };

  it('show a cost equal to the minimum invoice amount, and none below it', () => {
    // The bundle's plans cost amount × 0.1 and amount × 0.2, rounded up.
    expect(render('1000')[0]!.subtitle).toBe('From 100 SEK/month');
    expect(render('990')[0]!.subtitle).toBe('From 198 SEK/month');
    expect(render('400')[0]!.subtitle).toBe('');
  });

  it('show a bundle the lowest cost of its signage plans when only some members allow price signage', () => {
    const mixed: StoreMethods = {
      store: store({ minimumInvoiceAmount: dec('0') }),
      methods: [bundle({ priceSignagePossible: false }), bundle({ plans: [plan({ annuityFactor: dec('0.2') })] })],
    };
    expect(render('500', mixed)[0]!.subtitle).toBe('From 100 SEK/month');
    render('1000.5', mixed);
  });

  /** Asserts that the catalog `changed(true)` answers `amount` otherwise than `changed(false)`, under another tag. */
  const expectRetagged = (amount: string, changed: (after: boolean) => PaymentMethod) => {
    const request = { storeId: catalog.store.id, amount, flattened: false, language: 'en' as const, link: LINK };
    const [before, after] = [false, true].map((which) =>
      new OfferRenderer(DEFAULT_OPERATOR_TYPES).render({ ...catalog, methods: [changed(which)] }, request, serialize),
    );
    expect(String(after!.body)).not.toBe(String(before!.body));
    expect(after!.etag).not.toBe(before!.etag);
  };
  // The fixture names a method by a counter: each test gives both catalogs the same id, name and description.
  const partPayment = (plans: PaymentPlan[]) => bundle({ id: METHOD_ID, name: 'Part payment', description: 'Pay later', plans });

  it("tag a change of a plan's annuity factor alone (it shows only in the cost)", () => {
    expectRetagged('1000', (after) => partPayment([plan({ annuityFactor: dec(after ? '0.2' : '0.1') })]));
  });

  it("tag a change of a plan's name alone (it shows only in the internal data)", () => {
    expectRetagged('1000', (after) => partPayment([plan({ name: after ? '12 månader' : '12 months' })]));
  });

  it('tag a change of the customer types alone (they show only in the group, not in its internal data)', () => {
    expectRetagged('500', (after) =>
      method({ id: METHOD_ID, name: 'Card', description: 'Pay now', sortOrder: 1, type: 'CARD', enabledForLegalCustomer: after }),
    );
  });

  it('choose placeholders spelled nowhere in the text', () => {
    expect(placeholderBase('')).toBe('pms-slot-0-');
    expect(placeholderBase('"pms-slot-0-d0" and pms-slot-1-')).toBe('pms-slot-2-');
    expect(placeholderBase('pms-slot-1-')).toBe('pms-slot-0-');
  });

  it("render catalog texts that spell the template's own placeholders", () => {
    const spelled: StoreMethods = {
      store: store({ bundleTitle: 'pms-slot-0-s0' }),
      methods: [
        bundle({ name: 'pms-slot-0-', description: '"pms-slot-0-d0"', plans: [plan({ name: 'pms-slot-0-0' })] }),
        bundle({ name: 'pms-slot-1-a', description: 'pms-slot-2-' }),
      ],
    };
    for (const flattened of [false, true]) {
      const request = { storeId: spelled.store.id, amount: '1000', flattened, language: 'en' as const, link: LINK };
      expect(String(new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(spelled, request, serialize).body)).toBe(
        straightforward(spelled, request),
      );
    }
  });

  it('show a cost of 0 as the lowest when a plan costs nothing', () => {
    const free: StoreMethods = {
      store: store({ minimumInvoiceAmount: dec('0') }),
      methods: [
        bundle({
          // The free plan first: a lowest of 0 must stay the lowest.
          plans: [plan({ name: 'Free', annuityFactor: dec('0'), administrationFee: dec('0') }), plan({ annuityFactor: dec('0.1') })],
        }),
      ],
    };
    expect(render('1000', free)[0]!.subtitle).toBe('From 0 SEK/month');
  });

  it('cut the amounts into regions at every finite limit, and weigh a region by its text', () => {
    const question = { flattened: false, language: 'en' as const, link: LINK };
    // Limits in cents: [10001, 200100) and [0, 100001); a limit beyond any cart adds no boundary.
    const offer = compileOffer(catalog, question, DEFAULT_OPERATOR_TYPES);
    expect(offer.regionCount).toBe(5);
    expect([0, 10000, 10001, 100000, 100001, 200099, 200100].map((cents) => offer.regionOf(cents))).toEqual([1, 1, 2, 2, 3, 3, 4]);
    const unbounded = {
      ...catalog,
      methods: [
        ...catalog.methods,
        method({ maxPurchaseLimit: dec('1' + '0'.repeat(30)) }),
        method({ minPurchaseLimit: dec('1' + '0'.repeat(30)), maxPurchaseLimit: dec('1' + '0'.repeat(31)) }),
      ],
    };
    expect(compileOffer(unbounded, question, DEFAULT_OPERATOR_TYPES).regionCount).toBe(5);

    const weigh = (c: StoreMethods) => {
      const template = compileOffer(c, question, DEFAULT_OPERATOR_TYPES).compileRegion(150_000, serialize);
      // The answer's pieces count once (in UTF-8); internalData's pieces five times: as text, and in
      // base64 for each of three alignments.
      const pieces = Buffer.concat(template.pieceBytes).length;
      const text = pieces + 5 * template.groups.flatMap((g) => g.dataPieces).join('').length;
      return { bytes: template.bytes, text };
    };
    const one = (name: string, plans: PaymentPlan[]) => ({ ...catalog, methods: [bundle({ id: METHOD_ID, name, plans })] });
    const base = weigh(one('Part', [plan()]));
    // Beyond its text: 256 bytes a region, 128 a group, 256 a plan (its numbers and its disclosure texts).
    expect(base.bytes - base.text).toBe(256 + 128 + 256);
    // The name stands in the group's title and twice in its internal data (title and method name).
    expect(weigh(one('Part payment', [plan()])).bytes - base.bytes).toBe((1 + 2 * 5) * ('Part payment'.length - 'Part'.length));
    // A plan weighs its text and 256 bytes of numbers and disclosure texts.
    const twoPlans = weigh(one('Part', [plan(), plan({ name: '24 months', durationMonths: 24 })]));
    expect(twoPlans.bytes - base.bytes - (twoPlans.text - base.text)).toBe(256);
  });

  it('compare limits with more decimals than an amount exactly', () => {
    expect(render('100.00').map((g) => g.methodIds.length)).toEqual([1]);
    expect(render('100.01').map((g) => g.methodIds.length)).toEqual([2, 1]);
    expect(render('1000.00').map((g) => g.methodIds.length)).toEqual([2, 1]);
    expect(render('1000.01').map((g) => g.methodIds.length)).toEqual([2]);
    expect(render('2000.99').map((g) => g.methodIds.length)).toEqual([2]);
    expect(render('2001')).toEqual([]);
  });
});

describe('kept answers of repeated amounts', () => {
  it('are the bytes and tag a fresh computation gives, across catalog changes', () => {
    // A long-lived renderer asked few amounts many times (so that answers are kept and served again)
    // while the store's catalog changes between requests; every answer against a new renderer's.
    const step = fc.oneof(
      { weight: 1, arbitrary: catalogArbitrary.map((catalog) => ({ catalog })) },
      { weight: 6, arbitrary: fc.record({ pick: fc.nat(), question: questionArbitrary }) },
    );
    fc.assert(
      fc.property(
        catalogArbitrary.chain((catalog) =>
          fc.tuple(
            fc.constant(catalog),
            fc.array(amountArbitrary(catalog), { minLength: 1, maxLength: 3 }),
            fc.array(step, { minLength: 5, maxLength: 40 }),
          ),
        ),
        ([first, amounts, steps]) => {
          const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
          let catalog = first;
          for (const next of steps) {
            if ('catalog' in next) {
              catalog = next.catalog;
              continue;
            }
            const request = { storeId: catalog.store.id, amount: amounts[next.pick % amounts.length]!, ...next.question };
            const kept = renderer.render(catalog, request, serialize);
            const fresh = new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(catalog, request, serialize);
            expect(asSent(kept)).toEqual(asSent(fresh));
            expect(String(kept.body)).toBe(straightforward(catalog, request));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('kept answers with a credit disclosure', () => {
  it("are kept once for every session, each served its own session's links and tag", () => {
    const partPayment = method({
      type: NOW,
      name: 'Part payment',
      priceSignagePossible: true,
      minPurchaseLimit: dec('100'),
      plans: [plan({ name: '24', durationMonths: 24, annuityFactor: dec('0.0461'), administrationFee: dec('29'), setupFee: dec('195') })],
    });
    const catalog: StoreMethods = { store: store(), methods: [partPayment] };
    const renderer = new OfferRenderer(DEFAULT_OPERATOR_TYPES);
    const ask = (link: (typeof LINKS)[number]) =>
      renderer.render(catalog, { storeId: catalog.store.id, amount: '1299.95', flattened: false, language: 'sv', link }, serialize);
    const [first, second] = LINKS;
    // Asked twice by the first session: the second time it is kept (open), then served from the kept one.
    ask(first!);
    ask(first!);
    for (const link of [first!, second!, first!]) {
      const answer = ask(link);
      const fresh = new OfferRenderer(DEFAULT_OPERATOR_TYPES).render(
        catalog,
        { storeId: catalog.store.id, amount: '1299.95', flattened: false, language: 'sv', link },
        serialize,
      );
      expect(asSent(answer)).toEqual(asSent(fresh));
      const other = link === first ? second! : first!;
      const [group] = JSON.parse(String(answer.body)) as Array<{ internalData: string; disclosure: { priceInformationUrl: string } }>;
      expect(group!.disclosure.priceInformationUrl.startsWith(link.prefix)).toBe(true);
      const internal = JSON.parse(Buffer.from(group!.internalData, 'base64').toString('utf8')) as {
        disclosure: { priceInformationUrl: string };
      };
      expect(internal.disclosure.priceInformationUrl).toBe(group!.disclosure.priceInformationUrl);
      expect(String(answer.body).includes(other.tag.split('.')[0]!)).toBe(false);
      expect(answer.etag.endsWith(`.${link.tag}"`)).toBe(true);
    }
    // One answer kept, not one per session.
    expect(renderer.stats().find((s) => s.name === 'offer_answer')?.size).toBe(1);
  });
});

describe('cart amounts', () => {
  it('are exact in cents and written canonically, as formatDecimal writes the parsed amount', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n - 1n }),
        fc.constantFrom<0 | 1 | 2>(0, 1, 2),
        fc.nat(4),
        (cents, decimals, zeros) => {
          const written = amountText(cents, decimals, zeros);
          const parsed = parseDecimal(written)!;
          const amount = cartAmountOf(written)!;
          expect(amount.text).toBe(formatDecimal(parsed));
          expect(amount.twoDecimals).toBe(amountWithTwoDecimals(parsed));
          expect(BigInt(amount.cents)).toBe((parsed.units * 100n) / 10n ** BigInt(parsed.scale));
        },
      ),
    );
  });

  it('take a whole part of up to 13 digits, leading zeros aside', () => {
    expect(cartAmountOf('9999999999999.99')).toEqual({
      cents: 999_999_999_999_999,
      text: '9999999999999.99',
      twoDecimals: '9999999999999.99',
    });
    expect(cartAmountOf('00000000000000000001.5')).toEqual({ cents: 150, text: '1.5', twoDecimals: '1.50' });
    expect(cartAmountOf('10000000000000')).toBeUndefined();
    expect(cartAmountOf('0')).toEqual({ cents: 0, text: '0', twoDecimals: '0.00' });
    expect(cartAmountOf('000.05')).toEqual({ cents: 5, text: '0.05', twoDecimals: '0.05' });
  });

  it('are none for text the query pattern refuses (more than two decimals, no whole part)', () => {
    for (const refused of ['1.234', '.5', '', '.']) expect(cartAmountOf(refused), refused).toBeUndefined();
  });
});
