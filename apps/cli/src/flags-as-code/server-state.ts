import { type AdminClient, seg } from '../admin-client.ts';
import type { Progress } from './progress-type.ts';
import {
  type FileConstraint,
  type FileContextField,
  type FileFlag,
  type FileSegment,
  type FileStrategy,
  type FileVariant,
  normaliseWorkspace,
  type Workspace,
} from './model.ts';

/** The Admin API's shapes, as far as the CLI reads them (Unleash's and Switchyard's alike). */
export type WireStrategy = FileStrategy & {
  id: string;
  segments?: number[];
  sortOrder?: number;
  title?: string | null;
};
export type WireEnvironment = {
  name: string;
  enabled: boolean;
  strategies?: WireStrategy[];
  variants?: FileVariant[];
};
export type WireFlag = {
  name: string;
  type: string;
  project: string;
  description?: string | null;
  stale?: boolean;
  impressionData?: boolean;
  environments: WireEnvironment[];
};
export type WireSegment = {
  id: number;
  name: string;
  description?: string | null;
  project?: string | null;
  constraints: FileConstraint[];
};
export type WireContextField = {
  name: string;
  description?: string | null;
  stickiness?: boolean;
  legalValues?: { value: string; description?: string }[];
};

/** What the server holds for a project, in the files' terms, and the ids needed to change it. */
export type ServerState = {
  workspace: Workspace;
  /** The project's environments, in the server's order. */
  environments: string[];
  /** Environments where change requests are on (none on a server without them, such as Unleash OSS). */
  changeRequestEnvironments: Set<string>;
  segmentIds: Map<string, number>;
  /** Every segment on the server, by name, normalised (the files may name a global one of another project). */
  allSegments: Map<string, FileSegment>;
  /** Strategy ids by flag and environment, in the server's order. */
  strategyIds: Map<string, string[]>;
};

export const strategyKey = (flag: string, environment: string) => `${flag}\u0000${environment}`;

export async function readServer(
  client: AdminClient,
  project: string,
  progress?: Progress,
): Promise<ServerState> {
  const p = `/api/admin/projects/${seg(project)}`;
  const [{ features }, { segments }, contextFields, projectEnvironments, changeRequests] = await Promise.all([
    client.get<{ features: { name: string; archived?: boolean }[] }>(`${p}/features`),
    client.get<{ segments: WireSegment[] }>('/api/admin/segments'),
    client.get<WireContextField[]>('/api/admin/context'),
    client.get<{
      environments: { name?: string; environment?: string; enabled?: boolean; visible?: boolean }[];
    }>(`/api/admin/environments/project/${seg(project)}`),
    // Unleash OSS has no change requests: 404 (or 403) means none.
    client.tryGet<{ environment: string; changeRequestEnabled: boolean }[]>(`${p}/change-requests/config`),
  ]);
  const segmentNames = new Map(segments.map((s) => [s.id, s.name]));
  const names = features.filter((f) => !f.archived).map((f) => f.name);
  const flags: WireFlag[] = [];
  // A few at a time: enough to hide latency, few enough not to crowd a small server.
  for (let i = 0; i < names.length; i += 8) {
    const batch = names.slice(i, i + 8);
    flags.push(
      ...(await Promise.all(batch.map((name) => client.get<WireFlag>(`${p}/features/${seg(name)}`)))),
    );
    progress?.(Math.min(i + 8, names.length), names.length, 'flags read');
  }
  const strategyIds = new Map<string, string[]>();
  const fileFlags: FileFlag[] = flags.map((flag) => ({
    name: flag.name,
    type: flag.type,
    description: flag.description ?? undefined,
    impressionData: flag.impressionData,
    stale: flag.stale,
    environments: Object.fromEntries(
      flag.environments.map((env) => {
        const strategies = [...(env.strategies ?? [])].sort(
          (a, b) => (a.sortOrder ?? 0) - (b.sortOrder ?? 0),
        );
        strategyIds.set(
          strategyKey(flag.name, env.name),
          strategies.map((s) => s.id),
        );
        return [
          env.name,
          {
            enabled: env.enabled,
            strategies: strategies.map((s) => ({
              name: s.name,
              title: s.title ?? undefined,
              disabled: s.disabled ?? undefined,
              parameters: s.parameters,
              constraints: s.constraints,
              segments: (s.segments ?? []).map((id) => segmentNames.get(Number(id)) ?? `#${id}`),
              variants: s.variants,
            })),
            variants: env.variants,
          },
        ];
      }),
    ),
  }));
  const used = new Set(
    fileFlags.flatMap((f) =>
      Object.values(f.environments).flatMap((e) => (e.strategies ?? []).flatMap((s) => s.segments ?? [])),
    ),
  );
  const toFileSegment = (s: WireSegment): FileSegment => ({
    name: s.name,
    description: s.description ?? undefined,
    project: s.project ?? undefined,
    constraints: s.constraints,
  });
  const workspace = normaliseWorkspace({
    project,
    flags: fileFlags,
    segments: segments.filter((s) => s.project === project || used.has(s.name)).map(toFileSegment),
    contextFields: contextFields.map((c) => ({
      name: c.name,
      description: c.description ?? undefined,
      stickiness: c.stickiness,
      legalValues: c.legalValues,
    })) as FileContextField[],
  });
  return {
    workspace,
    environments: projectEnvironments.environments
      .filter((e) => e.enabled !== false && e.visible !== false)
      .map((e) => (e.name ?? e.environment)!),
    changeRequestEnvironments: new Set(
      (changeRequests ?? []).filter((c) => c.changeRequestEnabled).map((c) => c.environment),
    ),
    segmentIds: new Map(segments.map((s) => [s.name, s.id])),
    allSegments: new Map(
      normaliseWorkspace({
        project,
        flags: [],
        contextFields: [],
        segments: segments.map(toFileSegment),
      }).segments.map((s) => [s.name, s]),
    ),
    strategyIds,
  };
}
