/** One allowed value of a context field, offered in the admin UI and checked on IN/NOT_IN constraints. */
export type LegalValue = { value: string; description?: string };

/** An attribute of the evaluation context that constraints and stickiness can refer to. */
export type ContextField = {
  name: string;
  description: string | null;
  /** True when flexible rollouts may use the field for stickiness. */
  stickiness: boolean;
  sortOrder: number;
  legalValues: LegalValue[];
  /** The project the field belongs to, or null for a field every project sees. */
  project: string | null;
  createdAt: Date;
  usedInFlags: number;
  usedInProjects: number;
};

export type ContextFieldInput = {
  name: string;
  description?: string | null;
  stickiness?: boolean;
  sortOrder?: number;
  legalValues?: LegalValue[];
};

export type ContextFieldChanges = Omit<ContextFieldInput, 'name'>;

/**
 * Fields that SDKs fill in themselves (the client specification's root context keys). Constraints and
 * stickiness everywhere rely on them, so they cannot be deleted.
 */
export const BUILT_IN_CONTEXT_FIELDS: readonly string[] = [
  'environment',
  'userId',
  'appName',
  'sessionId',
  'remoteAddress',
  'currentTime',
];

/** Names must be usable in URLs unescaped, as in Unleash. */
export const CONTEXT_FIELD_NAME_PATTERN = '^[A-Za-z0-9._~-]+$';

/** The values that appear more than once, which would make a legal-value list ambiguous. */
export function duplicateValues(legalValues: readonly LegalValue[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { value } of legalValues) {
    if (seen.has(value)) duplicates.add(value);
    seen.add(value);
  }
  return [...duplicates];
}
