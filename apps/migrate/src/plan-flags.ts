import type { Step } from './plan.ts';
import type { Flag, FlagEnvironment, Snapshot, Strategy } from './snapshot.ts';
import { canonical, toStrategyBody, toVariantBody } from './wire.ts';

const enc = encodeURIComponent;
const flagPath = (flag: Flag) => `/api/admin/projects/${enc(flag.project)}/features/${enc(flag.name)}`;
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * Flags with their environments: the flag itself, then per environment its strategies in order, its variants
 * and whether it is on; then tags, dependencies (once every flag exists) and archiving.
 */
export function planFlags(source: Snapshot, target: Snapshot): Step[] {
  const steps: Step[] = [];
  const later: Step[] = [];
  const targetFlags = new Map(target.flags.map((f) => [f.name, f]));

  for (const flag of source.flags) {
    const existing = targetFlags.get(flag.name);
    if (existing && existing.project !== flag.project) {
      steps.push({
        kind: 'flag',
        key: flag.name,
        action: 'conflict',
        detail: `exists in project "${existing.project}" on the target`,
      });
      continue;
    }
    if (existing?.archived && !flag.archived) {
      steps.push({ kind: 'flag', key: flag.name, action: 'conflict', detail: 'archived on the target' });
      continue;
    }
    if (!existing) {
      steps.push({
        kind: 'flag',
        key: flag.name,
        action: 'create',
        run: async ({ target }) => {
          await target.send('POST', `/api/admin/projects/${enc(flag.project)}/features`, {
            name: flag.name,
            type: flag.type,
            description: flag.description,
            impressionData: flag.impressionData,
          });
          if (flag.stale) {
            await target.send('PATCH', flagPath(flag), [{ op: 'replace', path: '/stale', value: true }]);
          }
        },
      });
    } else if (
      existing.type !== flag.type ||
      existing.description !== flag.description ||
      existing.stale !== flag.stale ||
      existing.impressionData !== flag.impressionData
    ) {
      steps.push({
        kind: 'flag',
        key: flag.name,
        action: 'conflict',
        detail: 'type, description or staleness differ',
      });
      continue;
    } else steps.push({ kind: 'flag', key: flag.name, action: 'skip' });

    if (flag.archived) {
      steps.push(
        existing?.archived
          ? { kind: 'archived flag', key: flag.name, action: 'skip' }
          : {
              kind: 'archived flag',
              key: flag.name,
              action: 'create',
              run: async ({ target }) => {
                await target.send('POST', `/api/admin/projects/${enc(flag.project)}/archive`, {
                  features: [flag.name],
                });
              },
            },
      );
      continue;
    }

    for (const env of flag.environments) {
      steps.push(
        ...planEnvironment(
          flag,
          env,
          existing?.environments.find((e) => e.name === env.name),
        ),
      );
    }
    const tagsToAdd = flag.tags.filter(
      (t) => !existing?.tags.some((e) => e.type === t.type && e.value === t.value),
    );
    steps.push(
      tagsToAdd.length
        ? {
            kind: 'flag tags',
            key: flag.name,
            action: 'create',
            detail: tagsToAdd.map((t) => `${t.type}:${t.value}`).join(', '),
            run: async ({ target }) => {
              await target.send('PUT', `/api/admin/features/${enc(flag.name)}/tags`, {
                addedTags: tagsToAdd,
                removedTags: [],
              });
            },
          }
        : { kind: 'flag tags', key: flag.name, action: 'skip' },
    );
    for (const dependency of flag.dependencies) {
      const key = `${flag.name} → ${dependency.feature}`;
      const current = existing?.dependencies.find((d) => d.feature === dependency.feature);
      if (current && same(current, dependency)) later.push({ kind: 'dependency', key, action: 'skip' });
      else if (current)
        later.push({ kind: 'dependency', key, action: 'conflict', detail: 'different condition' });
      else
        later.push({
          kind: 'dependency',
          key,
          action: 'create',
          run: async ({ target }) => {
            await target.send('POST', `${flagPath(flag)}/dependencies`, dependency);
          },
        });
    }
  }
  return [...steps, ...later];
}

function planEnvironment(flag: Flag, env: FlagEnvironment, existing: FlagEnvironment | undefined): Step[] {
  const steps: Step[] = [];
  const key = `${flag.name}/${env.name}`;
  const envPath = `${flagPath(flag)}/environments/${enc(env.name)}`;
  const current: Strategy[] = existing?.strategies ?? [];

  // The target's strategies must be the source's first ones: then the rest are added (a resumed run); anything
  // else is someone else's change, left alone.
  const isPrefix = current.every(
    (strategy, index) => index < env.strategies.length && same(strategy, env.strategies[index]),
  );
  const missing = env.strategies.slice(current.length);
  if (!isPrefix) {
    steps.push({
      kind: 'strategies',
      key,
      action: 'conflict',
      detail: 'the target has different strategies',
    });
  } else if (missing.length === 0) {
    steps.push({ kind: 'strategies', key, action: 'skip' });
  } else {
    steps.push({
      kind: 'strategies',
      key,
      action: 'create',
      detail: `${missing.length} of ${env.strategies.length}`,
      run: async ({ target, segmentIds }) => {
        for (const strategy of missing) {
          await target.send('POST', `${envPath}/strategies`, toStrategyBody(strategy, segmentIds));
        }
      },
    });
  }

  const variantsNow = existing?.variants ?? [];
  if (same(variantsNow, env.variants)) steps.push({ kind: 'variants', key, action: 'skip' });
  else if (variantsNow.length)
    steps.push({ kind: 'variants', key, action: 'conflict', detail: 'different variants' });
  else
    steps.push({
      kind: 'variants',
      key,
      action: 'create',
      detail: `${env.variants.length} variants`,
      run: async ({ target }) => {
        await target.send('PUT', `${envPath}/variants`, env.variants.map(toVariantBody));
      },
    });

  // Switched last, so an SDK never sees the flag on before its strategies are in place.
  if ((existing?.enabled ?? false) === env.enabled) steps.push({ kind: 'enabled', key, action: 'skip' });
  else
    steps.push({
      kind: 'enabled',
      key,
      action: 'update',
      detail: env.enabled ? 'on' : 'off',
      run: async ({ target }) => {
        await target.send('POST', `${envPath}/${env.enabled ? 'on' : 'off'}`);
      },
    });
  return steps;
}
