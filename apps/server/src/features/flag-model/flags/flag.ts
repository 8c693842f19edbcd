/** Domain types of flag management. Wire shapes live in the *-schemas.ts files, rows in the stores. */
import { FLEXIBLE_ROLLOUT, flexibleRolloutDefaults } from '@switchyard/rules';

/** Who makes a change, as recorded in events. */
export type Actor = { name: string; userId: number | null };

export type Constraint = {
  contextName: string;
  operator: string;
  values: string[];
  value?: string;
  inverted: boolean;
  caseInsensitive: boolean;
};

export type Payload = { type: string; value: string };
export type Override = { contextName: string; values: string[] };

export type WeightType = 'variable' | 'fix';

/** A variant of a flag in one environment. Strategy variants have the same shape without overrides. */
export type Variant = {
  name: string;
  weight: number;
  weightType: WeightType;
  /** Absent on a strategy variant that inherits the strategy's stickiness. */
  stickiness?: string;
  payload?: Payload;
  overrides?: Override[];
};

export type Strategy = {
  id: string;
  flagName: string;
  environment: string;
  name: string;
  title: string | null;
  disabled: boolean;
  sortOrder: number;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: Variant[];
  segments: number[];
};

/** What a caller may set on a strategy; the service fills in defaults. */
export type StrategyInput = {
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
  variants?: Variant[];
  segments?: number[];
};

export type Flag = {
  name: string;
  project: string;
  type: string;
  description: string | null;
  stale: boolean;
  impressionData: boolean;
  createdAt: Date;
  archivedAt: Date | null;
  lastSeenAt: Date | null;
  createdByUserId: number | null;
};

/** A flag in one environment of its project. */
export type FlagEnvironment = {
  name: string;
  type: string;
  sortOrder: number;
  enabled: boolean;
  variants: Variant[];
  lastSeenAt: Date | null;
};

export type LifecycleStageName = 'initial' | 'pre-live' | 'live' | 'completed' | 'archived';
export type LifecycleStage = {
  stage: LifecycleStageName;
  enteredStageAt: Date;
  status?: string;
  statusValue?: string | null;
};

export type FlagLink = { id: string; url: string; title: string | null };
export type Dependency = { feature: string; enabled: boolean; variants: string[] };

/** Everything the full flag view shows. */
export type FlagDetails = Flag & {
  environments: (FlagEnvironment & { strategies: Strategy[] })[];
  dependencies: Dependency[];
  children: string[];
  tags: { type: string; value: string }[];
  links: FlagLink[];
  favorite: boolean;
  lifecycle: LifecycleStage;
  createdBy: { id: number; name: string } | null;
  /** Users who changed the flag, the most recent first. */
  collaborators: { id: number; name: string }[];
};

/** One row of a project's flag list: counts instead of strategies, so a list of thousands stays small. */
export type FlagListItem = Flag & {
  favorite: boolean;
  dependencyType: 'parent' | 'child' | null;
  tags: { type: string; value: string }[];
  environments: FlagEnvironmentSummary[];
};

export type FlagEnvironmentSummary = Omit<FlagEnvironment, 'variants'> & {
  variantCount: number;
  hasStrategies: boolean;
  hasEnabledStrategies: boolean;
};

/** The strategy a flag gets when it is turned on with nothing active: on for everyone, sticky per user. */
export function defaultStrategyFor(flagName: string): StrategyInput {
  return {
    name: FLEXIBLE_ROLLOUT,
    constraints: [],
    parameters: flexibleRolloutDefaults(flagName),
  };
}
