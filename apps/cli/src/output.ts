import type { Io } from './io.ts';

/** Rows as aligned columns, or as JSON with --json. */
export function printTable(
  io: Io,
  json: boolean,
  rows: Record<string, unknown>[],
  columns: string[],
  data: unknown = rows,
): void {
  if (json) return io.stdout(JSON.stringify(data, null, 2));
  if (rows.length === 0) return io.stdout('(none)');
  const cell = (value: unknown) =>
    value === undefined || value === null ? '' : Array.isArray(value) ? value.join(',') : String(value);
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => cell(row[column]).length)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  io.stdout(
    [
      line(columns.map((c) => c.toUpperCase())),
      ...rows.map((row) => line(columns.map((c) => cell(row[c])))),
    ].join('\n'),
  );
}

/** One object: JSON with --json, else `key: value` lines. */
export function printRecord(
  io: Io,
  json: boolean,
  record: Record<string, unknown>,
  data: unknown = record,
): void {
  if (json) return io.stdout(JSON.stringify(data, null, 2));
  const width = Math.max(...Object.keys(record).map((k) => k.length));
  io.stdout(
    Object.entries(record)
      .filter(([, value]) => value !== undefined)
      .map(
        ([key, value]) =>
          `${`${key}:`.padEnd(width + 1)} ${typeof value === 'string' ? value : JSON.stringify(value)}`,
      )
      .join('\n'),
  );
}

/** Progress on stderr, one line per step, so stdout stays clean for scripts. */
export function progress(io: Io, label: string) {
  let last = 0;
  return (done: number, total: number, what: string) => {
    // Every step on a short run, about one line a second on a long one, and always the last.
    if (total <= 20 || done === total || Date.now() - last > 1000) {
      io.stderr(`[${label}] ${done}/${total} ${what}`);
      last = Date.now();
    }
  };
}
