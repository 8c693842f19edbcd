// RFC 3339 / ISO 8601 calendar dates: date, optional time with fraction, optional Z or numeric offset.
const DATE_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
}

/**
 * Parses an RFC 3339 date-time (or a plain ISO date) into epoch milliseconds, or NaN when invalid.
 * We parse by hand instead of `new Date(text)` because engines disagree on non-ISO strings, and a time
 * without an offset is read as UTC rather than the local zone, so server and browser agree.
 */
export function parseDate(text: string): number {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [hour, minute, second] = [Number(match[4] ?? 0), Number(match[5] ?? 0), Number(match[6] ?? 0)];
  const millisecond = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const zone = match[8];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return Number.NaN;
  if (hour > 23 || minute > 59 || second > 59) return Number.NaN;
  if (zone !== undefined && zone.length > 1) {
    const digits = zone.slice(1).replace(':', '');
    if (Number(digits.slice(0, 2)) > 23 || Number(digits.slice(2) || '0') > 59) return Number.NaN;
  }
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, millisecond));
  date.setUTCFullYear(year, month - 1, day); // Date.UTC alone would map years 0-99 to 1900-1999
  return date.getTime() - offsetMinutes(zone) * 60_000;
}

/**
 * A context's time: RFC 3339 first, then whatever the JavaScript engine understands, because SDKs pass
 * `currentTime` through from their callers and the Node SDK reads it with `new Date(value)`.
 */
export function parseContextDate(text: string): number {
  const strict = parseDate(text);
  return Number.isNaN(strict) ? Date.parse(text) : strict;
}
