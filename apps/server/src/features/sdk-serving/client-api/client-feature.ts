/**
 * The Client API's wire format (what `GET /api/client/features` serves). These names speak Unleash's
 * format (feature, toggle) because SDKs read them; inside Switchyard the concept is a flag.
 */
export type ClientConstraint = {
  contextName: string;
  operator: string;
  values: string[];
  value?: string;
  inverted: boolean;
  caseInsensitive: boolean;
};

export type ClientVariant = {
  name: string;
  weight: number;
  weightType: string;
  stickiness?: string;
  payload?: { type: string; value: string };
  overrides?: { contextName: string; values: string[] }[];
};

export type ClientStrategy = {
  name: string;
  constraints: ClientConstraint[];
  parameters: Record<string, string>;
  variants: ClientVariant[];
  segments?: number[];
};

export type ClientFeature = {
  name: string;
  type: string;
  description: string | null;
  project: string;
  enabled: boolean;
  stale: boolean;
  impressionData: boolean;
  strategies: ClientStrategy[];
  variants: ClientVariant[];
  dependencies?: { feature: string; enabled: boolean; variants?: string[] }[];
};

export type ClientSegment = { id: number; name: string; constraints: ClientConstraint[] };

/** One environment's whole client state, before any token or query filtering. */
export type EnvironmentState = {
  environment: string;
  revisionId: number;
  features: ClientFeature[];
  /** Tags per flag name, for the `tag` query filter. */
  tags: Map<string, string[]>;
  /**
   * Every segment some strategy of this environment uses (a disabled one too), in any project: an answer carries
   * only those its own flags use (`selectForQuery`, client-payload.ts), where Unleash sends them all.
   */
  segments: ClientSegment[];
};
