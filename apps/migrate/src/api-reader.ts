import type { AdminClient } from './admin-client.ts';
import { toConstraint, toStrategy, toTokenType, toVariant, type WireStrategy } from './wire.ts';
import type { Flag, FlagEnvironment, Snapshot } from './snapshot.ts';

type Wire = Record<string, unknown>;
const list = <T = Wire>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

/** How many flag reads run at once: enough to hide latency, few enough to be kind to a production server. */
const CONCURRENCY = 8;

export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/**
 * Reads everything a migration moves through an Unleash-compatible Admin API. Both the source Unleash and the
 * Switchyard target are read with it, so the plan compares like with like. `projects` limits flags, project
 * settings and tokens to those projects.
 */
export async function readFromApi(
  api: AdminClient,
  options: { projects?: string[] } = {},
): Promise<Snapshot> {
  const wanted = (project: string) => !options.projects || options.projects.includes(project);

  const environments = list((await api.get<Wire>('/api/admin/environments')).environments).map((e) => ({
    name: str(e.name),
    type: str(e.type, 'development'),
    enabled: e.enabled !== false,
  }));

  const projectList = list((await api.get<Wire>('/api/admin/projects')).projects).filter((p) =>
    wanted(str(p.id)),
  );
  const projects = await Promise.all(
    projectList.map(async (p) => {
      const id = str(p.id);
      const detail = await readProjectDetail(api, id);
      const envs = projectEnvironments(detail);
      return {
        id,
        name: str(p.name, id),
        description: str(p.description ?? detail.description),
        environments: envs,
        ...(typeof detail.defaultStickiness === 'string'
          ? { defaultStickiness: detail.defaultStickiness }
          : {}),
        ...(typeof detail.mode === 'string' ? { mode: detail.mode } : {}),
      };
    }),
  );

  const flagTypes = list((await api.get<Wire>('/api/admin/feature-types')).types).map((t) => ({
    id: str(t.id),
    lifetimeDays: typeof t.lifetimeDays === 'number' ? t.lifetimeDays : null,
  }));
  const tagTypes = list((await api.get<Wire>('/api/admin/tag-types')).tagTypes).map((t) => ({
    name: str(t.name),
    description: str(t.description),
  }));
  const tags = list((await api.get<Wire>('/api/admin/tags')).tags).map((t) => ({
    type: str(t.type),
    value: str(t.value),
  }));
  const contextFields = list(await api.get<unknown>('/api/admin/context')).map((c) => ({
    name: str(c.name),
    description: str(c.description),
    stickiness: c.stickiness === true,
    legalValues: list(c.legalValues).map((v) => ({
      value: str(v.value),
      ...(v.description ? { description: str(v.description) } : {}),
    })),
  }));

  const segmentWire = list((await api.get<Wire>('/api/admin/segments')).segments);
  const segmentNames = new Map(segmentWire.map((s) => [Number(s.id), str(s.name)]));
  const segments = segmentWire.map((s) => ({
    name: str(s.name),
    description: str(s.description),
    project: typeof s.project === 'string' && s.project ? s.project : null,
    constraints: list(s.constraints).map(toConstraint),
  }));

  const strategyDefinitions = list((await api.get<Wire>('/api/admin/strategies')).strategies)
    .filter((s) => s.editable === true)
    .map((s) => ({
      name: str(s.name),
      description: str(s.description),
      parameters: list(s.parameters).map((p) => ({
        name: str(p.name),
        type: str(p.type, 'string'),
        description: str(p.description),
        required: p.required === true,
      })),
    }));

  const flagRefs: { name: string; project: string }[] = [];
  for (const project of projects) {
    const features = list(
      (await api.get<Wire>(`/api/admin/projects/${encodeURIComponent(project.id)}/features`)).features,
    );
    for (const f of features) flagRefs.push({ name: str(f.name), project: project.id });
  }
  const flags = await mapLimit(flagRefs, CONCURRENCY, (ref) => readFlag(api, ref, segmentNames));

  const archived = list(
    (await api.tryGet<Wire>('/api/admin/search/features?archived=IS:true&limit=100000'))?.features,
  );
  for (const f of archived) {
    if (!wanted(str(f.project))) continue;
    flags.push({
      name: str(f.name),
      project: str(f.project),
      type: str(f.type, 'release'),
      description: str(f.description),
      stale: f.stale === true,
      impressionData: f.impressionData === true,
      archived: true,
      tags: [],
      environments: [],
      dependencies: [],
    });
  }

  const apiTokens = list((await api.get<Wire>('/api/admin/api-tokens')).tokens)
    .map((t) => {
      const secret = str(t.secret);
      const projects = list<string>(t.projects).length ? list<string>(t.projects) : [str(t.project, '*')];
      return {
        tokenName: str(t.tokenName ?? t.username),
        type: toTokenType(str(t.type)),
        environment: str(t.environment, '*'),
        projects,
        // A masked secret (Switchyard lists "prefix.abc123…hash") cannot be re-created.
        ...(secret && !isMasked(secret) ? { secret } : {}),
        expiresAt: typeof t.expiresAt === 'string' ? t.expiresAt : null,
      };
    })
    .filter((t) => t.projects.some((p) => p === '*' || wanted(p)));

  const userList = (await api.tryGet<Wire>('/api/admin/user-admin')) ?? {};
  const roleNames = new Map(list(userList.rootRoles).map((r) => [Number(r.id), str(r.name)]));
  const users = list(userList.users)
    .filter((u) => u.isService !== true && u.isAPI !== true)
    .map((u) => ({
      email: typeof u.email === 'string' && u.email ? u.email : null,
      username: typeof u.username === 'string' && u.username ? u.username : null,
      name: typeof u.name === 'string' && u.name ? u.name : null,
      rootRole: roleNames.get(Number(u.rootRole)) ?? 'Viewer',
    }));

  const integrations = list((await api.tryGet<Wire>('/api/admin/addons'))?.addons).map((a) => ({
    provider: str(a.provider),
    description: str(a.description),
    enabled: a.enabled === true,
    parameters: (a.parameters ?? {}) as Record<string, unknown>,
    events: list<string>(a.events),
    projects: list<string>(a.projects),
    environments: list<string>(a.environments),
  }));

  return {
    environments,
    projects,
    flagTypes,
    tagTypes,
    tags,
    contextFields,
    segments,
    strategyDefinitions,
    flags,
    apiTokens,
    users,
    integrations,
  };
}

async function readFlag(
  api: AdminClient,
  ref: { name: string; project: string },
  segmentNames: Map<number, string>,
): Promise<Flag> {
  const path = `/api/admin/projects/${encodeURIComponent(ref.project)}/features/${encodeURIComponent(ref.name)}`;
  const detail = await api.get<Wire>(path);
  const tags = list(
    (await api.tryGet<Wire>(`/api/admin/features/${encodeURIComponent(ref.name)}/tags`))?.tags,
  ).map((t) => ({ type: str(t.type), value: str(t.value) }));
  const environments: FlagEnvironment[] = await Promise.all(
    list(detail.environments).map(async (e) => {
      const name = str(e.name ?? e.environment);
      // Unleash 7 leaves an environment's variants out of the flag: they have their own endpoint.
      const variants = list(e.variants).length
        ? list(e.variants)
        : list(
            (await api.tryGet<Wire>(`${path}/environments/${encodeURIComponent(name)}/variants`))?.variants,
          );
      return {
        name,
        enabled: e.enabled === true,
        strategies: [...list<WireStrategy>(e.strategies)]
          .sort((a, b) => Number(a.sortOrder ?? 0) - Number(b.sortOrder ?? 0))
          .map((s) => toStrategy(s, segmentNames)),
        variants: variants.map(toVariant),
      };
    }),
  );
  return {
    name: ref.name,
    project: ref.project,
    type: str(detail.type, 'release'),
    description: str(detail.description),
    stale: detail.stale === true,
    impressionData: detail.impressionData === true,
    archived: false,
    tags,
    environments,
    dependencies: list(detail.dependencies).map((d) => ({
      feature: str(d.feature),
      enabled: d.enabled !== false,
      variants: list<string>(d.variants),
    })),
  };
}

/** Unleash 7 answers a project's settings and environments on /overview; older servers on the project itself. */
export async function readProjectDetail(api: AdminClient, id: string): Promise<Wire> {
  const path = `/api/admin/projects/${encodeURIComponent(id)}`;
  return (await api.tryGet<Wire>(`${path}/overview`)) ?? (await api.tryGet<Wire>(path)) ?? {};
}

export function projectEnvironments(detail: Wire): string[] {
  return list<unknown>(detail.environments).map((e) =>
    typeof e === 'string' ? e : str((e as Wire).environment ?? (e as Wire).name),
  );
}

/** Whether a listed secret is a masked form: its random part (after the dot) elided or starred. */
export function isMasked(secret: string): boolean {
  const dot = secret.indexOf('.');
  const random = dot >= 0 ? secret.slice(dot + 1) : secret;
  return dot < 0 || random.includes('…') || /\*{3,}/.test(random);
}
