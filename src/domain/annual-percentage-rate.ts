// The annual percentage rate of charge (APR) of the EU Consumer Credit Directive (2008/48/EC,
// Annex I) for a credit paid out at once and repaid in payments at whole months, with a year of 12
// equal months: the rate X at which the present value of the payments equals the amount,
//
//   amount = Σ P_k · (1 + X)^(−t_k / 12)      (t_k: the month of payment k)
//
// How it is solved: with r = (1 + X)^(1/12) − 1 the monthly rate, the present value
// PV(r) = Σ P_k · (1 + r)^(−t_k) is strictly decreasing on r > −1 when the payments are non-negative
// and not all zero, from +∞ (r → −1) to 0 (r → ∞), so PV(r) = amount has exactly one root. It is
// bracketed (from Newton's first step from 0, a close lower end), then found by Newton's method kept
// inside the bracket (a step leaving it bisects instead), until the bracket or a step is narrower
// than 1e-15 relative: far below the 2-decimal rounding of
// the result (1e-4 in X). Amounts are divided by the amount first, so the size of the amount (up to
// 10^18) costs no precision. The rounded result is then confirmed against the present value at the
// two half-way points around it, so that a computed 5.004999… cannot come out as 5.01 or the reverse
// when the exact rate lies on the other side: only a rate within about 1e-13 of a half-way point
// could still be rounded either way, and such a rate is rounded by the sign of PV − amount there.
import type { Decimal } from './money.ts';

export interface Payment {
  /** Months after the payout (1 = one month later). */
  month: number;
  /** Non-negative, in currency units. */
  amount: number;
}

/** The APR in percent, rounded half away from zero to 2 decimals: a Decimal of scale 2 (may be negative). */
export type AnnualPercentageRate = Decimal;

const TOLERANCE = 1e-15;

/**
 * Present value of the payments at monthly rate r, as a multiple of the amount, or (`slope`) its
 * derivative d/dr: −Σ month · P · (1+r)^−(month+1). A payment one month after the previous one is
 * discounted by one more factor 1/(1+r) instead of a power of its own: a plan's payments fall on
 * consecutive months, and an exponential per payment was most of price signage's cost. The
 * product's rounding error (about months × 1e-16) stays far below the 1e-13 within which the
 * rounding is confirmed below.
 */
function presentValue(payments: readonly Payment[], r: number, slope = false): number {
  const lnGrowth = Math.log1p(r);
  const factor = Math.exp(-lnGrowth);
  let sum = 0;
  let month = 0;
  let discount = 1;
  for (const p of payments) {
    // Stryker disable next-line ConditionalExpression,ArithmeticOperator: equivalent, the power gives the same discount
    discount = p.month === month + 1 ? discount * factor : Math.exp(-p.month * lnGrowth);
    month = p.month;
    // Stryker disable all: equivalent, the slope only aims Newton's steps; a wrong one aims outside the bracket,
    // and such a step bisects instead (monthlyRate): the same root, found in more steps.
    if (slope) sum -= p.month * p.amount * discount * factor;
    // Stryker restore all
    else sum += p.amount * discount;
  }
  return sum;
}

/** The monthly rate r > −1 with presentValue(payments, r) = 1 (payments normalised to the amount). */
function monthlyRate(schedule: Schedule): number {
  const excess = (r: number) => schedule.presentValue(r) - 1;
  // Bracket: excess(low) > 0 > excess(high). Close to −1 the present value explodes; large rates shrink it.
  let low = 0;
  let high = 0;
  const atZero = excess(0);
  // Stryker disable next-line all: equivalent, a rate of exactly 0 is found from either side
  if (atZero > 0) {
    // Started well: Newton's first step from 0, (Σ P − 1) / Σ t·P, stays below the root (the present
    // value is convex in r), so it is a lower end close to the root, and twice it is most often an upper one.
    // Stryker disable next-line all: equivalent, a worse start brackets the same root in more steps
    const first = -atZero / schedule.slope(0);
    // Stryker disable next-line all: equivalent, a low of 0 also brackets
    low = first > 0 && excess(first) > 0 ? first : 0;
    // Stryker disable next-line MethodExpression,ArithmeticOperator: equivalent, the loop below raises any upper end (below the lower one too: it becomes the lower) until it brackets the root
    high = Math.max(2 * low, 0.01);
    // Stryker disable next-line all: equivalent, the bracket holds the root either way
    while (excess(high) > 0) {
      low = high;
      high = high * 2 + 0.01;
    }
  } else {
    // Stryker disable next-line all: equivalent, the loop below moves low until it brackets the root
    low = -0.5;
    // Stryker disable next-line all: equivalent, below −50 % a month the APR is −99.98 … −100.00 (docs/mutation.md)
    while (excess(low) <= 0 && low > -1 + 1e-15) low = -1 + (1 + low) / 16;
  }
  // From the lower end when it is the close one (Newton's steps then approach the root from below).
  // Stryker disable next-line all: equivalent, a start outside the bracket is bisected back into it
  let r = low > 0 ? low : (low + high) / 2;
  // Stryker disable next-line all: equivalent, a tighter or later stop gives the same rounded rate
  for (let i = 0; i < 200 && high - low > TOLERANCE * Math.max(1, Math.abs(r)); i += 1) {
    const value = excess(r);
    // Stryker disable all: equivalent, a value of exactly 0 is the root, and kept as either end it is found again
    if (value > 0) low = r;
    else if (value < 0) high = r;
    else return r;
    // Stryker restore all
    // Stryker disable next-line all: equivalent, a step the wrong way leaves the bracket and bisects
    const newton = r - value / schedule.slope(r);
    // Stryker disable next-line all: a guard; no cash flow found whose Newton step leaves the bracket (docs/mutation.md)
    if (!(newton > low && newton < high)) {
      r = (low + high) / 2;
      continue;
    }
    // A step this small is as close as a double gets (approached from one side, the bracket's other end
    // would never move): the rounding is confirmed by the caller either way.
    // Stryker disable next-line all: equivalent, going on until the bracket closes finds the same rounded rate
    if (Math.abs(newton - r) <= TOLERANCE * Math.max(1, Math.abs(r))) return newton;
    r = newton;
  }
  return r;
}

function annualFromMonthly(r: number): number {
  return Math.expm1(12 * Math.log1p(r));
}

function monthlyFromAnnual(x: number): number {
  return Math.expm1(Math.log1p(x) / 12);
}

/**
 * The APR of a credit of `amount` repaid by `payments`. Degenerate cases: no payment at all (or
 * all zero) on a positive amount is −100.00 (nothing is paid back); an amount of zero is not a
 * credit and has no rate: the caller must not ask (see priceSignageCosts).
 */
export function annualPercentageRate(amount: number, payments: readonly Payment[]): AnnualPercentageRate {
  if (!(amount > 0)) throw new RangeError('the APR needs a positive amount');
  if (payments.some((p) => !(p.amount >= 0) || !Number.isInteger(p.month) || p.month < 1)) {
    throw new RangeError('payments must be non-negative and fall on whole months ≥ 1');
  }
  // A payment of 0 adds nothing to the present value, and with all of them 0 the rate is still −100.00:
  // Stryker disable next-line MethodExpression,ConditionalExpression,EqualityOperator: equivalent, see above
  const normalised = payments.filter((p) => p.amount > 0).map((p) => ({ month: p.month, amount: p.amount / amount }));
  if (normalised.length === 0) return { units: -10000n, scale: 2 };
  return rateOf({ presentValue: (r) => presentValue(normalised, r), slope: (r) => presentValue(normalised, r, true) });
}

/**
 * The same as annualPercentageRate(amount, payments) for a plan's payments: `payment` at each of
 * months 1 … `months`, plus `firstExtra` (the setup fee) with the first, as doubles. The storefront
 * asks this on every answer with a disclosure, so the present value and its slope are closed forms,
 * constant in the number of months: with L = ln(1 + r),
 *
 *   PV(r) = each · (1 − e^(−n·L)) / r + extra / (1 + r)      (each: payment / amount; extra: firstExtra / amount)
 *
 * (the annuity Σ (1 + r)^−k written with expm1, exact to a few ulps for r near 0 too). The result is
 * rounded and confirmed with the same present value as the list's (confirmedHundredths), so the two
 * paths give the same APR unless the exact rate lies within about 1e-13 of a half-way point, where
 * either path may round either way (test/domain/price-signage.test.ts compares them).
 */
export function levelAnnualPercentageRate(amount: number, months: number, payment: number, firstExtra: number): AnnualPercentageRate {
  // Stryker disable next-line all: equivalent, the general path gives the same result for these too
  if (!(amount > 0 && payment > 0 && firstExtra >= 0 && Number.isInteger(months) && months >= 1)) {
    return annualPercentageRate(
      amount,
      Array.from({ length: Math.max(0, months) }, (_, i) => ({ month: i + 1, amount: payment + (i === 0 ? firstExtra : 0) })),
    );
  }
  const each = payment / amount;
  const extra = firstExtra / amount;
  const n = months;
  return rateOf({
    presentValue: (r) => (r === 0 ? each * n : (each * -Math.expm1(-n * Math.log1p(r))) / r) + extra / (1 + r),
    // Newton's steps only need its direction and size roughly (monthlyRate keeps them in the bracket):
    // near r = 0, where the closed form cancels, the first two terms of its series.
    slope: (r) => {
      const annuitySlope =
        Math.abs(r) < 1e-5
          ? (-n * (n + 1)) / 2 + ((n * (n + 1) * (n + 2)) / 3) * r
          : (n * Math.exp(-(n + 1) * Math.log1p(r)) - -Math.expm1(-n * Math.log1p(r)) / r) / r;
      return each * annuitySlope - extra / ((1 + r) * (1 + r));
    },
  });
}

/** Payments normalised to the amount, by their present value at a monthly rate and its slope. */
interface Schedule {
  presentValue(r: number): number;
  slope(r: number): number;
}

function rateOf(schedule: Schedule): AnnualPercentageRate {
  const percent = annualFromMonthly(monthlyRate(schedule)) * 100;
  // The excess is decreasing in the rate.
  const excessAt = (hundredthsOfPercent: number) => schedule.presentValue(monthlyFromAnnual(hundredthsOfPercent / 10000)) - 1;
  return { units: BigInt(confirmedHundredths(percent, excessAt)), scale: 2 };
}

/**
 * `percent` in hundredths, rounded half away from zero and confirmed where the exact rate lies:
 * `excessAt` (present value − amount at a rate in hundredths of a percent, decreasing in the rate)
 * must change sign inside [h − 0.5, h + 0.5]; a computed rate that fell on the wrong side of a
 * half-way point moves by one hundredth, at most twice (the solver is far closer than that). At a
 * half-way point itself (excess exactly 0) the rate rounds away from zero: down at h − 0.5 when that
 * point is negative (h ≤ 0, a computed −0.0049 % too), up at h + 0.5 when it is positive (h ≥ 0).
 */
export function confirmedHundredths(percent: number, excessAt: (hundredthsOfPercent: number) => number): number {
  let hundredths = Math.sign(percent) * Math.round(Math.abs(percent) * 100);
  for (let i = 0; i < 2; i += 1) {
    const below = excessAt(hundredths - 0.5);
    const above = excessAt(hundredths + 0.5);
    if (below < 0 || (below === 0 && hundredths <= 0)) hundredths -= 1;
    else if (above > 0 || (above === 0 && hundredths >= 0)) hundredths += 1;
    else break;
  }
  return hundredths;
}
