import { BadDataError } from '../../../http/errors.ts';

/**
 * Reads a search filter in the operator syntax the Unleash admin UI sends (`IS:x`, `IS_ANY_OF:x,y`) or as a
 * plain value, and returns the values it names.
 */
export function parseFilter(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const match = /^(IS|IS_ANY_OF):(.*)$/s.exec(raw);
  if (!match) return [raw];
  const values = match[1] === 'IS' ? [match[2]!] : match[2]!.split(',');
  const kept = values.map((v) => v.trim()).filter(Boolean);
  return kept.length ? kept : undefined;
}

/**
 * Reads a `from`/`to` filter: `IS:2026-01-31`, `2026-01-31` or a full ISO time. A date alone as the upper
 * bound means the end of that (UTC) day, so `to=2026-01-31` includes the events of the 31st.
 */
export function parseDateFilter(raw: string | undefined, field: 'from' | 'to'): Date | undefined {
  const [value] = parseFilter(raw) ?? [];
  if (value === undefined) return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = new Date(dateOnly ? `${value}T00:00:00.000Z` : value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const message = `"${field}" must be a date such as 2026-01-31 or an ISO time; got "${value}"`;
    throw new BadDataError(message, [{ message, path: `/querystring/${field}` }]);
  }
  if (dateOnly && field === 'to') return new Date(date.getTime() + 24 * 60 * 60 * 1000 - 1);
  return date;
}
