import { compileSnapshot, type CompiledSnapshot, type Context } from '@switchyard/evaluation';
import type { Db } from '../../../db/db.ts';
import type { ClientFeature, EnvironmentState } from '../../sdk-serving/client-api/client-feature.ts';
import { selectForQuery } from '../../sdk-serving/client-api/client-payload.ts';
import { flagKey, toRecordedState, type FlagEntry, type RecordedState } from './history.ts';
import { createHistoryStore } from './history-store.ts';

type Change = 'added' | 'removed' | 'changed';

/** A reconstructed instant of one environment. */
export type StateAt = RecordedState & { recordingId: number; recordedAt: Date };

/** How many synthetic users a share of users is measured on. */
export const SHARE_USERS = 1_000;

const compile = (state: EnvironmentState): CompiledSnapshot =>
  compileSnapshot({ features: state.features, segments: state.segments } as never);

/** The parts of a flag that differ between two recorded versions. */
export function changedParts(before: ClientFeature | undefined, after: ClientFeature | undefined): string[] {
  if (!before || !after) return [];
  const parts: string[] = [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof ClientFeature>;
  for (const key of keys)
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) parts.push(String(key));
  return parts.sort();
}

/** The share of synthetic users (userId `user-1`...) who get the flag, and each variant, in a state. */
export function shareOfUsers(
  snapshot: CompiledSnapshot,
  flag: string,
  environment: string,
  users = SHARE_USERS,
): { enabled: number; variants: Record<string, number> } {
  let enabled = 0;
  const variants: Record<string, number> = {};
  for (let i = 1; i <= users; i++) {
    const context: Context = { environment, userId: `user-${i}`, sessionId: `session-${i}`, properties: {} };
    const variant = snapshot.variant(flag, context);
    if (variant.featureEnabled) enabled++;
    if (variant.enabled) variants[variant.name] = (variants[variant.name] ?? 0) + 1;
  }
  const share = (n: number) => Math.round((n / users) * 10_000) / 10_000;
  return {
    enabled: share(enabled),
    variants: Object.fromEntries(Object.entries(variants).map(([k, n]) => [k, share(n)])),
  };
}

/** Generated contexts for a comparison when none are given: distinct users and sessions. */
export const sampleContexts = (count: number): Record<string, unknown>[] =>
  Array.from({ length: count }, (_, i) => ({ userId: `user-${i + 1}`, sessionId: `session-${i + 1}` }));

type EventRow = {
  id: number;
  type: string;
  created_by: string;
  created_at: Date;
  change_request_id: string | null;
};

/** What SDKs were served at any instant, a flag's recorded changes and what they did (decision record 0041). */
export function createHistoryService(db: Db) {
  const store = createHistoryStore(db);

  const stateAt = async (environment: string, at: Date): Promise<StateAt | undefined> => {
    const moment = await store.momentAt(environment, at);
    if (!moment) return undefined;
    return {
      ...toRecordedState(environment, moment.recordingId, moment.entries),
      recordingId: moment.recordingId,
      recordedAt: moment.recordedAt,
    };
  };

  return {
    stateAt,
    beginning: store.beginning,
    instants: store.instants,

    /** The Client API payload content a project's SDKs were served at an instant (no token, no query filters). */
    servedAt(state: StateAt, projects: '*' | string[], hidden: readonly string[]) {
      const visible = (project: string) =>
        !hidden.includes(project) && (projects === '*' || projects.includes(project));
      const selection = selectForQuery(
        { ...state.served, features: state.served.features.filter((f) => visible(f.project)) },
        { environment: state.served.environment, inlineSegmentConstraints: false },
      );
      return { features: selection.features, segments: selection.segments };
    },

    /** Which flags differ between two states, and for each context which flags and variants it gained or lost. */
    compare(
      from: StateAt,
      to: StateAt,
      visible: (project: string) => boolean,
      contexts: Record<string, unknown>[],
      toContext: (raw: Record<string, unknown>) => Context,
    ) {
      const before = new Map(from.served.features.filter((f) => visible(f.project)).map((f) => [f.name, f]));
      const after = new Map(to.served.features.filter((f) => visible(f.project)).map((f) => [f.name, f]));
      const names = [...new Set([...before.keys(), ...after.keys()])].sort();
      const flags = names.flatMap((name) => {
        const a = before.get(name);
        const b = after.get(name);
        if (a && b && JSON.stringify(a) === JSON.stringify(b)) return [];
        const change: Change = !a ? 'added' : !b ? 'removed' : 'changed';
        return [{ name, project: (b ?? a)!.project, change, parts: changedParts(a, b) }];
      });
      const snapshotFrom = compile(from.served);
      const snapshotTo = compile(to.served);
      const environment = to.served.environment;
      const people = contexts.flatMap((raw) => {
        const context = toContext({ environment, ...raw });
        const gained: string[] = [];
        const lost: string[] = [];
        const variants: { flag: string; from: string; to: string }[] = [];
        for (const name of names) {
          const was = before.has(name) ? snapshotFrom.variant(name, context) : undefined;
          const is = after.has(name) ? snapshotTo.variant(name, context) : undefined;
          const wasOn = was?.featureEnabled ?? false;
          const isOn = is?.featureEnabled ?? false;
          if (!wasOn && isOn) gained.push(name);
          else if (wasOn && !isOn) lost.push(name);
          else if (wasOn && isOn && was!.name !== is!.name)
            variants.push({ flag: name, from: was!.name, to: is!.name });
        }
        return gained.length || lost.length || variants.length
          ? [{ context: raw, gained, lost, variants }]
          : [];
      });
      return { flags, contexts: people, contextsCompared: contexts.length };
    },

    /** A flag's recorded changes in an environment, newest first, each with who made it and its effect on users. */
    async timeline(environment: string, flag: string, limit: number) {
      const rows = await store.changesOf(environment, flagKey(flag), limit + 1);
      const shown = rows.slice(0, limit);
      const eventIds = [...new Set(shown.flatMap((row) => row.eventIds))];
      const events = eventIds.length
        ? await db.query<EventRow>(
            `SELECT id, type, created_by, created_at, data->>'changeRequestId' AS change_request_id
               FROM events WHERE id = ANY($1) ORDER BY id`,
            [eventIds],
          )
        : [];
      const byId = new Map(events.map((e) => [Number(e.id), e]));
      const shares = new Map<number, ReturnType<typeof shareOfUsers> | null>();
      const shareAt = async (recordingId: number, present: boolean) => {
        if (!present) return null;
        if (!shares.has(recordingId)) {
          const entries = await store.entriesAfter(environment, recordingId);
          const { served } = toRecordedState(environment, recordingId, entries);
          shares.set(recordingId, shareOfUsers(compile(served), flag, environment));
        }
        return shares.get(recordingId)!;
      };
      const changes = [];
      for (const [index, row] of shown.entries()) {
        const previous = rows[index + 1];
        const now = (row.value as FlagEntry | null)?.feature;
        // The oldest change shown may have been the first since history began: its "before" is the recording before.
        const beforeId = previous?.recordingId ?? row.recordingId - 1;
        const was = previous
          ? (previous.value as FlagEntry | null)?.feature
          : ((await store.entriesAfter(environment, beforeId)).get(flagKey(flag)) as FlagEntry | undefined)
              ?.feature;
        const own = row.eventIds.map((id) => byId.get(id)).filter((e): e is EventRow => e !== undefined);
        const changeRequest = own.find((e) => e.change_request_id !== null)?.change_request_id ?? null;
        changes.push({
          recordingId: row.recordingId,
          at: row.recordedAt,
          change: (!now ? 'removed' : !was ? 'added' : 'changed') as Change,
          parts: changedParts(was, now),
          events: own.map((e) => ({
            id: Number(e.id),
            type: e.type,
            createdBy: e.created_by,
            createdAt: e.created_at,
          })),
          createdBy: [...new Set(own.map((e) => e.created_by))],
          changeRequestId: changeRequest === null ? null : Number(changeRequest),
          shareBefore: await shareAt(beforeId, Boolean(was)),
          shareAfter: await shareAt(row.recordingId, Boolean(now)),
        });
      }
      return { changes, more: rows.length > limit };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
