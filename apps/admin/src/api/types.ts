/**
 * Wire shapes of the Unleash-compatible admin API, as the UI reads and writes them. Fields the server may not
 * send yet are optional so screens degrade instead of breaking.
 */
import type { components, operations } from './schema';

export type User = {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  rootRole: number;
  rootRoleName: string;
};
/** A user as the user-admin list shows them. */
export type ListedUser = User &
  Pick<components['schemas']['userSchema'], 'createdAt' | 'seenAt' | 'scimId' | 'active'>;
/** The signed-in user and the grant list the UI decides with (see features/session/use-permissions.ts). */
export type Me = operations['getMe']['responses'][200]['content']['application/json'];

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

export type StrategyParameterDefinition = {
  name: string;
  type: 'string' | 'percentage' | 'list' | 'number' | 'boolean' | string;
  description?: string;
  required?: boolean;
};
export type StrategyDefinition = {
  name: string;
  title?: string | null;
  displayName?: string | null;
  description?: string | null;
  editable?: boolean;
  deprecated?: boolean;
  parameters: StrategyParameterDefinition[];
};

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

export type ContextField = {
  name: string;
  description?: string | null;
  stickiness?: boolean;
  sortOrder?: number;
  legalValues?: { value: string; description?: string }[];
  usedInFeatures?: number;
  usedInProjects?: number;
};

export type Environment = {
  name: string;
  type: string;
  enabled: boolean;
  protected?: boolean;
  sortOrder: number;
  projectCount?: number;
  apiTokenCount?: number;
  enabledToggleCount?: number;
};

export type FlagType = { id: string; name: string; description?: string; lifetimeDays?: number | null };
export type TagType = { name: string; description?: string | null; icon?: string | null };

export type ApiToken = {
  secret: string;
  tokenName: string;
  type: 'client' | 'frontend' | 'admin' | 'backend';
  project?: string;
  projects: string[];
  environment: string;
  expiresAt: string | null;
  createdAt: string;
  seenAt?: string | null;
};

export type Event = {
  id: number;
  type: string;
  createdAt: string;
  createdBy: string;
  featureName?: string | null;
  project?: string | null;
  environment?: string | null;
  data?: unknown;
  preData?: unknown;
};
export type EventSearchResult = { events: Event[]; total: number };

export type BannerVariant = 'info' | 'warning' | 'error' | 'success';
export type Banner = {
  id: number;
  message: string;
  enabled: boolean;
  variant: BannerVariant;
  sticky: boolean;
  icon: string | null;
  link: string | null;
  linkText: string | null;
  dialogTitle: string | null;
  dialog: string | null;
  createdAt: string;
};

export type AccountToken = {
  id: number;
  description: string;
  /** Only in the answer that creates the token. */
  secret?: string;
  expiresAt: string;
  createdAt: string;
  seenAt: string | null;
};
export type ServiceAccount = {
  id: number;
  username: string;
  name: string | null;
  rootRole: number;
  rootRoleName: string;
  createdAt: string;
  seenAt: string | null;
  tokens: AccountToken[];
};

export type HourlyCount = {
  featureName: string;
  appName: string;
  environment: string;
  /** The start of the hour. */
  timestamp: string;
  yes: number;
  no: number;
  variants: Record<string, number>;
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
export type ApplicationDetails = Application & { instances: ApplicationInstance[]; seenToggles: string[] };

export type InviteLink = {
  /** The full secret only in the answer that created the link; a masked form in lists. */
  secret: string;
  /** Only in the answer that created the link: the server keeps just a hash of the secret. */
  url?: string;
  name: string;
  enabled: boolean;
  expiresAt: string;
  createdAt: string;
  users: { id: number; name: string | null; email: string | null }[];
  role: { name: string };
};
