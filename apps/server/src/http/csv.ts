/** One CSV cell: quoted when it holds a comma, a quote or a line break, with quotes doubled (RFC 4180). */
export const csvCell = (value: unknown): string => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows of cells as CSV text, each line ended by a newline. */
export const toCsv = (rows: readonly (readonly unknown[])[]): string =>
  rows.map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
