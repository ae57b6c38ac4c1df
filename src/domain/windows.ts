// Scheduled windows of payment methods (docs/catalog.md#windows): a method with `activeFrom` and/or
// `activeUntil` is offered and listed only within [activeFrom, activeUntil): from inclusive, until
// exclusive, to the millisecond. Times are instants (epoch milliseconds); nothing here reads a clock.
import type { PaymentMethod, StoreMethods } from './catalog.ts';

/**
 * An instant as the catalog takes it: an ISO 8601 date and time with an offset, as clients write
 * one: `T` or `t`; minutes, or seconds with up to 9 fractional digits; `Z`, `z`, `±hh:mm` or
 * `±hhmm`. The offset is required: a time without one would mean a different moment on every
 * server. The calendar (a 30th of February, 24:00) is parseInstant's to check.
 */
const INSTANT = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:[Zz]|([+-])(\d{2}):?(\d{2}))$/;
/** The same expression as the schemas' pattern (no named groups or lookarounds, which some JSON Schema validators lack). */
export const INSTANT_PATTERN = INSTANT.source;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysIn(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The instant `text` names (epoch milliseconds), or undefined when it is not one (a 30th of
 * February, 24:00, no offset). Stored times are milliseconds: a time between two milliseconds
 * (`.1234`) is rounded up to the next one (`.124`), the first millisecond at or after it, so that a
 * window from it (inclusive) or until it (exclusive) holds for exactly the same milliseconds as the
 * time written would.
 */
export function parseInstant(text: string): number | undefined {
  const m = INSTANT.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const nanos = m[7] === undefined ? 0 : Number(m[7].padEnd(9, '0'));
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return undefined;
  const sign = m[8] === '-' ? -1 : 1;
  // setUTCFullYear, not Date.UTC: Date.UTC reads the years 0 to 99 as 1900 to 1999.
  const utc = new Date(0);
  utc.setUTCFullYear(year, month - 1, day);
  utc.setUTCHours(hour, minute, second, Math.ceil(nanos / 1_000_000));
  return utc.getTime() - sign * (offsetHours * 60 + offsetMinutes) * 60_000;
}

/** True when `method` is offered at `now`: within [activeFrom, activeUntil), either side open when unset. */
export function isActiveAt(method: Pick<PaymentMethod, 'activeFrom' | 'activeUntil'>, now: number): boolean {
  return (method.activeFrom === undefined || method.activeFrom <= now) && (method.activeUntil === undefined || now < method.activeUntil);
}

/** A catalog as it stands at one moment, and until when it stands so. */
export interface ActiveCatalog {
  catalog: StoreMethods;
  /** The first boundary after the moment (a window opening or closing), or +Infinity when none. */
  validUntil: number;
}

/**
 * The methods of `catalog` offered at `now`, in their order; `catalog` itself when every method is
 * (so that a catalog without windows is one object, whatever the time).
 */
export function activeAt(catalog: StoreMethods, now: number): ActiveCatalog {
  let validUntil = Number.POSITIVE_INFINITY;
  // `windowed` only saves the filter below for a catalog without windows: the filter keeps every
  // method of such a catalog and so returns `catalog` itself all the same.
  // Stryker disable next-line BooleanLiteral: equivalent, see above
  let windowed = false;
  for (const method of catalog.methods) {
    for (const boundary of [method.activeFrom, method.activeUntil]) {
      // Stryker disable next-line ConditionalExpression: equivalent, an unset boundary is never > now
      if (boundary === undefined) continue;
      windowed = true;
      // Stryker disable next-line EqualityOperator: equivalent, an equal boundary leaves validUntil as it is
      if (boundary > now && boundary < validUntil) validUntil = boundary;
    }
  }
  // Stryker disable next-line ConditionalExpression: equivalent, see `windowed`
  if (!windowed) return { catalog, validUntil };
  const methods = catalog.methods.filter((method) => isActiveAt(method, now));
  return { catalog: methods.length === catalog.methods.length ? catalog : { store: catalog.store, methods }, validUntil };
}
