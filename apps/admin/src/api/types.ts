/**
 * Wire shapes of the Unleash-compatible admin API, as the UI reads and writes them. Fields the server may not
 * send yet are optional so screens degrade instead of breaking.
 */

export type Project = {
  id: string;
  name: string;
  description?: string | null;
  health?: number;
  featureCount?: number;
  memberCount?: number;
  mode?: string;
  defaultStickiness?: string;
  createdAt?: string;
};
export type ProjectOverview = {
  name: string;
  description?: string | null;
  health?: number;
  mode?: string;
  defaultStickiness?: string;
  environments?: { environment: string }[] | string[];
  featureTypeCounts?: { type: string; count: number }[];
};

export type Operator =
  | 'IN'
  | 'NOT_IN'
  | 'STR_STARTS_WITH'
  | 'STR_ENDS_WITH'
  | 'STR_CONTAINS'
  | 'NUM_EQ'
  | 'NUM_GT'
  | 'NUM_GTE'
  | 'NUM_LT'
  | 'NUM_LTE'
  | 'DATE_AFTER'
  | 'DATE_BEFORE'
  | 'SEMVER_EQ'
  | 'SEMVER_GT'
  | 'SEMVER_GTE'
  | 'SEMVER_LT'
  | 'SEMVER_LTE'
  | 'REGEX'
  | 'IN_CIDR';

export type Constraint = {
  contextName: string;
  operator: Operator;
  values?: string[];
  value?: string;
  caseInsensitive?: boolean;
  inverted?: boolean;
};

export type PayloadType = 'string' | 'json' | 'csv' | 'number';
export type Payload = { type: PayloadType; value: string };
export type Variant = {
  name: string;
  weight: number;
  weightType?: 'variable' | 'fix';
  stickiness?: string;
  payload?: Payload;
  overrides?: { contextName: string; values: string[] }[];
};

export type Strategy = {
  id?: string;
  name: string;
  title?: string | null;
  disabled?: boolean | null;
  sortOrder?: number;
  constraints: Constraint[];
  parameters: Record<string, string>;
  segments?: number[];
  variants?: Variant[];
};

export type FlagEnvironment = {
  name: string;
  environment?: string;
  type?: string;
  enabled: boolean;
  sortOrder?: number;
  strategies: Strategy[];
  variants?: Variant[];
};

export type Dependency = { feature: string; enabled?: boolean; variants?: string[] };
export type Tag = { type: string; value: string };

export type Flag = {
  name: string;
  type: string;
  description?: string | null;
  project: string;
  stale?: boolean;
  impressionData?: boolean;
  archived?: boolean;
  archivedAt?: string | null;
  createdAt?: string | null;
  createdBy?: { id?: number; name?: string } | null;
  lastSeenAt?: string | null;
  environments: FlagEnvironment[];
  variants?: Variant[];
  dependencies?: Dependency[];
  children?: string[];
  tags?: Tag[];
};

/** One row of GET /api/admin/search/features. */
export type FlagSearchItem = {
  name: string;
  type: string;
  description?: string | null;
  project: string;
  stale?: boolean;
  createdAt?: string | null;
  archivedAt?: string | null;
  tags?: Tag[];
  environments: {
    name: string;
    enabled: boolean;
    type?: string;
    hasStrategies?: boolean;
    /** When an SDK last reported the flag in this environment. */
    lastSeenAt?: string | null;
  }[];
};
export type FlagSearchResult = { features: FlagSearchItem[]; total: number };

export type Segment = {
  id: number;
  name: string;
  description?: string | null;
  project?: string | null;
  constraints: Constraint[];
  usedInFeatures?: number;
  usedInProjects?: number;
  createdAt?: string;
};

export type Application = {
  appName: string;
  description: string | null;
  url: string | null;
  createdAt: string;
  seenAt: string | null;
};
export type ApplicationInstance = {
  instanceId: string;
  environment: string;
  sdkType: string;
  sdkVersion: string | null;
  lastSeen: string;
  strategies: string[];
};
