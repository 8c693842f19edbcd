/**
 * The state file of Unleash v4's `/api/admin/state` (version 4): every part of an instance's configuration as flat
 * lists that refer to each other by name. Switchyard reads and writes it only at the edge of the legacy routes.
 */
export type StateConstraint = {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
};
export type StateFlag = {
  name: string;
  description?: string | null;
  type?: string;
  project?: string;
  stale?: boolean;
  impressionData?: boolean;
  createdAt?: string;
  lastSeenAt?: string | null;
};
export type StateStrategyDefinition = {
  name: string;
  title?: string | null;
  description?: string | null;
  parameters?: { name: string; type: string; description?: string; required?: boolean }[];
  deprecated?: boolean;
  builtIn?: boolean;
};
export type StateProject = { id: string; name: string; description?: string | null; createdAt?: string };
export type StateTagType = { name: string; description?: string | null; icon?: string | null };
export type StateTag = { type: string; value: string };
export type StateFlagTag = { featureName: string; tagType: string; tagValue: string };
export type StateEnvironment = {
  name: string;
  type: string;
  sortOrder?: number;
  enabled?: boolean;
  protected?: boolean;
};
export type StateFlagStrategy = {
  id?: string;
  featureName: string;
  projectId?: string;
  environment: string;
  strategyName: string;
  title?: string | null;
  disabled?: boolean | null;
  parameters?: Record<string, string>;
  constraints?: StateConstraint[];
  sortOrder?: number;
  segments?: number[];
};
export type StateFlagEnvironment = {
  featureName: string;
  environment: string;
  enabled: boolean;
  variants?: unknown[];
};
export type StateSegment = {
  id: number;
  name: string;
  description?: string | null;
  project?: string | null;
  constraints: StateConstraint[];
};

export type State = {
  version: number;
  features: StateFlag[];
  strategies: StateStrategyDefinition[];
  projects: StateProject[];
  tagTypes: StateTagType[];
  tags: StateTag[];
  featureTags: StateFlagTag[];
  environments: StateEnvironment[];
  featureStrategies: StateFlagStrategy[];
  featureEnvironments: StateFlagEnvironment[];
  segments: StateSegment[];
};

export const STATE_VERSION = 4;

/** The parts an export can leave out, by the query flag that names them. */
export type StateParts = {
  featureToggles: boolean;
  strategies: boolean;
  projects: boolean;
  tags: boolean;
  environments: boolean;
};
