import { toCsv } from '../../../http/csv.ts';
import type { InstanceStats } from './instance-stats-read-model.ts';

/** The statistics as one CSV row under a header, nested figures flattened (`activeUsers.last7`, `clientApps.30d`). */
export function toStatsCsv(stats: InstanceStats): string {
  const fields: [string, unknown][] = [];
  for (const [key, value] of Object.entries(stats)) {
    if (Array.isArray(value)) for (const { range, count } of value) fields.push([`${key}.${range}`, count]);
    else if (value && typeof value === 'object')
      for (const [inner, v] of Object.entries(value)) fields.push([`${key}.${inner}`, v]);
    else fields.push([key, value]);
  }
  return toCsv(
    fields.map(([key]) => key),
    [fields.map(([, value]) => String(value))],
  );
}
