/** A project's rule for the names of its new flags (Unleash's featureNaming). */
export type FlagNaming = { pattern: string; example: string | null; description: string | null };

/** Longest pattern a project may set: enough for any naming convention, short enough to check on every create. */
export const MAX_NAMING_PATTERN_LENGTH = 500;

/** The pattern as a regular expression that must match the whole name (Unleash anchors it the same way). */
const wholeName = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'u');

/** Why a naming rule cannot be saved (a pattern that is no regular expression, an example it refuses), or undefined. */
export function namingRuleProblem(
  naming: FlagNaming,
): { field: 'pattern' | 'example'; message: string } | undefined {
  if (naming.pattern.length > MAX_NAMING_PATTERN_LENGTH) {
    return {
      field: 'pattern',
      message: `"pattern" must be at most ${MAX_NAMING_PATTERN_LENGTH} characters long`,
    };
  }
  let regex: RegExp;
  try {
    regex = wholeName(naming.pattern);
  } catch {
    return {
      field: 'pattern',
      message: `"pattern" must be a regular expression; "${naming.pattern}" is not one`,
    };
  }
  if (naming.example !== null && !regex.test(naming.example)) {
    return {
      field: 'example',
      message: `"example" must match the pattern ^${naming.pattern}$; "${naming.example}" does not`,
    };
  }
  return undefined;
}

/** Why a new flag's name breaks its project's naming rule, or undefined when it keeps it (or there is none). */
export function namingProblem(name: string, naming: FlagNaming | null): string | undefined {
  if (!naming) return undefined;
  if (wholeName(naming.pattern).test(name)) return undefined;
  const example = naming.example ? `, such as "${naming.example}"` : '';
  const why = naming.description ? ` (${naming.description})` : '';
  return `"name" must match the project's naming pattern ^${naming.pattern}$${example}${why}; "${name}" does not`;
}
