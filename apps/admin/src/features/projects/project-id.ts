/** Suggests a URL-safe project id from its name: "Web Shop" becomes "web-shop". */
export function projectIdFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
}

/** The same rule as the server: letters, digits, dots, underscores and dashes. */
export function projectIdProblem(id: string): string | undefined {
  if (!id) return 'An id is required';
  if (!/^[A-Za-z0-9_.-]+$/.test(id)) return 'Use letters, digits, dots, underscores and dashes only';
  if (id.length > 100) return 'At most 100 characters';
  return undefined;
}
