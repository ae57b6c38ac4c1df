// Exact decimal arithmetic for amounts, limits, fees and annuity factors. A Decimal is an integer
// count of 10^-scale units held in a BigInt, so comparisons and products are exact at any length:
// 100.00 × 0.07 is 7, never 7.000000000000001.

export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parses a plain non-negative decimal (`12`, `1299.95`); anything else is undefined. */
export function parseDecimal(text: string): Decimal | undefined {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  return { units: BigInt(match[1]! + fraction), scale: fraction.length };
}

/**
 * The decimal a JSON number was written as. JSON.parse already turned it into a double, but the
 * shortest round-trip representation (Number#toString) gives back the digits as written for every
 * number with at most 15 significant digits, which covers any catalog amount or factor.
 */
export function decimalFromNumber(value: number): Decimal {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`not a non-negative finite number: ${value}`);
  const text = value.toString();
  // Stryker disable next-line Regex: equivalent, Number#toString writes the exponent form whole or not at all
  const exponential = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponential) return parseDecimal(text)!;
  const digits = exponential[1]! + (exponential[2] ?? '');
  const exponent = Number(exponential[3]) - (exponential[2]?.length ?? 0);
  // Stryker disable next-line EqualityOperator: equivalent, the exponent form never leaves an exponent of 0
  return exponent >= 0 ? { units: BigInt(digits) * 10n ** BigInt(exponent), scale: 0 } : { units: BigInt(digits), scale: -exponent };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

function align(a: Decimal, b: Decimal): [bigint, bigint, number] {
  // Stryker disable next-line ConditionalExpression: equivalent, the general case scales by 10^0
  if (a.scale === b.scale) return [a.units, b.units, a.scale];
  // Stryker disable next-line EqualityOperator: equivalent, equal scales returned above
  if (a.scale > b.scale) return [a.units, b.units * pow10(a.scale - b.scale), a.scale];
  return [a.units * pow10(b.scale - a.scale), b.units, b.scale];
}

export function compareDecimal(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = align(a, b);
  return { units: x + y, scale };
}

export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Smallest whole number ≥ the value (values here are never negative). */
export function ceilToInteger(a: Decimal): bigint {
  const divisor = pow10(a.scale);
  const whole = a.units / divisor;
  return a.units % divisor === 0n ? whole : whole + 1n;
}

/** Canonical text: no exponent, trailing fractional zeros kept to the decimal's own scale. */
export function formatDecimal(a: Decimal): string {
  if (a.scale === 0) return a.units.toString();
  // Amounts are never negative; an effective annual rate can be.
  const sign = a.units < 0n ? '-' : '';
  // Stryker disable next-line EqualityOperator: equivalent, -0n is 0n
  const digits = (a.units < 0n ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  return `${sign}${digits.slice(0, -a.scale)}.${digits.slice(-a.scale)}`;
}

/** Canonical text without trailing fractional zeros: 29.00 → "29", 0.0995 → "0.0995". */
export function formatDecimalTrimmed(a: Decimal): string {
  const scale = significantScale(a);
  return formatDecimal({ units: a.units / 10n ** BigInt(a.scale - scale), scale });
}

/** The number a JSON response carries for display (limits, fees): the decimal without trailing zeros. */
export function decimalToNumber(a: Decimal): number {
  return Number(formatDecimalTrimmed(a));
}

/** Number of decimal places actually used (1.50 uses 1). */
export function significantScale(a: Decimal): number {
  let { units, scale } = a;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return scale;
}
