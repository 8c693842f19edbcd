/**
 * Domain types of moving flags between projects and instances: everything one export holds about a set of flags
 * in one environment. The wire format (Unleash's export shape) is mapped to and from these in flag-transfer-wire.ts.
 */
import type { LegalValue } from '../context/context-field.ts';
import type { ConstraintInput } from '../flags/constraint.ts';
import type { VariantInput } from '../flags/variant.ts';
import type { TagType } from '../tags/tag.ts';

export type TransferFlag = {
  name: string;
  /** The project the flag was exported from; an import puts it in the target project instead. */
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
};

export type TransferStrategy = {
  /** The id in the source instance; an import gives the strategy a new one. */
  id: string | null;
  flagName: string;
  name: string;
  title: string | null;
  /** Null when the file does not say: the strategies of a flag then keep the order they are listed in. */
  sortOrder: number | null;
  disabled: boolean;
  parameters: Record<string, string>;
  constraints: ConstraintInput[];
  variants: VariantInput[];
  /** Segment ids of the source instance; `segments` of the transfer gives their names. */
  segments: number[];
};

/** A flag's state in the exported environment. */
export type TransferEnvironment = { flagName: string; enabled: boolean; variants: VariantInput[] };

export type TransferContextField = {
  name: string;
  description: string | null;
  stickiness: boolean;
  sortOrder: number;
  legalValues: LegalValue[];
  project: string | null;
};

export type TransferTag = { flagName: string; type: string; value: string };
export type TransferSegment = { id: number; name: string };
export type TransferDependency = { child: string; parent: string; enabled: boolean; variants: string[] };

/**
 * A set of flags with everything they need. An import treats it as complete for its flags: their strategies in
 * the target environment, their tags and their parents become exactly what it lists.
 */
export type FlagTransfer = {
  flags: TransferFlag[];
  strategies: TransferStrategy[];
  environments: TransferEnvironment[];
  contextFields: TransferContextField[];
  tags: TransferTag[];
  segments: TransferSegment[];
  tagTypes: TagType[];
  dependencies: TransferDependency[];
};

/** Which flags an export takes: the filters given all apply. */
export type ExportSelection = {
  environment: string;
  flags?: string[];
  /** `type:value`, or a bare value of any tag type. */
  tag?: string;
  project?: string;
  /** Private projects the caller is no member of: their flags are never exported (nor named as missing). */
  hiddenProjects?: string[];
};

/** Where an import goes. */
export type ImportTarget = { project: string; environment: string };

/** One finding of an import check: what is wrong or notable, and the names it concerns. */
export type ImportFinding = { message: string; affectedItems: string[] };

export type ImportReport = {
  errors: ImportFinding[];
  warnings: ImportFinding[];
  /** Permissions the caller lacks for this import; empty, as checking needs the same permission as importing. */
  permissions: ImportFinding[];
};

/** Stickiness values that name no context field. */
const STICKINESS_KEYWORDS = new Set(['default', 'random']);

/**
 * Context fields a transfer's strategies and variants refer to: constraints, flexible-rollout stickiness,
 * variant stickiness and overrides.
 */
export function referencedContextFields(
  strategies: readonly TransferStrategy[],
  environments: readonly TransferEnvironment[],
): string[] {
  const names = new Set<string>();
  const addStickiness = (value: string | undefined) => {
    if (value && !STICKINESS_KEYWORDS.has(value)) names.add(value);
  };
  for (const strategy of strategies) {
    for (const constraint of strategy.constraints) names.add(constraint.contextName);
    addStickiness(strategy.parameters.stickiness);
    for (const variant of strategy.variants) addStickiness(variant.stickiness);
  }
  for (const environment of environments) {
    for (const variant of environment.variants) {
      addStickiness(variant.stickiness);
      for (const override of variant.overrides ?? []) names.add(override.contextName);
    }
  }
  return [...names];
}

/** Sorts by UTF-16 code units, the same on every database and locale. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
