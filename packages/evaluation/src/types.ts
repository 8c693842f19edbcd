/**
 * The data the engine evaluates. The shapes follow the Unleash client API (`/api/client/features`) so a
 * payload can be loaded verbatim; field names here are wire names because this package speaks that format.
 */

export type Payload = { type: string; value: string };

export type Constraint = {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  caseInsensitive?: boolean;
  inverted?: boolean;
};

export type VariantOverride = { contextName: string; values: string[] };

export type VariantDefinition = {
  name: string;
  weight: number;
  weightType?: string;
  stickiness?: string;
  payload?: Payload;
  overrides?: VariantOverride[];
};

export type StrategyDefinition = {
  name: string;
  parameters?: Record<string, string>;
  constraints?: Constraint[];
  segments?: number[];
  variants?: VariantDefinition[];
  disabled?: boolean;
  id?: string;
  title?: string | null;
};

export type Dependency = { feature: string; enabled?: boolean; variants?: string[] };

export type FlagDefinition = {
  name: string;
  enabled: boolean;
  strategies?: StrategyDefinition[];
  variants?: VariantDefinition[];
  dependencies?: Dependency[];
  impressionData?: boolean;
  project?: string;
  type?: string;
  stale?: boolean;
  description?: string | null;
};

export type Segment = { id: number; name?: string; constraints: Constraint[] };

/** The body of `GET /api/client/features` (only the fields evaluation reads are required). */
export type ClientFeatures = { version?: number; features: FlagDefinition[]; segments?: Segment[] };

/** Where the plain functions find parent flags and segments; a `ClientFeatures` body works as one too. */
export type FlagLookup = {
  getFlag(name: string): FlagDefinition | undefined;
  getSegment(id: number): Segment | undefined;
};

export type FlagSource = ClientFeatures | FlagLookup;

export type Context = {
  userId?: string;
  sessionId?: string;
  remoteAddress?: string;
  environment?: string;
  appName?: string;
  currentTime?: string | Date | number;
  properties?: Record<string, string | null | undefined>;
  [key: string]: unknown;
};

export type VariantResult = {
  name: string;
  enabled: boolean;
  feature_enabled: boolean;
  featureEnabled: boolean;
  payload?: Payload;
};

/** One flag's outcome for one context: what the Frontend API serves per toggle. */
export type FlagResult = {
  name: string;
  enabled: boolean;
  impressionData: boolean;
  variant: VariantResult;
};

export type EvaluationOptions = {
  /** Host name for the applicationHostname strategy: a browser has no `os.hostname()`. */
  hostname?: string;
  /** Source of randomness in [0, 1), injectable for tests; defaults to Math.random. */
  random?: () => number;
  /** Clock in epoch milliseconds for DATE_* constraints when the context has no currentTime. */
  now?: () => number;
};

/** Events of the Unleash delta API, applied in order by applyDelta. */
export type DeltaEvent =
  | { eventId?: number; type: 'hydration'; features: FlagDefinition[]; segments?: Segment[] }
  | { eventId?: number; type: 'feature-updated'; feature: FlagDefinition }
  | { eventId?: number; type: 'feature-removed'; featureName: string; project?: string }
  | { eventId?: number; type: 'segment-updated'; segment: Segment }
  | { eventId?: number; type: 'segment-removed'; segmentId: number };
