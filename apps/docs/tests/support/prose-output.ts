/** The keys of `shown` (recursively, arrays by their first element) that `actual` lacks, as paths. */
function missingKeys(shown: unknown, actual: unknown, at: string): string[] {
  if (Array.isArray(shown)) {
    if (!Array.isArray(actual)) return [`${at || '.'} is not a list`];
    return shown.length > 0 && actual.length > 0 ? missingKeys(shown[0], actual[0], `${at}[0]`) : [];
  }
  if (shown === null || typeof shown !== 'object') return [];
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
    return [`${at || '.'} is not an object`];
  return Object.entries(shown).flatMap(([key, value]) =>
    key in actual
      ? missingKeys(value, (actual as Record<string, unknown>)[key], `${at}.${key}`)
      : [`${at}.${key}`],
  );
}

/**
 * How what a block printed differs from the output its page shows: for JSON, each key the page shows must be there
 * (values change from run to run: ids, times); for text, each line the page shows must be printed, in order.
 * Returns the problems, none when it matches.
 */
export function missingShape(shown: { lang: string; code: string }, printed: string): string[] {
  if (shown.lang === 'json') {
    let actual: unknown;
    try {
      actual = JSON.parse(printed);
    } catch {
      return [`not JSON: ${printed.slice(0, 200)}`];
    }
    return missingKeys(JSON.parse(shown.code), actual, '').map((key) => `missing ${key}`);
  }
  const lines = printed.split('\n').map((line) => line.trim());
  let from = 0;
  const problems: string[] = [];
  for (const line of shown.code
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const found = lines.indexOf(line, from);
    if (found === -1) problems.push(`no line "${line}"`);
    else from = found + 1;
  }
  return problems;
}
