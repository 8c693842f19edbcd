import { createHash } from 'node:crypto';
import type {
  ClientFeature,
  ClientSegment,
  ClientStrategy,
  EnvironmentState,
} from '../../sdk-serving/client-api/client-feature.ts';

/**
 * What is recorded of one environment's served configuration (decision record 0041): one entry per flag, segment
 * and context field, keyed `flag:<name>`, `segment:<id>`, `context:<name>`. A flag entry keeps what the playground
 * sees (disabled strategies, ids and titles too); what SDKs were served is derived from it by `toServedState`.
 */
export type HistoryEntries = Map<string, unknown>;

/** A flag as recorded: the feature, its place in the served order and its tags. */
export type FlagEntry = { feature: ClientFeature; order: [string, number]; tags: string[] };

/** A context field as recorded: the fields a context editor and the playground need. */
export type ContextFieldEntry = {
  name: string;
  description: string | null;
  legalValues: unknown[];
  stickiness: boolean;
  sortOrder: number;
  project: string | null;
};

/** Where a flag sits in the served order (`ORDER BY created_at, name`): its creation instant and its rank among ties. */
export type FlagOrder = Map<string, [string, number]>;

export const flagKey = (name: string) => `flag:${name}`;
export const segmentKey = (id: number) => `segment:${id}`;
export const contextKey = (name: string) => `context:${name}`;

/** The entries of an environment's state as read for the playground (`withDisabledStrategies`). */
export function toEntries(
  state: EnvironmentState,
  order: FlagOrder,
  contextFields: ContextFieldEntry[],
): HistoryEntries {
  const entries: HistoryEntries = new Map();
  for (const feature of state.features) {
    const entry: FlagEntry = {
      feature,
      order: order.get(feature.name) ?? ['', 0],
      tags: state.tags.get(feature.name) ?? [],
    };
    entries.set(flagKey(feature.name), entry);
  }
  for (const segment of state.segments) entries.set(segmentKey(segment.id), segment);
  for (const field of contextFields) entries.set(contextKey(field.name), field);
  return entries;
}

export const digestOf = (value: unknown): string =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64');

const compareOrder = (a: FlagEntry, b: FlagEntry) =>
  a.order[0] < b.order[0] ? -1 : a.order[0] > b.order[0] ? 1 : a.order[1] - b.order[1];

/** A strategy as SDKs get it: without the playground's id, title and disabled mark. */
function servedStrategy(strategy: ClientStrategy): ClientStrategy {
  const {
    id: _id,
    title: _title,
    disabled: _disabled,
    ...served
  } = strategy as ClientStrategy & {
    id?: string;
    title?: string | null;
    disabled?: boolean;
  };
  return served;
}

export type RecordedState = {
  /** As the playground reads it: disabled strategies included, with ids and titles. */
  full: EnvironmentState;
  /** As SDKs were served it (`loadEnvironmentState` without options). */
  served: EnvironmentState;
  contextFields: ContextFieldEntry[];
};

/** Turns recorded entries back into the environment states they were read from. */
export function toRecordedState(
  environment: string,
  revisionId: number,
  entries: HistoryEntries,
): RecordedState {
  const flags: FlagEntry[] = [];
  const segments: ClientSegment[] = [];
  const contextFields: ContextFieldEntry[] = [];
  for (const [key, value] of entries) {
    if (key.startsWith('flag:')) flags.push(value as FlagEntry);
    else if (key.startsWith('segment:')) segments.push(value as ClientSegment);
    else if (key.startsWith('context:')) contextFields.push(value as ContextFieldEntry);
  }
  flags.sort(compareOrder);
  segments.sort((a, b) => a.id - b.id);
  contextFields.sort((a, b) => a.sortOrder - b.sortOrder || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const tags = new Map(flags.filter((f) => f.tags.length).map((f) => [f.feature.name, f.tags]));
  const full: EnvironmentState = {
    environment,
    revisionId,
    features: flags.map((f) => f.feature),
    tags,
    segments,
  };
  const served: EnvironmentState = {
    ...full,
    features: flags.map(({ feature }) => ({
      ...feature,
      strategies: feature.strategies
        .filter((s) => !(s as { disabled?: boolean }).disabled)
        .map(servedStrategy),
    })),
  };
  return { full, served, contextFields };
}

/** What changed between two sets of entries: keys whose value differs, with the new value (undefined: removed). */
export function diffEntries(
  before: Map<string, string>,
  after: Map<string, { value: unknown; digest: string }>,
): { key: string; value: unknown | null; digest: string | null }[] {
  const changes: { key: string; value: unknown | null; digest: string | null }[] = [];
  for (const [key, { value, digest }] of after)
    if (before.get(key) !== digest) changes.push({ key, value, digest });
  for (const key of before.keys()) if (!after.has(key)) changes.push({ key, value: null, digest: null });
  return changes;
}

const ISO_8601 =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** An ISO 8601 instant, or undefined when the text is none. */
export function parseInstant(text: string): Date | undefined {
  if (!ISO_8601.test(text.trim())) return undefined;
  const at = new Date(text.trim());
  return Number.isNaN(at.getTime()) ? undefined : at;
}

/**
 * Event types whose change stays inside the payload entry of the flag they name, in the environment they name (or in
 * every environment when they name none): recording them needs to read only those flags (decision record 0041).
 * Anything else (segments, context fields, moves, imports, dependencies, creations and deletions that shift the
 * served order, environment-wide changes, types not listed) reads the whole environment.
 */
export const NARROW_EVENT_TYPES: ReadonlySet<string> = new Set([
  'feature-environment-enabled',
  'feature-environment-disabled',
  'feature-strategy-add',
  'feature-strategy-update',
  'feature-strategy-remove',
  'strategy-order-changed',
  'feature-environment-variants-updated',
  'feature-metadata-updated',
  'feature-stale-on',
  'feature-stale-off',
  'feature-potentially-stale-on',
  'feature-archived',
  'feature-tagged',
  'feature-untagged',
]);

/** What a recording has to read: every entry, or only the entries of these flags (environment null: all of them). */
export type RecordingScope =
  { whole: true } | { whole: false; flags: { flag: string; environment: string | null }[] };

/** Narrow when every event of the transaction is of a narrow type and names its flag; whole otherwise. */
export function recordingScope(
  events: { type: string; flagName: string | null; environment: string | null }[],
): RecordingScope {
  if (!events.length) return { whole: true };
  const flags: { flag: string; environment: string | null }[] = [];
  for (const event of events) {
    if (!NARROW_EVENT_TYPES.has(event.type) || !event.flagName) return { whole: true };
    flags.push({ flag: event.flagName, environment: event.environment });
  }
  return { whole: false, flags };
}

/** The flags a narrow scope reaches in one environment, sorted and without repeats. */
export function flagsIn(
  scope: { flags: { flag: string; environment: string | null }[] },
  environment: string,
) {
  const names = new Set(
    scope.flags.filter((f) => f.environment === null || f.environment === environment).map((f) => f.flag),
  );
  return [...names].sort();
}
