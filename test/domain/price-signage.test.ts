// Price signage's cost list and the effective annual rate (src/domain/annual-percentage-rate.ts).
//
// Worked examples: the first three are the cash flows of the examples of calculation in the annex of
// Directive 98/7/EC (the APR directive before 2008/48/EC), on its basis of 12 equal months: 1,000
// repaid with 1,200 after 18 months (12.92 %), the same with 50 of charges paid out of the credit
// (16.85 %), and 1,000 repaid with 600 after one and two years (13.07 %). Every expected value below
// was also computed independently, by bisection in 60-digit decimal arithmetic (Python's decimal
// module), and is given with its unrounded digits where it helps to see how close to a rounding
// boundary it lies.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  annualPercentageRate,
  confirmedHundredths,
  levelAnnualPercentageRate,
  type Payment,
} from '../../src/domain/annual-percentage-rate.ts';
import { formatDecimal } from '../../src/domain/money.ts';
import { priceSignageCosts } from '../../src/domain/price-signage.ts';
import { dec, method, plan } from '../helpers/fixtures.ts';

const rate = (amount: number, payments: Payment[]) => formatDecimal(annualPercentageRate(amount, payments));
const monthly = (months: number, amount: number, first = amount): Payment[] =>
  Array.from({ length: months }, (_, i) => ({ month: i + 1, amount: i === 0 ? first : amount }));

describe('the effective annual rate (APR, 12 equal months)', () => {
  it('reproduces the worked examples of the APR directive', () => {
    expect(rate(1000, [{ month: 18, amount: 1200 }])).toBe('12.92'); // 12.924323…
    expect(rate(950, [{ month: 18, amount: 1200 }])).toBe('16.85'); // 16.852612…
    expect(
      rate(1000, [
        { month: 12, amount: 600 },
        { month: 24, amount: 600 },
      ]),
    ).toBe('13.07'); // 13.066238…
  });

  it('matches independently computed rates for other cash flows', () => {
    expect(
      rate(
        1000,
        [3, 6, 9, 12].map((month) => ({ month, amount: 272 })),
      ),
    ).toBe('14.58'); // 14.580037…
    expect(rate(10000, monthly(24, 528, 823))).toBe('30.58'); // 30.575726…
    expect(rate(50000, monthly(120, 664))).toBe('10.60'); // 10.599660…
    expect(rate(1299.95, monthly(36, 45, 240))).toBe('30.00'); // 29.999974…
  });

  it('is 0 when the payments add up to the amount, and negative when they fall short', () => {
    expect(rate(1200, monthly(12, 100))).toBe('0.00');
    expect(rate(1000, monthly(12, 80))).toBe('-7.22'); // −7.219598…
    expect(rate(1000, monthly(12, 83.3))).toBe('-0.07'); // −0.073829…
  });

  it('handles a 1-month plan with a setup fee only, and a 120-month plan', () => {
    expect(rate(1000, [{ month: 1, amount: 1050 }])).toBe('79.59'); // 1.05^12 − 1 = 79.585632…
    expect(rate(100000, monthly(120, 1000))).toBe('3.80'); // 3.801695…
  });

  it('agrees with a plain bisection on the annual rate for random cash flows, regular or not, above and below zero', () => {
    // The reference: the annual rate X itself, by bisection on Σ P_k (1 + X)^(−month/12) − amount,
    // which decreases in X; nothing shared with the implementation's monthly Newton iteration.
    const reference = (amount: number, payments: Payment[]): number => {
      const excess = (x: number) => payments.reduce((sum, p) => sum + p.amount * Math.pow(1 + x, -p.month / 12), 0) - amount;
      let low = -0.999;
      let high = 100;
      for (let i = 0; i < 300; i += 1) {
        const middle = (low + high) / 2;
        if (excess(middle) > 0) low = middle;
        else high = middle;
      }
      return ((low + high) / 2) * 100;
    };
    const payment = fc.record({ month: fc.integer({ min: 1, max: 120 }), amount: fc.integer({ min: 0, max: 5_000_000 }) });
    const regular = fc
      .record({
        months: fc.integer({ min: 1, max: 120 }),
        each: fc.integer({ min: 1, max: 500_000 }),
        first: fc.integer({ min: 0, max: 500_000 }),
      })
      .map(({ months, each, first }) => monthly(months, each / 100, (each + first) / 100));
    const irregular = fc
      .uniqueArray(payment, { minLength: 1, maxLength: 8, selector: (p) => p.month })
      .map((list) => list.sort((a, b) => a.month - b.month).map((p) => ({ month: p.month, amount: p.amount / 100 })));
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 10_000_000 }), fc.oneof(regular, irregular), (cents, payments) => {
        const amount = cents / 100;
        const total = payments.reduce((sum, p) => sum + p.amount, 0);
        // Rates the reference's bracket holds (−99.9 % … 10,000 %), away from a rounding boundary by more than its error.
        fc.pre(total > amount * 0.05 && total < amount * 50);
        const exact = reference(amount, payments);
        fc.pre(exact > -99 && exact < 9_000);
        const hundredths = Math.abs(exact) * 100;
        fc.pre(Math.abs(hundredths - Math.floor(hundredths) - 0.5) > 1e-6);
        const expected = (Math.sign(exact) * Math.round(hundredths)) / 100;
        expect(Number(rate(amount, payments))).toBe(Object.is(expected, -0) ? 0 : expected);
      }),
      { numRuns: 300, seed: 20261124 },
    );
  });

  it('is −100.00 when nothing is paid back, and refuses an amount that is not positive', () => {
    expect(rate(1000, [])).toBe('-100.00');
    expect(rate(1000, monthly(12, 0))).toBe('-100.00');
    for (const amount of [0, -1, Number.NaN]) {
      expect(() => annualPercentageRate(amount, monthly(12, 10))).toThrow(new RangeError('the APR needs a positive amount'));
    }
  });

  it('refuses a negative or missing payment, and one not on a whole month from 1 on', () => {
    const refused = new RangeError('payments must be non-negative and fall on whole months ≥ 1');
    for (const payments of [
      [{ month: 1, amount: -0.01 }],
      [{ month: 1, amount: Number.NaN }],
      [...monthly(3, 10), { month: 3.5, amount: 10 }],
      [{ month: 0, amount: 10 }],
      [{ month: -1, amount: 10 }],
    ]) {
      expect(() => annualPercentageRate(100, payments), JSON.stringify(payments)).toThrow(refused);
    }
    // A payment of zero is allowed and changes nothing.
    expect(rate(1000, [...monthly(11, 100), { month: 12, amount: 0 }])).toBe(rate(1000, monthly(11, 100)));
  });

  it('rounds a rate exactly half-way between two hundredths away from zero, where doubles fall short of it', () => {
    // 1,001.25 a year after 1,000 is exactly 0.125 %; solved in doubles it is 0.12499999…, which rounds
    // down: the present value at the half-way point puts it back on its side.
    expect(rate(1000, [{ month: 12, amount: 1001.25 }])).toBe('0.13');
    expect(rate(1000, [{ month: 12, amount: 1001.05 }])).toBe('0.11');
    expect(rate(1000, [{ month: 12, amount: 1003.25 }])).toBe('0.33');
    expect(rate(1000, [{ month: 12, amount: 998.75 }])).toBe('-0.13');
    expect(rate(1000, [{ month: 12, amount: 996.75 }])).toBe('-0.33');
  });

  it('finds rates far below zero: a monthly rate under −50 % and one close to −100 %', () => {
    // One payment a month later of 60 %, 40 % and 0.0001 % of the amount: (1 + X) = share^12.
    expect(rate(1000, [{ month: 1, amount: 600 }])).toBe('-99.78'); // 0.6^12 − 1 = −99.7823…
    expect(rate(1000, [{ month: 1, amount: 400 }])).toBe('-100.00'); // 0.4^12 − 1 = −99.99832…
    expect(rate(1000, [{ month: 2, amount: 800 }])).toBe('-73.79'); // 0.8^6 − 1 = −73.7856
    expect(rate(1000, [{ month: 1, amount: 0.001 }])).toBe('-100.00');
  });
  it('finds a rate far above where it starts looking: one payment 20 and 30 years later', () => {
    // Newton's first step from 0 is (ΣP − 1) / Σ t·P, under 0.5 % a month here, while the rate is 2 % and
    // 5 % a month: the bracket's upper end grows from 1 % until it holds the root. (1 + X) = 1.02^12, 1.05^12.
    expect(rate(1000, [{ month: 240, amount: 1000 * 1.02 ** 240 }])).toBe('26.82'); // 1.02^12 − 1 = 0.268241…
    expect(rate(1000, [{ month: 360, amount: 1000 * 1.05 ** 360 }])).toBe('79.59'); // 1.05^12 − 1 = 0.795856…
  });
  it('does not depend on the size of the amount', () => {
    expect(rate(1e15, monthly(24, 528e11, 823e11))).toBe('30.58');
    expect(rate(0.01, [{ month: 18, amount: 0.012 }])).toBe('12.92');
  });

  it('discounting the payments at the rate gives back the amount, and the rounding is right (property)', () => {
    const pv = (payments: Payment[], annualPercent: number) =>
      payments.reduce((sum, p) => sum + p.amount * Math.pow(1 + annualPercent / 100, -p.month / 12), 0);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }).map((cents) => cents / 100),
        fc.integer({ min: 1, max: 120 }),
        // Annuity factors from half of 1/months (paying back less than the amount) to twice it.
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.integer({ min: 0, max: 500 }),
        (amount, months, scale, setupFee) => {
          const payment = Math.ceil(((amount * scale) / months) * 100) / 100;
          const payments = monthly(months, payment, payment + setupFee);
          const rounded = Number(rate(amount, payments));
          // The exact rate lies within half a hundredth of the rounded one: the present value at the
          // two half-way points brackets the amount (decreasing in the rate).
          const relative = (x: number) => (x - amount) / amount;
          expect(relative(pv(payments, rounded - 0.005))).toBeGreaterThanOrEqual(-1e-12);
          expect(relative(pv(payments, rounded + 0.005))).toBeLessThanOrEqual(1e-12);
        },
      ),
      { numRuns: 300, seed: 20261123 },
    );
  });
});

describe("a plan's payments solved without their list (levelAnnualPercentageRate)", () => {
  const schedule = (months: number, payment: number, firstExtra: number): Payment[] =>
    Array.from({ length: months }, (_, i) => ({ month: i + 1, amount: payment + (i === 0 ? firstExtra : 0) }));

  it('is the APR of the list for any amount, duration, payment and setup fee', () => {
    const money = fc.integer({ min: 0, max: 10 ** 9 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 ** 10 }).map((cents) => cents / 100),
        fc.integer({ min: 1, max: 120 }),
        money,
        money,
        (amount, months, payment, firstExtra) => {
          const level = levelAnnualPercentageRate(amount, months, payment, firstExtra);
          const list = annualPercentageRate(amount, schedule(months, payment, firstExtra));
          // An APR above a billion percent (0.01 borrowed, millions paid back a month later) has more digits
          // to its hundredths than doubles carry through twelve compoundings: neither path is exact
          // there, and they agree to 1e-9 (seen: 1.1e-12).
          if (list.units > 10n ** 11n) {
            expect(Math.abs(Number(level.units - list.units) / Number(list.units))).toBeLessThan(1e-9);
          } else {
            expect(level).toEqual(list);
          }
        },
      ),
      { numRuns: 20000, seed: 20261127 },
    );
  });

  it('takes the list’s path where a payment is 0, and refuses what the list refuses', () => {
    expect(levelAnnualPercentageRate(100, 12, 0, 0)).toEqual({ units: -10000n, scale: 2 });
    expect(levelAnnualPercentageRate(100, 1, 0, 120)).toEqual(annualPercentageRate(100, schedule(1, 0, 120)));
    expect(() => levelAnnualPercentageRate(0, 12, 10, 0)).toThrow(RangeError);
    expect(() => levelAnnualPercentageRate(100, 12, -1, 0)).toThrow(RangeError);
  });
});

describe('the rounding of the APR, confirmed where the exact rate lies', () => {
  // A rate whose exact value is `root` hundredths of a percent: the excess decreases through 0 there.
  const at = (root: number) => (hundredths: number) => root - hundredths;

  it('keeps a computed rate that rounds to the right hundredth', () => {
    expect(confirmedHundredths(5.002, at(500.2))).toBe(500);
    expect(confirmedHundredths(-5.002, at(-500.2))).toBe(-500);
    expect(confirmedHundredths(0, at(0.3))).toBe(0);
  });

  it('moves a computed rate that fell on the wrong side of a half-way point, either way', () => {
    expect(confirmedHundredths(5.005, at(500.49))).toBe(500); // computed 500.5 rounds up; exact 500.49 does not
    expect(confirmedHundredths(5.0049, at(500.51))).toBe(501);
    expect(confirmedHundredths(-5.005, at(-500.49))).toBe(-500);
    expect(confirmedHundredths(-5.0049, at(-500.51))).toBe(-501);
  });

  it('rounds an exact half-way rate away from zero, on both sides of zero', () => {
    expect(confirmedHundredths(5.0049, at(500.5))).toBe(501);
    expect(confirmedHundredths(5.0051, at(500.5))).toBe(501);
    expect(confirmedHundredths(-5.0049, at(-500.5))).toBe(-501);
    expect(confirmedHundredths(-5.0051, at(-500.5))).toBe(-501);
    expect(confirmedHundredths(0.0049, at(0.5))).toBe(1);
    // −0.005 % exactly, computed as a hair above or below zero: still −0.01 (found by mutation testing).
    expect(confirmedHundredths(-0.0049, at(-0.5))).toBe(-1);
    expect(confirmedHundredths(0.0049, at(-0.5))).toBe(-1);
    expect(confirmedHundredths(-0.0051, at(-0.5))).toBe(-1);
  });

  it('moves by two hundredths at the most', () => {
    expect(confirmedHundredths(5.0, at(502.2))).toBe(502);
    expect(confirmedHundredths(5.0, at(503.2))).toBe(502);
    expect(confirmedHundredths(5.0, at(497.8))).toBe(498);
    expect(confirmedHundredths(5.0, at(496.8))).toBe(498);
  });
});

describe("a plan's costs at a price", () => {
  const partPayment = method({
    type: 'PROVIDER_PART_PAYMENT_SELECT_NOW',
    priceSignagePossible: true,
    minPurchaseLimit: dec('500'),
    maxPurchaseLimit: dec('50000'),
    plans: [
      plan({
        name: '24 months',
        durationMonths: 24,
        annuityFactor: dec('0.0499'),
        administrationFee: dec('29'),
        setupFee: dec('295'),
        interest: dec('0.1995'),
      }),
      plan({ name: '12 months', durationMonths: 12, annuityFactor: dec('0.083333333333'), description: 'Interest-free' }),
    ],
  });

  it('lists every plan by duration with monthly cost, total cost and APR', () => {
    const costs = priceSignageCosts(partPayment, dec('10000'));
    expect(costs.map((c) => c.name)).toEqual(['12 months', '24 months']);
    const [twelve, twentyFour] = costs;
    expect(twelve).toMatchObject({ description: 'Interest-free', monthlyCost: 834n, durationMonths: 12 });
    expect(formatDecimal(twelve!.totalCost)).toBe('10008');
    expect(twentyFour).toMatchObject({ description: '', monthlyCost: 528n });
    expect(formatDecimal(twentyFour!.totalCost)).toBe('12967'); // 24 × 528 + 295
    expect(formatDecimal(twentyFour!.effectiveInterest)).toBe('30.58');
    // The ceiling to whole currency units alone gives an "interest-free" plan a small rate.
    expect(formatDecimal(twelve!.effectiveInterest)).toBe('0.15');
  });

  it('includes the limits themselves, and nothing outside them, for a price of 0 or without price signage', () => {
    expect(priceSignageCosts(partPayment, dec('500'))).toHaveLength(2);
    expect(priceSignageCosts(partPayment, dec('50000.00'))).toHaveLength(2);
    expect(priceSignageCosts(partPayment, dec('499.99'))).toEqual([]);
    expect(priceSignageCosts(partPayment, dec('50000.01'))).toEqual([]);
    expect(priceSignageCosts({ ...partPayment, minPurchaseLimit: dec('0') }, dec('0'))).toEqual([]);
    expect(priceSignageCosts({ ...partPayment, priceSignagePossible: false }, dec('10000'))).toEqual([]);
  });

  it('keeps money exact at any size', () => {
    const huge = priceSignageCosts({ ...partPayment, maxPurchaseLimit: dec('999999999999999999.99') }, dec('999999999999999999.99'));
    // 999999999999999999.99 × 0.083333333333 = 83333333332999999.99916…, up to the next whole unit.
    expect(huge[0]!.monthlyCost).toBe(83333333333000000n);
    expect(formatDecimal(huge[0]!.totalCost)).toBe('999999999996000000');
  });
});
