// The change preview (domain/change-preview.ts): hand examples, and a property test against the
// straightforward evaluation, group retrieval (offer.ts) at every cent of a bounded range on both sides.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inDisplayOrder, previewChanges, type OfferChange, type PreviewGroup } from '../../src/domain/change-preview.ts';
import { normalizeCampaignKeyword } from '../../src/domain/eligibility.ts';
import { groupIdOf } from '../../src/domain/group-id.ts';
import { languageOfCountry } from '../../src/domain/languages.ts';
import { offerGroups } from '../../src/domain/offer.ts';
import { DEFAULT_OPERATOR_TYPES } from '../../src/domain/payment-method-types.ts';
import { CUSTOMER_TYPES, type CustomerType, type PaymentMethod, type StoreMethods } from '../../src/domain/catalog.ts';
import type { Decimal } from '../../src/domain/money.ts';
import { allowedByOrderRules, PRODUCT_TYPES, type OrderRules } from '../../src/domain/order-rules.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';

const NOW = 'PROVIDER_PART_PAYMENT_SELECT_NOW';
const LATER = 'PROVIDER_PART_PAYMENT_SELECT_LATER';
const INVOICE = 'PROVIDER_INVOICE';

const preview = (today: StoreMethods, proposed: StoreMethods) => previewChanges(today, proposed, DEFAULT_OPERATOR_TYPES);
const catalogOf = (methods: PaymentMethod[], overrides = {}): StoreMethods => ({ store: store(overrides), methods });
const group = (members: PaymentMethod[], title: string): PreviewGroup => ({
  id: groupIdOf(members.map((m) => m.id)),
  title,
  type: members[0]!.type,
});

describe('change preview: hand examples', () => {
  const invoice = method({ name: 'Faktura', type: INVOICE, sortOrder: 1, minPurchaseLimit: dec('0'), maxPurchaseLimit: dec('20000') });
  const twelve = method({ name: '12 månader', type: NOW, sortOrder: 2, maxPurchaseLimit: dec('50000'), plans: [plan()] });
  const twentyFour = method({ name: '24 månader', type: NOW, sortOrder: 3, maxPurchaseLimit: dec('50000'), plans: [plan()] });
  const today = catalogOf([invoice, twelve, twentyFour], { bundleTitle: 'Delbetalning' });

  it('answers [] when nothing a shopper sees changes (descriptions, plans and subtitles do not count)', () => {
    expect(preview(today, today)).toEqual([]);
    const proposed = catalogOf(
      [{ ...invoice, description: 'Betala inom 60 dagar' }, { ...twelve, plans: [plan({ administrationFee: dec('29') })] }, twentyFour],
      { bundleTitle: 'Delbetalning' },
    );
    expect(preview(today, proposed)).toEqual([]);
  });

  it('raising a minimum splits a part-payment bundle below it', () => {
    const proposed = catalogOf([invoice, twelve, { ...twentyFour, minPurchaseLimit: dec('1000') }], { bundleTitle: 'Delbetalning' });
    expect(preview(today, proposed)).toEqual([
      {
        customerType: 'NATURAL',
        campaign: null,
        from: '0.00',
        to: '999.99',
        before: [group([invoice], 'Faktura'), group([twelve, twentyFour], 'Delbetalning')],
        after: [group([invoice], 'Faktura'), group([twelve], '12 månader')],
      },
    ]);
  });

  it('removing the only LEGAL invoice changes LEGAL between its limits only', () => {
    const legalInvoice = method({
      name: 'Faktura företag',
      type: INVOICE,
      sortOrder: 5,
      minPurchaseLimit: dec('100'),
      maxPurchaseLimit: dec('5000'),
      enabledForNaturalCustomer: false,
      enabledForLegalCustomer: true,
    });
    const card = method({ name: 'Kort', type: 'CARD', sortOrder: 6, maxPurchaseLimit: dec('10000'), enabledForLegalCustomer: true });
    const before = catalogOf([invoice, legalInvoice, card]);
    expect(preview(before, catalogOf([invoice, card]))).toEqual([
      {
        customerType: 'LEGAL',
        campaign: null,
        from: '100.00',
        to: '5000.00',
        before: [group([legalInvoice], 'Faktura företag'), group([card], 'Kort')],
        after: [group([card], 'Kort')],
      },
    ]);
  });

  it('is exact at limits of three decimals: 100.005 is offered from 100.01, 99.999 up to 99.99', () => {
    const card = method({ name: 'Kort', type: 'CARD', sortOrder: 1, maxPurchaseLimit: dec('100') });
    const before = catalogOf([card]);
    expect(preview(before, catalogOf([{ ...card, minPurchaseLimit: dec('100.005') }]))).toEqual([
      { customerType: 'NATURAL', campaign: null, from: '0.00', to: '100.00', before: [group([card], 'Kort')], after: [] },
    ]);
    expect(preview(before, catalogOf([{ ...card, maxPurchaseLimit: dec('99.999') }]))).toEqual([
      { customerType: 'NATURAL', campaign: null, from: '100.00', to: '100.00', before: [group([card], 'Kort')], after: [] },
    ]);
    // A limit of many places: 1000.0000001 is above 1000.00, so 1000.01 is the first cent.
    const higher = preview(before, catalogOf([{ ...card, minPurchaseLimit: dec('50.0000001'), maxPurchaseLimit: dec('1000.0000001') }]));
    expect(higher.map((c) => [c.from, c.to])).toEqual([
      ['0.00', '50.00'],
      ['100.01', '1000.00'],
    ]);
  });

  it('compares every campaign keyword of either side (matched case-insensitively) after sessions without one', () => {
    const blackWeek = method({
      name: 'Black Week',
      type: INVOICE,
      sortOrder: 9,
      maxPurchaseLimit: dec('3000'),
      enabledForLegalCustomer: true,
      campaign: { campaign: true, keywords: ['blackweek'] },
    });
    const summer = method({ name: 'Sommar', type: INVOICE, sortOrder: 10, campaign: { campaign: true, keywords: ['Summer'] } });
    const before = catalogOf([invoice, blackWeek, summer]);
    const proposed = catalogOf([
      invoice,
      { ...blackWeek, campaign: { campaign: true, keywords: ['BLACKWEEK'] }, maxPurchaseLimit: dec('2000') },
    ]);
    const changes = preview(before, proposed);
    expect(changes.map((c) => [c.customerType, c.campaign, c.from, c.to])).toEqual([
      ['NATURAL', 'blackweek', '2000.01', '3000.00'],
      ['NATURAL', 'Summer', '0.00', '50000.00'],
      ['LEGAL', 'blackweek', '2000.01', '3000.00'],
    ]);
    expect(changes[1]!.before).toEqual([group([summer], 'Sommar')]);
    expect(changes[1]!.after).toEqual([]);
  });

  it('takes campaigns from campaign methods only: keywords left on a method that is no campaign name none', () => {
    // A method that is no campaign keeps keywords it no longer uses, spelled otherwise: the campaign is
    // named as the campaign method spells it, and no other campaign is compared.
    const former = method({ name: 'Förr', type: INVOICE, sortOrder: 8, campaign: { campaign: false, keywords: ['blackweek', 'Easter'] } });
    const blackWeek = method({
      name: 'Black Week',
      type: INVOICE,
      sortOrder: 9,
      maxPurchaseLimit: dec('3000'),
      campaign: { campaign: true, keywords: ['BLACKWEEK'] },
    });
    const changes = preview(catalogOf([former, blackWeek]), catalogOf([former, { ...blackWeek, maxPurchaseLimit: dec('2000') }]));
    expect(changes.map((c) => [c.customerType, c.campaign, c.from, c.to])).toEqual([['NATURAL', 'BLACKWEEK', '2000.01', '3000.00']]);
  });

  it('counts a group as different when only its id or only its type differs', () => {
    const invoice = method({ name: 'Faktura', type: INVOICE, sortOrder: 1, maxPurchaseLimit: dec('100') });
    // The same name and type under another id: another group id.
    const replaced = { ...invoice, id: '5f0c2d3e-9a41-4b7e-8c55-0d6b1f2a3e4c' };
    expect(preview(catalogOf([invoice]), catalogOf([replaced]))).toEqual([
      {
        customerType: 'NATURAL',
        campaign: null,
        from: '0.00',
        to: '100.00',
        before: [group([invoice], 'Faktura')],
        after: [group([replaced], 'Faktura')],
      },
    ]);
    // The same id and name, another type.
    const retyped = { ...invoice, type: 'GENERIC' };
    expect(preview(catalogOf([invoice]), catalogOf([retyped]))).toEqual([
      {
        customerType: 'NATURAL',
        campaign: null,
        from: '0.00',
        to: '100.00',
        before: [group([invoice], 'Faktura')],
        after: [group([retyped], 'Faktura')],
      },
    ]);
  });

  it('starts at 0.00 whatever a limit below it says (no catalog text parses to one, but the type holds one)', () => {
    const card = method({
      name: 'Kort',
      type: 'CARD',
      sortOrder: 1,
      minPurchaseLimit: { units: -500n, scale: 2 },
      maxPurchaseLimit: dec('100'),
    });
    expect(preview(catalogOf([card]), catalogOf([]))).toEqual([
      { customerType: 'NATURAL', campaign: null, from: '0.00', to: '100.00', before: [group([card], 'Kort')], after: [] },
    ]);
  });

  it('gives titles in the store’s language, and counts a changed bundle title or translation', () => {
    const translated = { ...invoice, translations: { sv: { name: 'Faktura (sv)' }, en: { name: 'Invoice' } } };
    const swedish = preview(today, catalogOf([translated, twelve, twentyFour], { bundleTitle: 'Delbetalning' }));
    expect(swedish).toHaveLength(1);
    expect(swedish[0]!.after[0]!.title).toBe('Faktura (sv)');
    expect(swedish[0]!.before[0]!.title).toBe('Faktura');
    const english = previewChanges(
      today,
      catalogOf([translated, twelve, twentyFour], { bundleTitle: 'Delbetalning' }),
      DEFAULT_OPERATOR_TYPES,
      'en',
    );
    expect(english[0]!.after[0]!.title).toBe('Invoice');
    // Above the invoice's maximum the bundle alone: a range of its own, since the before side changes there.
    const retitled = preview(today, catalogOf([invoice, twelve, twentyFour], { bundleTitle: 'Dela upp' }));
    expect(retitled.map((c) => [c.from, c.to, c.after.map((g) => g.title).join('+')])).toEqual([
      ['0.00', '20000.00', 'Faktura+Dela upp'],
      ['20000.01', '50000.00', 'Dela upp'],
    ]);
  });

  it('keeps one range across a limit where neither side changes (a method no cent amount reaches)', () => {
    const card = method({ name: 'Kort', type: 'CARD', sortOrder: 1, maxPurchaseLimit: dec('200') });
    const unreachable = method({
      name: 'Never',
      type: 'SWISH',
      sortOrder: 2,
      minPurchaseLimit: dec('100.001'),
      maxPurchaseLimit: dec('100.009'),
    });
    expect(preview(catalogOf([card]), catalogOf([unreachable]))).toEqual([
      { customerType: 'NATURAL', campaign: null, from: '0.00', to: '200.00', before: [group([card], 'Kort')], after: [] },
    ]);
  });

  it('merges adjacent ranges only when both sides stay the same, and orders by customer type, campaign, amount', () => {
    const a = method({ name: 'A', type: 'CARD', sortOrder: 1, maxPurchaseLimit: dec('100'), enabledForLegalCustomer: true });
    const b = method({ name: 'B', type: 'SWISH', sortOrder: 2, minPurchaseLimit: dec('50'), maxPurchaseLimit: dec('200') });
    // Today A (0 … 100) and B (50 … 200); proposed nothing: before changes at 50 and 100.01.
    const changes = preview(catalogOf([a, b]), catalogOf([]));
    expect(changes.map((c) => [c.customerType, c.from, c.to, c.before.map((g) => g.title).join('+')])).toEqual([
      ['NATURAL', '0.00', '49.99', 'A'],
      ['NATURAL', '50.00', '100.00', 'A+B'],
      ['NATURAL', '100.01', '200.00', 'B'],
      ['LEGAL', '0.00', '100.00', 'A'],
    ]);
  });
});

describe('display order of a proposed list', () => {
  it('is sortOrder, then the name byte-wise (code point order), then the id', () => {
    const x = method({ sortOrder: 1, name: 'b', id: '00000000-0000-4000-8000-00000000000b' });
    const y = method({ sortOrder: 1, name: 'b', id: '00000000-0000-4000-8000-00000000000a' });
    const z = method({ sortOrder: 1, name: 'B' });
    const emoji = method({ sortOrder: 1, name: '\u{1F600}' });
    const privateUse = method({ sortOrder: 1, name: '\uE000' });
    const first = method({ sortOrder: 0, name: 'z' });
    expect(inDisplayOrder([x, y, emoji, privateUse, z, first]).map((m) => m.id)).toEqual(
      [first, z, y, x, privateUse, emoji].map((m) => m.id),
    );
  });
});

// --- the property ---------------------------------------------------------------------------------

/** Limits within 0 … 3.00 with up to three decimals: amounts 0.00 … 3.02 cover every range. */
const limit = fc
  .integer({ min: 0, max: 3 })
  .chain((scale) => fc.integer({ min: 0, max: 3 * 10 ** scale }).map((units) => ({ units: BigInt(units), scale })));
const TOP_CENTS = 302;
/** Limits 0.00k and 0.009 above the cent `cent`: between two cents. */
const subCent = (cent: number, k: number): [Decimal, Decimal] => [
  { units: BigInt(cent * 10 + k), scale: 3 },
  { units: BigInt(cent * 10 + 9), scale: 3 },
];

const IDS = Array.from({ length: 5 }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);

const methodArbitrary = (id: string) =>
  fc
    .record({
      name: fc.constantFrom('A', 'B', 'Å', 'a'),
      sortOrder: fc.integer({ min: 0, max: 2 }),
      type: fc.constantFrom(NOW, NOW, LATER, INVOICE, 'CARD'),
      // At times both limits within one cent (a method no cart amount reaches): a boundary where nothing changes.
      bounds: fc.oneof(
        { weight: 4, arbitrary: fc.tuple(limit, limit) },
        {
          weight: 1,
          arbitrary: fc.tuple(fc.integer({ min: 0, max: 299 }), fc.integer({ min: 1, max: 9 })).map(([cent, k]) => subCent(cent, k)),
        },
      ),
      natural: fc.boolean(),
      legal: fc.boolean(),
      campaign: fc.boolean(),
      keywords: fc.array(fc.constantFrom('BW', 'bw', 'Summer'), { minLength: 1, maxLength: 2 }),
      translated: fc.boolean(),
    })
    .map((m): PaymentMethod => ({
      ...method({ id }),
      name: m.name,
      description: `${m.name} description`,
      sortOrder: m.sortOrder,
      type: m.type,
      minPurchaseLimit: lower(m.bounds),
      maxPurchaseLimit: higher(m.bounds),
      enabledForNaturalCustomer: m.natural,
      enabledForLegalCustomer: m.legal,
      campaign: { campaign: m.campaign, keywords: m.keywords },
      translations: m.translated ? { sv: { name: `${m.name} (sv)` } } : undefined,
    }));

function compare(a: { units: bigint; scale: number }, b: { units: bigint; scale: number }): number {
  const scale = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(scale - a.scale);
  const y = b.units * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}
const lower = ([a, b]: [PaymentMethod['minPurchaseLimit'], PaymentMethod['minPurchaseLimit']]) => (compare(a, b) <= 0 ? a : b);
const higher = ([a, b]: [PaymentMethod['minPurchaseLimit'], PaymentMethod['minPurchaseLimit']]) => (compare(a, b) <= 0 ? b : a);

/** Today's catalog and a proposal: per method id absent, the same as today, or another method. */
const scenario = fc
  .tuple(
    fc.tuple(...IDS.map((id) => fc.option(methodArbitrary(id), { nil: undefined }))),
    fc.tuple(...IDS.map((id) => fc.oneof(fc.constant('same' as const), fc.option(methodArbitrary(id), { nil: undefined })))),
    fc.constantFrom('Delbetalning', 'Dela upp'),
    fc.constantFrom('SE', 'SE', 'FI'),
  )
  .map(([todays, proposals, bundleTitle, countryCode]) => {
    const today = todays.filter((m) => m !== undefined);
    const proposed = proposals.map((p, i) => (p === 'same' ? todays[i] : p)).filter((m) => m !== undefined);
    return {
      today: { store: store({ bundleTitle: 'Delbetalning' }), methods: inDisplayOrder(today) },
      proposed: { store: store({ bundleTitle, countryCode }), methods: inDisplayOrder(proposed) },
    };
  });

function groupsAt(catalog: StoreMethods, cents: number, customerType: CustomerType, campaign: string | undefined): PreviewGroup[] {
  const language = languageOfCountry(catalog.store.countryCode);
  const query = { amount: { units: BigInt(cents), scale: 2 }, customerType, campaign, flattened: false, language };
  return offerGroups(catalog, query, DEFAULT_OPERATOR_TYPES).map(({ id, title, type }) => ({ id, title, type }));
}

const cents = (text: string) => Math.round(Number(text) * 100);

describe('change preview: property', () => {
  it('covers exactly the amounts offered differently, with both sides as group retrieval forms them, in maximal ranges', () => {
    fc.assert(
      fc.property(scenario, ({ today, proposed }) => {
        // Sessions without rules for their order (the orders' own changes: the property below).
        const changes = previewChanges(today, proposed, DEFAULT_OPERATOR_TYPES).filter(
          (c) => c.productType === undefined && c.country === undefined,
        );
        const keywords = new Map<string, string>();
        for (const m of [...today.methods, ...proposed.methods]) {
          if (m.campaign.campaign) for (const k of m.campaign.keywords) keywords.set(normalizeCampaignKeyword(k), k);
        }
        const campaigns = [null, ...[...keywords.keys()].sort()];
        // Only these campaigns, in this order (one spelling each), and within each ascending, not overlapping.
        const order = (c: OfferChange) =>
          [CUSTOMER_TYPES.indexOf(c.customerType), campaigns.indexOf(c.campaign && normalizeCampaignKeyword(c.campaign))] as const;
        for (const change of changes) expect(order(change)[1]).toBeGreaterThanOrEqual(0);
        for (let i = 1; i < changes.length; i += 1) {
          const [p, c] = [changes[i - 1]!, changes[i]!];
          const [pt, pc] = order(p);
          const [ct, cc] = order(c);
          expect(pt < ct || (pt === ct && (pc < cc || (pc === cc && p.to !== null && cents(p.to) < cents(c.from))))).toBe(true);
          // Maximal: touching ranges of one question differ on one side at least.
          if (pt === ct && pc === cc && cents(p.to!) + 1 === cents(c.from)) {
            expect(JSON.stringify([p.before, p.after])).not.toBe(JSON.stringify([c.before, c.after]));
          }
        }
        for (const customerType of CUSTOMER_TYPES) {
          for (const normalized of campaigns) {
            const campaign = normalized === null ? undefined : keywords.get(normalized);
            const mine = changes.filter(
              (c) => c.customerType === customerType && (c.campaign === null ? null : normalizeCampaignKeyword(c.campaign)) === normalized,
            );
            for (let amount = 0; amount <= TOP_CENTS; amount += 1) {
              const before = groupsAt(today, amount, customerType, campaign);
              const after = groupsAt(proposed, amount, customerType, campaign);
              const covering = mine.filter((c) => cents(c.from) <= amount && (c.to === null || amount <= cents(c.to)));
              // The expectations below only where a cheap strict comparison finds a difference: over 100,000
              // amounts a run of the property, expect() was most of its time. isDeepStrictEqual is at least
              // as strict as toEqual, so a difference it misses toEqual would miss too.
              if (JSON.stringify(before) === JSON.stringify(after)) {
                if (covering.length !== 0) expect(covering).toEqual([]);
              } else if (
                covering.length !== 1 ||
                !isDeepStrictEqual(covering[0]!.before, before) ||
                !isDeepStrictEqual(covering[0]!.after, after)
              ) {
                expect(covering).toHaveLength(1);
                expect(covering[0]!.before).toEqual(before);
                expect(covering[0]!.after).toEqual(after);
              }
            }
            // Beyond every limit nothing is offered on either side: no range reaches past them.
            for (const c of mine) expect(c.to === null || cents(c.to) < TOP_CENTS).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000); // 5 s alone; a loaded 2-core machine ran it past 30 s
});

// --- the merchant's rules for one order -----------------------------------------------------------

describe('change preview: a method’s rules for orders', () => {
  const invoice = method({ name: 'Faktura', type: INVOICE, sortOrder: 1, maxPurchaseLimit: dec('20000') });
  const twelve = method({ name: '12 månader', type: NOW, sortOrder: 2, maxPurchaseLimit: dec('50000'), plans: [plan()] });
  const account = method({ name: 'Konto', type: 'PROVIDER_REVOLVING_CREDIT', sortOrder: 3, maxPurchaseLimit: dec('50000') });
  const today = catalogOf([invoice, twelve, account], { bundleTitle: 'Delbetalning' });
  const proposedWith = (changes: Partial<PaymentMethod>, storeOverrides = {}) =>
    catalogOf([invoice, { ...twelve, ...changes }, account], { bundleTitle: 'Delbetalning', ...storeOverrides });

  it('tells what orders holding a kind of goods would no longer be offered, and nothing for sessions without rules', () => {
    const changes = preview(today, proposedWith({ excludedProductTypes: ['GIFT_CARD'] }));
    expect(changes).toEqual([
      {
        customerType: 'NATURAL',
        campaign: null,
        productType: 'GIFT_CARD',
        from: '0.00',
        to: '20000.00',
        before: [group([invoice], 'Faktura'), group([twelve], '12 månader'), group([account], 'Konto')],
        after: [group([invoice], 'Faktura'), group([account], 'Konto')],
      },
      {
        customerType: 'NATURAL',
        campaign: null,
        productType: 'GIFT_CARD',
        from: '20000.01',
        to: '50000.00',
        before: [group([twelve], '12 månader'), group([account], 'Konto')],
        after: [group([account], 'Konto')],
      },
    ]);
    // Taking the exclusion away again is previewed the other way round.
    expect(
      preview(proposedWith({ excludedProductTypes: ['GIFT_CARD'] }), today).map((c) => [c.productType, c.before.length, c.after.length]),
    ).toEqual([
      ['GIFT_CARD', 2, 3],
      ['GIFT_CARD', 1, 2],
    ]);
    // An exclusion both sides have changes nothing.
    const both = proposedWith({ excludedProductTypes: ['GIFT_CARD', 'DIGITAL'] });
    expect(preview(both, both)).toEqual([]);
  });

  it('tells what orders from a country would be offered differently, with the store’s country as the default', () => {
    const changes = preview(today, proposedWith({ countries: ['NO', 'SE'] }));
    // NO gains the method (nothing else is offered there), SE keeps it; a country nobody names is offered nothing on either side.
    expect(changes).toEqual([
      {
        customerType: 'NATURAL',
        campaign: null,
        country: 'NO',
        from: '0.00',
        to: '50000.00',
        before: [],
        after: [group([twelve], '12 månader')],
      },
    ]);
    const onlyNorway = preview(today, proposedWith({ countries: ['NO'] }));
    expect(onlyNorway.map((c) => [c.country, c.from, c.to, c.before.length, c.after.length])).toEqual([
      ['NO', '0.00', '50000.00', 0, 1],
      ['SE', '0.00', '20000.00', 3, 2],
      ['SE', '20000.01', '50000.00', 2, 1],
    ]);
    // The store's own country written out is the default: nothing changes.
    expect(preview(today, proposedWith({ countries: ['SE'] }))).toEqual([]);
  });

  it('tells a store’s new country to the orders of both countries, for the methods that follow it', () => {
    const changes = preview(
      today,
      catalogOf([invoice, { ...twelve, countries: ['SE'] }, account], { bundleTitle: 'Delbetalning', countryCode: 'FI' }),
    );
    const countries = changes.filter((c) => c.country !== undefined).map((c) => [c.country, c.before.length, c.after.length]);
    // FI: offered the invoice and the account now (they follow the store); SE: only the method of its own countries.
    expect(countries).toContainEqual(['FI', 0, 2]);
    expect(countries).toContainEqual(['SE', 3, 1]);
  });

  it('does not tell an order’s change again when sessions without rules are told the same change', () => {
    // The limit falls for everyone; gift-card orders (for which the account is excluded on both sides)
    // lose the same group, the invoice: told once, to sessions without rules.
    const excluded = { ...account, excludedProductTypes: ['GIFT_CARD' as const] };
    const before = catalogOf([invoice, twelve, excluded], { bundleTitle: 'Delbetalning' });
    const after = catalogOf([{ ...invoice, maxPurchaseLimit: dec('10000') }, twelve, excluded], { bundleTitle: 'Delbetalning' });
    const changes = preview(before, after);
    expect(changes.map((c) => [c.productType ?? null, c.from, c.to])).toEqual([[null, '10000.01', '20000.00']]);
    // Where the exclusion changes too, gift-card orders see another change: told to them.
    const alsoExcluded = catalogOf(
      [{ ...invoice, maxPurchaseLimit: dec('10000') }, { ...twelve, excludedProductTypes: ['GIFT_CARD'] }, excluded],
      {
        bundleTitle: 'Delbetalning',
      },
    );
    expect(preview(before, alsoExcluded).map((c) => [c.productType ?? null, c.from, c.to])).toEqual([
      [null, '10000.01', '20000.00'],
      ['GIFT_CARD', '0.00', '10000.00'],
      ['GIFT_CARD', '10000.01', '20000.00'],
      ['GIFT_CARD', '20000.01', '50000.00'],
    ]);
  });
});

/** Limits within 0 … 1.00 (two decimals): amounts 0.00 … 1.01 cover every range. */
const smallLimit = fc.integer({ min: 0, max: 100 }).map((units) => ({ units: BigInt(units), scale: 2 }));
const RULES_TOP_CENTS = 101;
const KINDS = ['GIFT_CARD', 'DIGITAL'] as const;
const COUNTRIES = ['SE', 'FI', 'NO'];

const ruledMethodArbitrary = (id: string) =>
  fc
    .record({
      name: fc.constantFrom('A', 'B'),
      type: fc.constantFrom(NOW, NOW, LATER, INVOICE),
      bounds: fc.tuple(smallLimit, smallLimit),
      natural: fc.boolean(),
      legal: fc.boolean(),
      excluded: fc.subarray([...KINDS]),
      countries: fc.option(fc.subarray(COUNTRIES, { minLength: 1 }), { nil: undefined }),
    })
    .map((m): PaymentMethod => ({
      ...method({ id }),
      name: m.name,
      sortOrder: 0,
      type: m.type,
      minPurchaseLimit: lower(m.bounds),
      maxPurchaseLimit: higher(m.bounds),
      enabledForNaturalCustomer: m.natural,
      enabledForLegalCustomer: m.legal,
      excludedProductTypes: m.excluded,
      countries: m.countries,
    }));

const ruledScenario = fc
  .tuple(
    fc.tuple(...IDS.slice(0, 4).map((id) => fc.option(ruledMethodArbitrary(id), { nil: undefined }))),
    fc.tuple(
      ...IDS.slice(0, 4).map((id) => fc.oneof(fc.constant('same' as const), fc.option(ruledMethodArbitrary(id), { nil: undefined }))),
    ),
    fc.constantFrom('SE', 'SE', 'FI'),
  )
  .map(([todays, proposals, countryCode]) => {
    const today = todays.filter((m) => m !== undefined);
    const proposed = proposals.map((p, i) => (p === 'same' ? todays[i] : p)).filter((m) => m !== undefined);
    return {
      today: { store: store({ bundleTitle: 'Delbetalning' }), methods: inDisplayOrder(today) },
      proposed: { store: store({ bundleTitle: 'Delbetalning', countryCode }), methods: inDisplayOrder(proposed) },
    };
  });

/** What a change takes away and adds, as group keys. */
function delta(before: PreviewGroup[], after: PreviewGroup[]): [string[], string[]] {
  const key = (g: PreviewGroup) => JSON.stringify([g.id, g.title, g.type]);
  const [b, a] = [before.map(key), after.map(key)];
  return [b.filter((k) => !a.includes(k)), a.filter((k) => !b.includes(k))];
}

/** Group retrieval for a session with `rules`: the rules take methods away before grouping. */
function ruledGroupsAt(catalog: StoreMethods, cents: number, customerType: CustomerType, rules: OrderRules | undefined): PreviewGroup[] {
  const allowed = { ...catalog, methods: catalog.methods.filter((m) => allowedByOrderRules(m, catalog.store, rules)) };
  return groupsAt(allowed, cents, customerType, undefined);
}

describe('change preview: property of the orders’ rules', () => {
  it('tells an order exactly where it is offered differently and sessions without rules are not told the same change', () => {
    const orders: Array<{ key: Partial<OfferChange>; rules: OrderRules }> = [
      ...PRODUCT_TYPES.map((productType) => ({ key: { productType }, rules: { productTypes: [productType] } })),
      ...[...COUNTRIES, 'DK'].map((country) => ({ key: { country }, rules: { country } })),
    ];
    fc.assert(
      fc.property(ruledScenario, ({ today, proposed }) => {
        const changes = previewChanges(today, proposed, DEFAULT_OPERATOR_TYPES);
        for (const customerType of CUSTOMER_TYPES) {
          const plain = Array.from({ length: RULES_TOP_CENTS + 1 }, (_, amount) => [
            ruledGroupsAt(today, amount, customerType, undefined),
            ruledGroupsAt(proposed, amount, customerType, undefined),
          ]);
          for (const order of orders) {
            const mine = changes.filter(
              (c) => c.customerType === customerType && c.productType === order.key.productType && c.country === order.key.country,
            );
            for (let i = 1; i < mine.length; i += 1) expect(cents(mine[i - 1]!.to!)).toBeLessThan(cents(mine[i]!.from));
            for (let amount = 0; amount <= RULES_TOP_CENTS; amount += 1) {
              const before = ruledGroupsAt(today, amount, customerType, order.rules);
              const after = ruledGroupsAt(proposed, amount, customerType, order.rules);
              const [before0, after0] = plain[amount]!;
              const told = !isDeepStrictEqual(before, after) && !isDeepStrictEqual(delta(before, after), delta(before0!, after0!));
              const covering = mine.filter((c) => cents(c.from) <= amount && (c.to === null || amount <= cents(c.to)));
              if (!told) {
                if (covering.length !== 0)
                  expect({ amount, order: order.key, covering }).toEqual({ amount, order: order.key, covering: [] });
              } else {
                expect(covering).toHaveLength(1);
                expect(covering[0]!.before).toEqual(before);
                expect(covering[0]!.after).toEqual(after);
              }
            }
          }
        }
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
