/** Unleash's rule for flag names: URL-safe characters, and not "." or "..". */
export function flagNameProblem(name: string): string | undefined {
  if (!name) return 'A name is required';
  if (name.length > 100) return 'At most 100 characters';
  if (!/^[A-Za-z0-9._~-]+$/.test(name)) return 'Use letters, digits and . _ ~ - only (no spaces)';
  if (name === '.' || name === '..') return 'A name cannot be "." or ".."';
  return undefined;
}
