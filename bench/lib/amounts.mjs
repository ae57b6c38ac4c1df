// Cart amounts (issue 13). `groups` cycles a handful of fixed amounts (REPEATED_AMOUNTS), so every
// cache keyed by the amount (the service's rendered answers) hits after the first round. Real carts
// rarely repeat: the `*-carts`, `price-signage`, `listing-amount` and `memory` scenarios send with
// every request an amount never sent before by this benchmark process.
//
// One counter for the whole process (across rounds and scenarios). The n-th amount is
// min + (n × 7919) mod span, in cents: 7919 is prime and does not divide span, so n ↦ cents is a
// bijection on [0, span) — every amount distinct for n < span (beyond that the generator throws
// rather than repeat one), the same sequence from run to run, and spread over the whole range at
// once instead of climbing from its bottom. Written as `units.cc`, or as a whole number when the
// cents are 0 (one spelling per value). The fixed amounts of `groups` are skipped.

export const REPEATED_AMOUNTS = ['49.00', '299.90', '1299.95', '4999', '15000.50', '75000', '180000'];

const STEP = 7919;
const toCents = (amount) => Math.round(Number(amount) * 100);
const reserved = new Set(REPEATED_AMOUNTS.map(toCents));
let counter = 0;

const gcd = (a, b) => (b === 0 ? a : gcd(b, a % b));

export function formatCents(cents) {
  if (cents % 100 === 0) return String(cents / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * The next new amount between `min` and `max` currency units (inclusive; default 1.00 to
 * 200,000.99: across the demo catalog's purchase limits, 0 to 250,000), as the query string writes it.
 */
export function nextAmount({ min = 1, max = 200_000.99 } = {}) {
  const minCents = toCents(min);
  const span = toCents(max) - minCents + 1;
  if (gcd(STEP, span) !== 1) throw new Error(`amounts: ${STEP} divides the span ${span}; choose other limits`);
  for (;;) {
    const n = counter++;
    if (n >= span) throw new Error(`amounts: more than ${span} amounts between ${min} and ${max} asked for; they would repeat`);
    const cents = minCents + ((n * STEP) % span);
    if (!reserved.has(cents)) return formatCents(cents);
  }
}

/**
 * `count` new amounts spread evenly over the whole range, for recording the bare route's answers:
 * consecutive amounts climb by 79.19 (7919 cents) and go round the range only every span / 7919
 * amounts (2,526 between 1 and 200,000.99), so `count` consecutive ones would all be small. Takes
 * `count` evenly spaced ones of one round (the others are never sent).
 */
export function amountsAcross(count, limits = {}) {
  const { min = 1, max = 200_000.99 } = limits;
  const round = Math.max(count, Math.ceil((toCents(max) - toCents(min) + 1) / STEP));
  const amounts = [];
  for (let drawn = 0; amounts.length < count; drawn += 1) {
    const amount = nextAmount(limits);
    if (drawn === Math.floor((amounts.length * round) / count)) amounts.push(amount);
  }
  return amounts;
}

/** How many amounts have been handed out so far (the results record it). */
export const amountsIssued = () => counter;

/**
 * The bare route's fallback key: the URL with its `amount` parameter's value replaced by `*`. A
 * request for an amount never recorded is answered with the body recorded under this key.
 */
export const amountKey = (url) => url.replace(/([?&]amount=)[^&]*/, '$1*');
