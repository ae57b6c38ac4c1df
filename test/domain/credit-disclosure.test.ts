// The credit disclosure's figures and texts (src/domain/credit-disclosure.ts) against an independent
// computation: the monthly cost and total in exact rationals, the annual percentage rate by plain
// bisection on the monthly rate in 48-digit fixed point (BigInt), the text's numbers by Intl of their
// own; for every plan shape of the demo catalog and the fixtures, a zero-rate plan without fees and a
// plan with fees only, at many amounts. Also the tie rule, consumers only, the warning and its
// defaults, and every language's text.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  DisclosureFormat,
  amountWithTwoDecimals,
  creditWarningOf,
  disclosureFormat,
  disclosureJsonPieces,
  disclosureParts,
  disclosureOf,
  groupDisclosure,
  namedPlan,
  priceInformation,
  priceInformationLink,
  priceInformationUrl,
  priceInformationUrlInner,
  priceSignageDisclosure,
  servesConsumers,
} from '../../src/domain/credit-disclosure.ts';
import { generatedTexts } from '../../src/domain/generated-texts.ts';
import { LANGUAGES, type Language } from '../../src/domain/languages.ts';
import { decimalFromNumber, type Decimal } from '../../src/domain/money.ts';
import { planCosts, plansInOrder, priceSignageCosts } from '../../src/domain/price-signage.ts';
import type { PaymentPlan } from '../../src/domain/catalog.ts';
import { dec, method, plan, store } from '../helpers/fixtures.ts';

const LINK_URL = 'https://pay.example.com/v1/sessions/s/price-information?amount=1&group=g';

// --- the independent computation -----------------------------------------------------------------

/** A decimal as a fraction n / 10^s. */
const frac = (d: Decimal) => ({ n: d.units, d: 10n ** BigInt(d.scale) });

/** ceil(amount × factor + fee), exactly in rationals. */
function expectedMonthly(amount: Decimal, p: PaymentPlan): bigint {
  const a = frac(amount);
  const f = frac(p.annuityFactor);
  const fee = frac(p.administrationFee);
  const num = a.n * f.n * fee.d + fee.n * a.d * f.d;
  const den = a.d * f.d * fee.d;
  return (num + den - 1n) / den;
}

const DIGITS = 48n;
const ONE = 10n ** DIGITS;

/** The APR in hundredths of a percent (half away from zero), by bisection on the monthly rate in fixed point. */
function expectedAprHundredths(amount: Decimal, months: number, monthly: bigint, setupFee: Decimal): bigint {
  // Everything in units of 10^-DIGITS: present value minus the amount at monthly rate r.
  const scaled = (d: Decimal) => (d.units * ONE) / 10n ** BigInt(d.scale);
  const principal = scaled(amount);
  const first = monthly * ONE + scaled(setupFee);
  const rest = monthly * ONE;
  const excess = (r: bigint) => {
    let discount = ONE;
    let value = 0n;
    for (let k = 1; k <= months; k += 1) {
      discount = (discount * ONE) / (ONE + r);
      value += ((k === 1 ? first : rest) * discount) / ONE;
    }
    return value - principal;
  };
  let low = -(ONE / 2n);
  let high = ONE;
  while (excess(high) >= 0n) high *= 2n;
  expect(excess(low)).toBeGreaterThan(0n);
  for (let i = 0; i < 200 && high - low > 1n; i += 1) {
    const middle = (low + high) / 2n;
    if (excess(middle) > 0n) low = middle;
    else high = middle;
  }
  // X = (1 + r)^12 − 1, in hundredths of a percent: X × 10^4 / ONE, rounded half away from zero.
  let growth = ONE;
  for (let i = 0; i < 12; i += 1) growth = (growth * (ONE + low)) / ONE;
  const x = growth - ONE;
  const scaledX = x * 10_000n;
  const sign = scaledX < 0n ? -1n : 1n;
  const magnitude = sign * scaledX;
  return sign * ((magnitude + ONE / 2n) / ONE);
}

/** The Nordic countries and one outside them, with their currencies. */
const COUNTRIES = [
  ['SE', 'SEK'],
  ['FI', 'EUR'],
  ['NO', 'NOK'],
  ['DK', 'DKK'],
  ['DE', 'EUR'],
] as const;

const hundredths = (value: number) => BigInt(Math.round(value * 100));

// --- plan shapes -----------------------------------------------------------------------------------

interface CatalogPlan {
  name: string;
  durationMonths: number;
  annuityFactor: number;
  administrationFee?: number;
  setupFee?: number;
  interest?: number;
}
const demo = JSON.parse(readFileSync(new URL('../../demo/catalog.json', import.meta.url), 'utf8')) as {
  paymentMethods: Array<{ plans?: CatalogPlan[] }>;
};
const fromCatalog = (p: CatalogPlan): PaymentPlan =>
  plan({
    name: p.name,
    durationMonths: p.durationMonths,
    annuityFactor: decimalFromNumber(p.annuityFactor),
    administrationFee: decimalFromNumber(p.administrationFee ?? 0),
    setupFee: decimalFromNumber(p.setupFee ?? 0),
    interest: decimalFromNumber(p.interest ?? 0),
  });
const SHAPES: PaymentPlan[] = [
  ...demo.paymentMethods.flatMap((m) => m.plans ?? []).map(fromCatalog),
  plan(),
  plan({ name: '24', durationMonths: 24, annuityFactor: dec('0.0461'), administrationFee: dec('29') }),
  plan({ name: '36', durationMonths: 36, annuityFactor: dec('0.034640848301'), administrationFee: dec('29'), setupFee: dec('295') }),
  // A zero-rate plan without fees, and one whose only cost is its fees.
  plan({ name: 'free', durationMonths: 10, annuityFactor: dec('0.1') }),
  plan({ name: 'fees', durationMonths: 12, annuityFactor: dec('0.083333333333'), administrationFee: dec('19.50'), setupFee: dec('395') }),
];

/** Amounts in cents, from 100.00 (below it a setup fee makes rates of thousands of percent) to 1,000,000.00. */
const amountArbitrary = fc.oneof(
  fc.bigInt({ min: 100_00n, max: 10_000_00n }),
  fc.bigInt({ min: 100_00n, max: 1_000_000_00n }),
  fc.constantFrom(100_00n, 100_01n, 1299_95n, 10_000_00n),
);

describe('the representative example', () => {
  it('has the figures of an independent computation, for every plan shape and many amounts', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SHAPES), amountArbitrary, fc.constantFrom<Language>(...LANGUAGES), (p, cents, language) => {
        const amount: Decimal = { units: cents, scale: 2 };
        const partPayment = method({
          type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
          priceSignagePossible: true,
          plans: [p],
          maxPurchaseLimit: dec('1000000000'),
        });
        const result = groupDisclosure(store(), language, [partPayment], ['NATURAL'], amount, LINK_URL)!;
        const { example, text } = result.disclosure;
        const monthly = expectedMonthly(amount, p);
        const total = {
          units: monthly * BigInt(p.durationMonths) * 10n ** BigInt(p.setupFee.scale) + p.setupFee.units,
          scale: p.setupFee.scale,
        };
        expect(example.monthlyCost).toBe(Number(monthly));
        expect(example.totalCost).toBe(Number(total.units) / 10 ** total.scale);
        expect(hundredths(example.effectiveInterest)).toBe(expectedAprHundredths(amount, p.durationMonths, monthly, p.setupFee));
        expect(example.amount).toBe(`${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`);
        expect(example.durationMonths).toBe(p.durationMonths);
        // The text: every figure as Intl writes it for the language and the store's country.
        const tag = `${language}-SE`;
        const money = (v: string) =>
          new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(v as never);
        const rate = (percent: number) =>
          new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(percent / 100);
        const apr = rate(example.effectiveInterest);
        expect(text).toBe(
          generatedTexts(language).disclosure({
            amount: new Intl.NumberFormat(tag, { style: 'currency', currency: 'SEK' }).format(example.amount as never),
            months: new Intl.NumberFormat(tag).format(p.durationMonths),
            monthlyCost: money(String(monthly)),
            interest: rate(example.interest),
            setupFee: money(String(example.setupFee)),
            administrationFee: money(String(example.administrationFee)),
            apr,
            totalCost: money(String(example.totalCost)),
          }),
        );
        expect(result.internal.apr).toBe(apr);
        expect(text).toContain(apr);
        // Price signage says the same of the same plan.
        const costs = priceSignageCosts(partPayment, amount);
        expect(priceSignageDisclosure(store(), language, partPayment.id, plansInOrder(partPayment), costs, amount)).toEqual({
          text,
          warning: result.disclosure.warning,
          example,
        });
      }),
      { numRuns: 300 },
    );
  });

  it('is of the plan the subtitle names: the lowest cost, on a tie the first member, then the plans order', () => {
    const cheap = plan({ name: 'b', durationMonths: 12, annuityFactor: dec('0.1') });
    const alsoCheap = plan({ name: 'a', durationMonths: 12, annuityFactor: dec('0.1') });
    const longer = plan({ name: 'a', durationMonths: 24, annuityFactor: dec('0.1') });
    const first = method({ type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', priceSignagePossible: true, plans: [longer, cheap, alsoCheap] });
    const second = method({ type: 'PROVIDER_PART_PAYMENT_SELECT_NOW', priceSignagePossible: true, plans: [alsoCheap] });
    const amount = dec('1000');
    // Equal costs: the first member; within it the shorter duration, then the name ('a' before 'b').
    expect(namedPlan(store(), [first, second], amount)).toMatchObject({ method: first, plan: alsoCheap });
    expect(namedPlan(store(), [second, first], amount)).toMatchObject({ method: second, plan: alsoCheap });
    const cheaper = method({ priceSignagePossible: true, plans: [plan({ annuityFactor: dec('0.09') })] });
    expect(namedPlan(store(), [first, cheaper], amount)!.method).toBe(cheaper);
    // Below the minimum invoice amount a cost is not named; a method without price signage is not counted.
    expect(namedPlan(store({ minimumInvoiceAmount: dec('95') }), [first, cheaper], amount)!.method).toBe(first);
    expect(namedPlan(store(), [{ ...cheaper, priceSignagePossible: false }], amount)).toBeUndefined();
    // Price signage on a tie: the first listed.
    const costs = priceSignageCosts(first, amount);
    expect(priceSignageDisclosure(store(), 'en', first.id, plansInOrder(first), costs, amount)!.example.planName).toBe('a');
    expect(priceSignageDisclosure(store(), 'en', first.id, [], [], amount)).toBeNull();
  });

  it('is for consumers only, and for a credit only', () => {
    const m = method({ priceSignagePossible: true, plans: [plan()] });
    expect(groupDisclosure(store(), 'sv', [m], ['LEGAL'], dec('1000'), LINK_URL)).toBeNull();
    expect(groupDisclosure(store(), 'sv', [m], ['NATURAL', 'LEGAL'], dec('1000'), LINK_URL)).not.toBeNull();
    expect(groupDisclosure(store(), 'sv', [m], ['NATURAL'], dec('0'), LINK_URL)).toBeNull();
  });

  it("carries the store's warning in the language, else the language's default; '' is none", () => {
    expect(LANGUAGES.map((l) => creditWarningOf(store(), l))).toEqual([
      'Att låna kostar pengar!',
      'Å ta opp lån koster penger.',
      'Det koster penge at låne penge.',
      'Lainan ottaminen maksaa rahaa.',
      'Borrowing money costs money.',
    ]);
    const own = store({ creditWarning: 'Lån kostar.', translations: { en: { creditWarning: 'Loans cost.' }, fi: { creditWarning: '' } } });
    expect(creditWarningOf(own, 'sv')).toBe('Lån kostar.');
    expect(creditWarningOf(own, 'en')).toBe('Loans cost.');
    expect(creditWarningOf(own, 'fi')).toBeNull();
    expect(creditWarningOf(store({ creditWarning: '' }), 'sv')).toBeNull();
    expect(creditWarningOf(store({ creditWarning: null }), 'da')).toBe('Det koster penge at låne penge.');
  });

  it("writes every language with its own words and the store country's numbers", () => {
    const m = method({ priceSignagePossible: true, plans: [SHAPES.at(-3)!] });
    for (const [country, currency] of COUNTRIES) {
      for (const language of LANGUAGES) {
        const { text } = groupDisclosure(
          store({ countryCode: country, currency }),
          language,
          [m],
          ['NATURAL'],
          dec('12345.60'),
          LINK_URL,
        )!.disclosure;
        expect(text).toContain(new Intl.NumberFormat(`${language}-${country}`, { style: 'currency', currency }).format(12345.6));
        if (language !== 'en')
          expect(text, language).not.toMatch(/\b(from|month|months|part|payment|per|rate|fee|total|interest|example)\b/i);
      }
    }
    // A currency or country Intl refuses: the number and the code.
    const odd = groupDisclosure(store({ currency: 'KRONOR', countryCode: 'S' }), 'sv', [m], ['NATURAL'], dec('100'), LINK_URL)!.disclosure;
    expect(odd.text).toContain('KRONOR');
  });
});

describe('the price-information figures', () => {
  it('are every plan of the members in display order and the plans order, formatted as the text', () => {
    const a = method({
      priceSignagePossible: true,
      plans: [plan({ name: 'x', durationMonths: 24 }), plan({ name: 'y', durationMonths: 12 })],
    });
    const b = method({ priceSignagePossible: true, plans: [plan({ name: 'z' })] });
    const rows = priceInformation(store(), 'sv', [a, b], dec('1000'));
    expect(rows.map((r) => r.plan.name)).toEqual(['y', 'x', 'z']);
    expect(rows[0]!.text).toBe(generatedTexts('sv').disclosure(rows[0]!.texts));
    expect(rows[0]!.texts.monthlyCost).toBe(
      new Intl.NumberFormat('sv-SE', { style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }).format(84),
    );
  });
});

describe('the number formats', () => {
  it('write every number as Intl.NumberFormat does, for every language and many countries and currencies', () => {
    const intl = (tag: string, options: Intl.NumberFormatOptions, value: string) =>
      new Intl.NumberFormat(tag, options).format(value as never);
    fc.assert(
      fc.property(
        fc.constantFrom<Language>(...LANGUAGES),
        fc.constantFrom('SE', 'FI', 'NO', 'DK', 'DE', 'CH', 'IN', 'US', 'GB', 'ES'),
        fc.constantFrom('SEK', 'EUR', 'NOK', 'JPY', 'CHF', 'INR', 'BHD'),
        fc.bigInt({ min: 0n, max: 10n ** 17n }),
        fc.constantFrom(0, 1, 2, 3, 4, 5),
        fc.boolean(),
        (language, country, currency, units, scale, negative) => {
          const format = new DisclosureFormat(language, currency, country);
          const tag = `${language}-${country}`;
          const text =
            (negative && units > 0n ? '-' : '') +
            (scale === 0
              ? units.toString()
              : `${units / 10n ** BigInt(scale)}.${(units % 10n ** BigInt(scale)).toString().padStart(scale, '0')}`);
          expect(format.money(text)).toBe(intl(tag, { style: 'currency', currency, maximumFractionDigits: 0 }, text));
          expect(format.amount(text)).toBe(intl(tag, { style: 'currency', currency }, text));
          expect(format.percent(text)).toBe(intl(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }, text));
          expect(format.integer(text)).toBe(intl(tag, {}, text));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('the number formats without Intl', () => {
  // The hot path writes four numbers per disclosure: where the locale's shape was confirmed once, a
  // number of the format's own decimals is written without an Intl call, and every other one by Intl.
  /** Each call of `write`, with how many times Intl.NumberFormat formatted during it. */
  function intlCalls(write: () => string): { text: string; calls: number } {
    // `format` is a getter (it returns a bound function): each of its reads is one number formatted.
    const spy = vi.spyOn(Intl.NumberFormat.prototype as unknown as { format: unknown }, 'format', 'get');
    try {
      const text = write();
      return { text, calls: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  }
  const intl = (tag: string, options: Intl.NumberFormatOptions, value: string) =>
    new Intl.NumberFormat(tag, options).format(value as never);
  const MONEY = (currency: string): Intl.NumberFormatOptions => ({ style: 'currency', currency, maximumFractionDigits: 0 });
  const PERCENT: Intl.NumberFormatOptions = { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 };

  it('asks Intl for no number of the shape it confirmed, in every language and the Nordic countries', () => {
    for (const language of LANGUAGES) {
      for (const [country, currency] of COUNTRIES) {
        const format = new DisclosureFormat(language, currency, country);
        const tag = `${language}-${country}`;
        const cases: Array<[Formatter: (v: string) => string, options: Intl.NumberFormatOptions, value: string]> = [
          [format.money, MONEY(currency), '7'],
          [format.money, MONEY(currency), '1234567'],
          // 16 digits, the longest confirmed.
          [format.money, MONEY(currency), '9876543210987654'],
          [format.money, MONEY(currency), '0001234'],
          // Whole money with zeros after the point.
          [format.money, MONEY(currency), '1234.00'],
          [format.money, MONEY(currency), '1234.0'],
          [format.amount, { style: 'currency', currency }, '1299.95'],
          [format.amount, { style: 'currency', currency }, '0.05'],
          [format.amount, { style: 'currency', currency }, '1234567890.10'],
          // Fractions of percent with two decimals and two more (the point moves two places).
          [format.percent, PERCENT, '0.0995'],
          [format.percent, PERCENT, '0.0000'],
          [format.percent, PERCENT, '12.3456'],
          [format.percent, PERCENT, '1.0000'],
        ];
        for (const [write, options, value] of cases) {
          const expected = intl(tag, options, value);
          expect(
            intlCalls(() => write(value)),
            `${tag} ${value}`,
          ).toEqual({ text: expected, calls: 0 });
        }
      }
    }
  });

  it('asks Intl for other numbers: other decimals, more than 16 digits, signs, other groupings', () => {
    const format = new DisclosureFormat('sv', 'SEK', 'SE');
    const cases: Array<[Formatter: (v: string) => string, options: Intl.NumberFormatOptions, value: string]> = [
      [format.money, MONEY('SEK'), '1234.5'],
      [format.money, MONEY('SEK'), '1234.01'],
      [format.money, MONEY('SEK'), '12345678901234567'],
      [format.money, MONEY('SEK'), '-1234'],
      [format.amount, { style: 'currency', currency: 'SEK' }, '1299.9'],
      [format.amount, { style: 'currency', currency: 'SEK' }, '1299.950'],
      [format.amount, { style: 'currency', currency: 'SEK' }, '1299'],
      [format.amount, { style: 'currency', currency: 'SEK' }, '12345678901234567.00'],
      [format.percent, PERCENT, '0.099'],
      [format.percent, PERCENT, '0.09950'],
      [format.percent, PERCENT, '1'],
      [format.percent, PERCENT, '123456789012345.6789'],
      // The integer format's decimals vary (0 to 3): never confirmed.
      [format.integer, {}, '12'],
    ];
    for (const [write, options, value] of cases) {
      expect(
        intlCalls(() => write(value)),
        value,
      ).toEqual({ text: intl('sv-SE', options, value), calls: 1 });
    }
    // Indian English groups by twos above the thousands: Intl writes every number.
    const indian = new DisclosureFormat('en', 'INR', 'IN');
    expect(intlCalls(() => indian.money('12345678'))).toEqual({ text: intl('en-IN', MONEY('INR'), '12345678'), calls: 1 });
    expect(intlCalls(() => indian.percent('0.0995'))).toEqual({ text: intl('en-IN', PERCENT, '0.0995'), calls: 1 });
    // A currency without decimals: its amounts are written whole without Intl, with decimals by Intl.
    const yen = new DisclosureFormat('en', 'JPY', 'US');
    expect(intlCalls(() => yen.amount('1300'))).toEqual({ text: intl('en-US', { style: 'currency', currency: 'JPY' }, '1300'), calls: 0 });
    expect(intlCalls(() => yen.amount('1299.95'))).toEqual({
      text: intl('en-US', { style: 'currency', currency: 'JPY' }, '1299.95'),
      calls: 1,
    });
  });
});

describe('the pieces of a disclosure', () => {
  it("writes the example's amount with at least two decimals, never fewer digits than given", () => {
    expect(amountWithTwoDecimals(dec('1300'))).toBe('1300.00');
    expect(amountWithTwoDecimals(dec('1299.5'))).toBe('1299.50');
    expect(amountWithTwoDecimals(dec('1299.95'))).toBe('1299.95');
    expect(amountWithTwoDecimals(dec('1299.955'))).toBe('1299.955');
    expect(amountWithTwoDecimals(dec('0'))).toBe('0.00');
  });

  it('writes a currency Intl refuses as the number and the code, and a country it refuses by the language alone', () => {
    const sv = (options: Intl.NumberFormatOptions, value: string) => new Intl.NumberFormat('sv', options).format(value as never);
    const odd = new DisclosureFormat('sv', 'KRONOR', 'SE');
    expect(odd.money('1234567')).toBe(`${sv({}, '1234567')} KRONOR`);
    // Whole currency units, rounded.
    expect(odd.money('1234.5')).toBe(`${sv({}, '1235')} KRONOR`);
    expect(odd.amount('1299.95')).toBe(`${sv({}, '1299.95')} KRONOR`);
    expect(odd.percent('0.0995')).toBe(sv({ style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }, '0.0995'));
    const noCountry = new DisclosureFormat('sv', 'SEK', 'S');
    expect(noCountry.money('1234567')).toBe(sv({ style: 'currency', currency: 'SEK', maximumFractionDigits: 0 }, '1234567'));
    expect(noCountry.amount('1299.95')).toBe(sv({ style: 'currency', currency: 'SEK' }, '1299.95'));
  });

  it('makes the formats of a language, country and currency once, and at most 1,000 of them', () => {
    const first = disclosureFormat('da', 'DK', 'DKK');
    expect(disclosureFormat('da', 'DK', 'DKK')).toBe(first);
    expect(disclosureFormat('da', 'DK', 'EUR')).not.toBe(first);
    expect(disclosureFormat('da', 'DK', 'EUR').currency).toBe('EUR');
    expect(disclosureFormat('da', 'SE', 'DKK')).not.toBe(first);
    expect(disclosureFormat('sv', 'DK', 'DKK').language).toBe('sv');
    // Made-up currency codes (Intl accepts any three letters): new formats one after the other.
    let next = 0;
    const fresh = () => {
      const code = String.fromCharCode(65 + (next % 26), 65 + (Math.floor(next / 26) % 26), 65 + Math.floor(next / 676));
      next += 1;
      return disclosureFormat('fi', 'FI', code);
    };
    const sentinel = () => disclosureFormat('fi', 'SE', 'SEK');
    // New formats until the cache is cleared (the sentinel's is made again): then it holds two.
    let kept = sentinel();
    for (let made = sentinel(); made === kept; made = sentinel()) {
      kept = made;
      fresh();
    }
    kept = sentinel();
    // 998 more make 1,000: all kept.
    for (let i = 0; i < 998; i += 1) fresh();
    expect(sentinel()).toBe(kept);
    // The next new one clears them.
    fresh();
    expect(sentinel()).not.toBe(kept);
  });

  it('is serialized from pieces cut once per plan to the bytes JSON.stringify writes of its objects', () => {
    // Texts that JSON must escape: quotes, backslashes, a line break, a control character, emoji.
    const awkward = fc.constantFrom('Plain', 'Say "credit"', 'C:\\loans\n', '\u0007bell', 'Lån 💸', '');
    fc.assert(
      fc.property(
        fc.constantFrom(...SHAPES),
        amountArbitrary,
        fc.constantFrom<Language>(...LANGUAGES),
        awkward,
        fc.option(awkward, { nil: undefined }),
        fc.constantFrom('SEK', 'EUR', 'XYZ'),
        (p, cents, language, name, warning, currency) => {
          const named = { ...p, name: `${p.name} ${name}` };
          const s = store({ currency, ...(warning === undefined ? {} : { creditWarning: warning }) });
          const format = disclosureFormat(language, s.countryCode, s.currency);
          const amount: Decimal = { units: cents, scale: 2 };
          const texts = format.planTexts(named);
          const costs = planCosts(named, amount);
          const url = `${LINK_URL}&x=${name}`;
          const objects = disclosureOf(s, format, `method ${name}`, named, texts, amount, costs, url);
          const pieces = disclosureJsonPieces(s, format, `method ${name}`, named, texts);
          const parts = disclosureParts(pieces, format, texts, amountWithTwoDecimals(amount), costs);
          const inner = JSON.stringify(url).slice(1, -1);
          expect(parts.before + inner + parts.publicAfter).toBe(JSON.stringify(objects.disclosure));
          expect(parts.before + inner + parts.internalAfter).toBe(JSON.stringify(objects.internal));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("links a group's price-information page with the session, the amount, the group and the locale", () => {
    const withLocale = priceInformationLink('https://pay.example.com', 'session-1', 'sv-FI');
    expect(withLocale).toEqual({
      prefix: 'https://pay.example.com/v1/sessions/session-1/price-information?amount=',
      suffix: '&locale=sv-FI',
      tag: 'session-1.sv-FI',
      prefixInner: 'https://pay.example.com/v1/sessions/session-1/price-information?amount=',
      suffixInner: '&locale=sv-FI',
    });
    // As JSON writes it between quotes, escaped when the link is made: a base URL JSON must escape.
    const awkward = priceInformationLink('https://pay.example.com/"a"\\b', 'session-1', 'sv-FI');
    expect(priceInformationUrlInner(awkward, '1299.95', 'g1')).toBe(
      JSON.stringify(priceInformationUrl(awkward, '1299.95', 'g1')).slice(1, -1),
    );
    expect(priceInformationUrl(withLocale, '1299.95', 'g1')).toBe(
      'https://pay.example.com/v1/sessions/session-1/price-information?amount=1299.95&group=g1&locale=sv-FI',
    );
    const without = priceInformationLink('https://pay.example.com', 'session-1', undefined);
    expect(without).toEqual({ prefix: withLocale.prefix, suffix: '', tag: 'session-1', prefixInner: withLocale.prefix, suffixInner: '' });
    expect(priceInformationUrl(without, '100', 'g2')).toBe(
      'https://pay.example.com/v1/sessions/session-1/price-information?amount=100&group=g2',
    );
  });

  it('is given to groups that serve consumers', () => {
    expect(servesConsumers(['NATURAL'])).toBe(true);
    expect(servesConsumers(['LEGAL', 'NATURAL'])).toBe(true);
    expect(servesConsumers(['LEGAL'])).toBe(false);
    expect(servesConsumers([])).toBe(false);
  });
});
