import { readFile } from 'node:fs/promises';
import { emptySnapshot, type Flag, type Snapshot } from './snapshot.ts';
import { toConstraint, toStrategy, toVariant } from './wire.ts';

type Wire = Record<string, unknown>;
const list = <T = Wire>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/**
 * Reads Unleash export files: the features-batch export (`POST /api/admin/features-batch/export`, one environment
 * per file, so pass one file per environment) and the legacy state export (`/api/admin/state/export`, every
 * environment in one file). Several files merge into one snapshot.
 */
export async function readFromFiles(paths: string[]): Promise<Snapshot> {
  const snapshot = emptySnapshot();
  for (const path of paths) {
    const body = JSON.parse(await readFile(path, 'utf8')) as Wire;
    mergeExport(snapshot, body);
  }
  return snapshot;
}

/** Legacy state exports carry each strategy's environment and a project list; batch exports do not. */
export function isStateExport(body: Wire): boolean {
  return (
    'featureStrategySegments' in body ||
    Array.isArray(body.projects) ||
    list(body.featureStrategies).some((s) => typeof s.environment === 'string')
  );
}

export function mergeExport(snapshot: Snapshot, body: Wire): void {
  const legacy = isStateExport(body);
  const segmentNames = new Map<number, string>();
  for (const s of list(body.segments)) {
    const name = str(s.name);
    segmentNames.set(Number(s.id), name);
    if (snapshot.segments.some((x) => x.name === name)) continue;
    snapshot.segments.push({
      name,
      description: str(s.description),
      project: typeof s.project === 'string' && s.project ? s.project : null,
      constraints: list(s.constraints).map(toConstraint),
      ...(Array.isArray(s.constraints) ? {} : { constraintsUnknown: true }),
    });
  }
  const strategySegments = new Map<string, number[]>();
  for (const link of list(body.featureStrategySegments)) {
    const id = str(link.featureStrategyId);
    strategySegments.set(id, [...(strategySegments.get(id) ?? []), Number(link.segmentId)]);
  }

  for (const e of list(body.environments)) {
    if (!snapshot.environments.some((x) => x.name === str(e.name)))
      snapshot.environments.push({
        name: str(e.name),
        type: str(e.type, 'development'),
        enabled: e.enabled !== false,
      });
  }
  for (const p of list(body.projects)) {
    if (!snapshot.projects.some((x) => x.id === str(p.id)))
      snapshot.projects.push({
        id: str(p.id),
        name: str(p.name, str(p.id)),
        description: str(p.description),
        environments: [],
      });
  }
  for (const t of list(body.tagTypes)) {
    if (!snapshot.tagTypes.some((x) => x.name === str(t.name)))
      snapshot.tagTypes.push({ name: str(t.name), description: str(t.description) });
  }
  for (const c of list(body.contextFields)) {
    if (snapshot.contextFields.some((x) => x.name === str(c.name))) continue;
    snapshot.contextFields.push({
      name: str(c.name),
      description: str(c.description),
      stickiness: c.stickiness === true,
      legalValues: list(c.legalValues).map((v) => ({
        value: str(v.value),
        ...(v.description ? { description: str(v.description) } : {}),
      })),
    });
  }
  for (const s of list(body.strategies)) {
    if (s.editable !== true || snapshot.strategyDefinitions.some((x) => x.name === str(s.name))) continue;
    snapshot.strategyDefinitions.push({
      name: str(s.name),
      description: str(s.description),
      parameters: list(s.parameters).map((p) => ({
        name: str(p.name),
        type: str(p.type, 'string'),
        description: str(p.description),
        required: p.required === true,
      })),
    });
  }

  const flagByName = new Map(snapshot.flags.map((f) => [f.name, f]));
  for (const f of list(body.features)) {
    const name = str(f.name);
    if (flagByName.has(name)) continue;
    const flag: Flag = {
      name,
      project: str(f.project, 'default'),
      type: str(f.type, 'release'),
      description: str(f.description),
      stale: f.stale === true,
      impressionData: f.impressionData === true,
      archived: typeof f.archivedAt === 'string' || f.archived === true,
      tags: [],
      environments: [],
      dependencies: [],
    };
    snapshot.flags.push(flag);
    flagByName.set(name, flag);
    const project = snapshot.projects.find((p) => p.id === flag.project);
    if (!project)
      snapshot.projects.push({ id: flag.project, name: flag.project, description: '', environments: [] });
  }

  const environmentOf = (featureName: string, explicit: unknown): string | undefined => {
    if (typeof explicit === 'string') return explicit;
    // A batch export holds one environment: the one its featureEnvironments name.
    const env = list(body.featureEnvironments).find((e) => str(e.featureName) === featureName);
    return env ? str(env.environment ?? env.name) : undefined;
  };
  const flagEnvironment = (flag: Flag, env: string) => {
    let found = flag.environments.find((e) => e.name === env);
    if (!found) {
      found = { name: env, enabled: false, strategies: [], variants: [] };
      flag.environments.push(found);
    }
    const project = snapshot.projects.find((p) => p.id === flag.project);
    if (project && !project.environments.includes(env)) project.environments.push(env);
    if (!snapshot.environments.some((e) => e.name === env))
      snapshot.environments.push({
        name: env,
        type: env === 'production' ? 'production' : 'development',
        enabled: true,
      });
    return found;
  };

  for (const e of list(body.featureEnvironments)) {
    const flag = flagByName.get(str(e.featureName));
    const env = str(e.environment ?? e.name);
    if (!flag || !env) continue;
    const target = flagEnvironment(flag, env);
    target.enabled = e.enabled === true;
    target.variants = list(e.variants).map(toVariant);
  }
  if (legacy) {
    // Old state exports keep variants on the flag; they apply to every environment that has none of its own.
    for (const f of list(body.features)) {
      const flag = flagByName.get(str(f.name));
      if (!flag || !list(f.variants).length) continue;
      for (const env of flag.environments)
        if (!env.variants.length) env.variants = list(f.variants).map(toVariant);
    }
  }
  const strategies = [...list(body.featureStrategies)].sort(
    (a, b) => Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0),
  );
  for (const s of strategies) {
    const flag = flagByName.get(str(s.featureName));
    const env = flag && environmentOf(flag.name, s.environment);
    if (!flag || !env) continue;
    const segments = strategySegments.get(str(s.id)) ?? list<number>(s.segments);
    flagEnvironment(flag, env).strategies.push(
      toStrategy({ ...s, name: s.strategyName ?? s.name, segments }, segmentNames),
    );
  }
  for (const t of list(body.featureTags)) {
    const flag = flagByName.get(str(t.featureName));
    const tag = { type: str(t.tagType ?? t.type), value: str(t.tagValue ?? t.value) };
    if (!flag) continue;
    if (!flag.tags.some((x) => x.type === tag.type && x.value === tag.value)) flag.tags.push(tag);
    if (!snapshot.tags.some((x) => x.type === tag.type && x.value === tag.value)) snapshot.tags.push(tag);
  }
  for (const t of list(body.tags)) {
    const tag = { type: str(t.type), value: str(t.value) };
    if (!snapshot.tags.some((x) => x.type === tag.type && x.value === tag.value)) snapshot.tags.push(tag);
  }
  for (const d of list(body.dependencies)) {
    const flag = flagByName.get(str(d.feature));
    if (!flag) continue;
    for (const parent of list(d.dependencies)) {
      if (flag.dependencies.some((x) => x.feature === str(parent.feature))) continue;
      flag.dependencies.push({
        feature: str(parent.feature),
        enabled: parent.enabled !== false,
        variants: list<string>(parent.variants),
      });
    }
  }
}
