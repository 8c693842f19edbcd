import type { ClientFeature, ClientStrategy } from '../../sdk-serving/index.ts';

/** A strategy as the playground reads it: with its id, title and disabled mark. */
type RecordedStrategy = ClientStrategy & { id?: string; title?: string | null; disabled?: boolean };

/** One change of a restore, in the vocabulary of change requests (change-request.ts's FLAG_ACTIONS). */
export type RestoreChange = {
  action:
    | 'updateEnabled'
    | 'addStrategy'
    | 'updateStrategy'
    | 'deleteStrategy'
    | 'reorderStrategy'
    | 'patchVariant';
  payload: Record<string, unknown> | Record<string, unknown>[];
};

const request = (strategy: RecordedStrategy, sortOrder: number) => ({
  name: strategy.name,
  title: strategy.title ?? null,
  disabled: strategy.disabled ?? false,
  sortOrder,
  parameters: strategy.parameters,
  constraints: strategy.constraints,
  variants: strategy.variants,
  segments: strategy.segments ?? [],
});

/** What of a strategy a restore compares: everything it serves and shows, not its position or id. */
const content = (strategy: RecordedStrategy) =>
  JSON.stringify({ ...request(strategy, 0), sortOrder: undefined });

/**
 * The changes that turn a flag's configuration in one environment (`now`, with strategy positions) back into
 * `then`: strategies removed, changed or added again, their order, the variants and the on/off state, in the order
 * they apply. Pure, so what a reviewer approves is what applies.
 */
export function planRestore(
  then: ClientFeature,
  now: ClientFeature,
  positions: ReadonlyMap<string, number>,
): RestoreChange[] {
  const past = then.strategies as RecordedStrategy[];
  const current = now.strategies as RecordedStrategy[];
  const pastIds = new Set(past.map((s) => s.id));
  const currentById = new Map(current.map((s) => [s.id, s]));
  const changes: RestoreChange[] = [];
  for (const strategy of current)
    if (!pastIds.has(strategy.id)) changes.push({ action: 'deleteStrategy', payload: { id: strategy.id } });
  const reorder: { id: string; sortOrder: number }[] = [];
  past.forEach((strategy, index) => {
    const existing = strategy.id ? currentById.get(strategy.id) : undefined;
    if (!existing) changes.push({ action: 'addStrategy', payload: request(strategy, index) });
    else if (content(existing) !== content(strategy))
      changes.push({ action: 'updateStrategy', payload: { id: strategy.id, ...request(strategy, index) } });
    else if (positions.get(strategy.id!) !== index) reorder.push({ id: strategy.id!, sortOrder: index });
  });
  if (reorder.length) changes.push({ action: 'reorderStrategy', payload: reorder });
  if (JSON.stringify(then.variants) !== JSON.stringify(now.variants))
    changes.push({ action: 'patchVariant', payload: { variants: then.variants } });
  if (then.enabled !== now.enabled)
    changes.push({ action: 'updateEnabled', payload: { enabled: then.enabled } });
  return changes;
}
