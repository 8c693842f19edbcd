/**
 * One CSV cell: quoted when it holds a quote, comma or line break, and, when it starts like a spreadsheet formula
 * (`=`, `+`, `-`, `@`), prefixed with `'` so that text a user typed is never run as one when the file is opened.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV file: a header line and one line per row, each ending with a newline. */
export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
