/**
 * What a migration moves, read from either side: an Unleash instance, an export file, or the Switchyard target
 * (which answers the same Admin API). Segments are named, not numbered: ids differ between the two servers.
 */
export type Constraint = {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
};

export type Variant = {
  name: string;
  weight?: number;
  weightType?: string;
  stickiness?: string;
  payload?: { type: string; value: string };
  overrides?: { contextName: string; values: string[] }[];
};

export type Strategy = {
  name: string;
  title?: string | null;
  disabled?: boolean;
  parameters: Record<string, string>;
  constraints: Constraint[];
  variants: Variant[];
  /** Segment names. */
  segments: string[];
};

export type FlagEnvironment = {
  name: string;
  enabled: boolean;
  strategies: Strategy[];
  variants: Variant[];
};

export type Dependency = { feature: string; enabled: boolean; variants: string[] };

export type Flag = {
  name: string;
  project: string;
  type: string;
  description: string;
  stale: boolean;
  impressionData: boolean;
  archived: boolean;
  tags: { type: string; value: string }[];
  environments: FlagEnvironment[];
  dependencies: Dependency[];
};

export type Project = {
  id: string;
  name: string;
  description: string;
  /** Environments the project uses. */
  environments: string[];
  defaultStickiness?: string;
  mode?: string;
};

export type Environment = { name: string; type: string; enabled: boolean };
export type FlagType = { id: string; lifetimeDays: number | null };
export type TagType = { name: string; description: string };
export type Tag = { type: string; value: string };
export type ContextField = {
  name: string;
  description: string;
  stickiness: boolean;
  legalValues: { value: string; description?: string }[];
};
export type Segment = {
  name: string;
  description: string;
  project: string | null;
  constraints: Constraint[];
  /** A batch export names a segment without its constraints: it must be made by hand. */
  constraintsUnknown?: boolean;
};
export type StrategyDefinition = {
  name: string;
  description: string;
  parameters: { name: string; type: string; description?: string; required?: boolean }[];
};
export type ApiToken = {
  tokenName: string;
  type: 'client' | 'frontend' | 'admin';
  environment: string;
  projects: string[];
  /** The full secret, when the source reveals it; undefined when it shows only a masked form. */
  secret?: string;
  expiresAt: string | null;
};
export type User = { email: string | null; username: string | null; name: string | null; rootRole: string };
export type Integration = {
  provider: string;
  description: string;
  enabled: boolean;
  parameters: Record<string, unknown>;
  events: string[];
  projects: string[];
  environments: string[];
};

export type Snapshot = {
  environments: Environment[];
  projects: Project[];
  flagTypes: FlagType[];
  tagTypes: TagType[];
  tags: Tag[];
  contextFields: ContextField[];
  segments: Segment[];
  strategyDefinitions: StrategyDefinition[];
  flags: Flag[];
  apiTokens: ApiToken[];
  users: User[];
  integrations: Integration[];
};

export function emptySnapshot(): Snapshot {
  return {
    environments: [],
    projects: [],
    flagTypes: [],
    tagTypes: [],
    tags: [],
    contextFields: [],
    segments: [],
    strategyDefinitions: [],
    flags: [],
    apiTokens: [],
    users: [],
    integrations: [],
  };
}
