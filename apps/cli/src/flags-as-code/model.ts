/**
 * Flags as code, as the files hold them: one flag a file, segments and context fields in a file each. Segments are
 * named, never numbered (each server numbers its own). Every value passes through the `normalise*` functions below,
 * from the files and from the server alike, so that two states that mean the same compare equal and print the same.
 */
export type FileConstraint = {
  contextName: string;
  operator: string;
  values?: string[];
  value?: string;
  inverted?: boolean;
  caseInsensitive?: boolean;
};
export type FilePayload = { type: string; value: string };
export type FileVariant = {
  name: string;
  weight?: number;
  weightType?: string;
  stickiness?: string;
  payload?: FilePayload;
  overrides?: { contextName: string; values: string[] }[];
};
export type FileStrategy = {
  name: string;
  title?: string;
  disabled?: boolean;
  parameters?: Record<string, string>;
  constraints?: FileConstraint[];
  /** Segment names. */
  segments?: string[];
  variants?: FileVariant[];
};
export type FileEnvironment = { enabled: boolean; strategies?: FileStrategy[]; variants?: FileVariant[] };
export type FileFlag = {
  name: string;
  type: string;
  description?: string;
  impressionData?: boolean;
  stale?: boolean;
  environments: Record<string, FileEnvironment>;
};
export type FileSegment = {
  name: string;
  description?: string;
  project?: string;
  constraints: FileConstraint[];
};
export type FileContextField = {
  name: string;
  description?: string;
  stickiness?: boolean;
  legalValues?: { value: string; description?: string }[];
};

/** A project's flags with the segments and context fields they use: what a directory holds. */
export type Workspace = {
  project: string;
  flags: FileFlag[];
  segments: FileSegment[];
  contextFields: FileContextField[];
};

const byName = <T extends { name: string }>(a: T, b: T) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const some = <T>(list: T[] | undefined) => (list && list.length ? list : undefined);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** Keeps only the keys whose value is defined, in the order given. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function normaliseConstraint(c: FileConstraint): FileConstraint {
  const single = c.value !== undefined && c.value !== '' && !(c.values && c.values.length);
  return compact({
    contextName: c.contextName,
    operator: c.operator,
    ...(single ? { value: String(c.value) } : { values: (c.values ?? []).map(String) }),
    inverted: c.inverted === true ? true : undefined,
    caseInsensitive: c.caseInsensitive === true ? true : undefined,
  });
}

export function normaliseVariant(v: FileVariant): FileVariant {
  const weightType = v.weightType === 'fix' ? 'fix' : 'variable';
  return compact({
    name: v.name,
    weight: v.weight === undefined ? undefined : Number(v.weight),
    weightType,
    stickiness: text(v.stickiness),
    payload: v.payload ? { type: v.payload.type, value: String(v.payload.value) } : undefined,
    overrides: some(v.overrides?.map((o) => ({ contextName: o.contextName, values: o.values.map(String) }))),
  });
}

export function normaliseStrategy(s: FileStrategy): FileStrategy {
  const parameters = Object.fromEntries(
    Object.entries(s.parameters ?? {})
      .map(([k, v]) => [k, String(v)] as const)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return compact({
    name: s.name,
    title: text(s.title),
    disabled: s.disabled === true ? true : undefined,
    parameters: Object.keys(parameters).length ? parameters : undefined,
    constraints: some(s.constraints?.map(normaliseConstraint)),
    segments: some([...(s.segments ?? [])].sort()),
    variants: some(s.variants?.map(normaliseVariant)),
  });
}

export function normaliseFlag(f: FileFlag): FileFlag {
  const environments = Object.fromEntries(
    Object.keys(f.environments ?? {})
      .sort()
      .map((name) => {
        const env = f.environments[name]!;
        return [
          name,
          compact({
            enabled: env.enabled === true,
            strategies: some(env.strategies?.map(normaliseStrategy)),
            variants: some(env.variants?.map(normaliseVariant)),
          }),
        ];
      }),
  );
  return compact({
    name: f.name,
    type: f.type || 'release',
    description: text(f.description),
    impressionData: f.impressionData === true ? true : undefined,
    stale: f.stale === true ? true : undefined,
    environments,
  });
}

export function normaliseSegment(s: FileSegment): FileSegment {
  return compact({
    name: s.name,
    description: text(s.description),
    project: text(s.project),
    constraints: (s.constraints ?? []).map(normaliseConstraint),
  });
}

export function normaliseContextField(c: FileContextField): FileContextField {
  return compact({
    name: c.name,
    description: text(c.description),
    stickiness: c.stickiness === true ? true : undefined,
    legalValues: some(
      c.legalValues?.map((v) => compact({ value: v.value, description: text(v.description) })),
    ),
  });
}

export function normaliseWorkspace(w: Workspace): Workspace {
  return {
    project: w.project,
    flags: w.flags.map(normaliseFlag).sort(byName),
    segments: w.segments.map(normaliseSegment).sort(byName),
    contextFields: w.contextFields.map(normaliseContextField).sort(byName),
  };
}

/**
 * What is compared: the normalised form without the weights of variable variants, which the server computes from
 * the others (a file may carry yesterday's numbers and still mean the same).
 */
export function comparable<T>(value: T): string {
  return JSON.stringify(value, (key, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && (v as FileVariant).weightType === 'variable') {
      const { weight: _weight, ...rest } = v as FileVariant;
      return rest;
    }
    return v;
  });
}
