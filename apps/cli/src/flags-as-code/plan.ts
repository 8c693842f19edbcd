import { flagFile, toYaml } from './files.ts';
import { describeImpact, type Impact, impactOf } from './impact.ts';
import {
  comparable,
  type FileContextField,
  type FileEnvironment,
  type FileFlag,
  type FileSegment,
  type FileStrategy,
  type FileVariant,
} from './model.ts';
import { lineDiff } from './line-diff.ts';
import { type ServerState, strategyKey } from './server-state.ts';

/** One write, in Admin API terms, or the change request action that stands for it where the environment is reviewed. */
export type Step =
  | { kind: 'createContextField'; field: FileContextField }
  | { kind: 'updateContextField'; field: FileContextField }
  | { kind: 'createSegment'; segment: FileSegment }
  | { kind: 'updateSegment'; segment: FileSegment }
  | { kind: 'createFlag'; flag: FileFlag }
  | { kind: 'updateFlag'; flag: FileFlag }
  | { kind: 'archiveFlag'; flag: string }
  | { kind: 'setEnabled'; flag: string; environment: string; enabled: boolean }
  | { kind: 'addStrategy'; flag: string; environment: string; strategy: FileStrategy; sortOrder: number }
  | {
      kind: 'updateStrategy';
      flag: string;
      environment: string;
      id: string;
      strategy: FileStrategy;
      sortOrder: number;
    }
  | { kind: 'deleteStrategy'; flag: string; environment: string; id: string }
  | { kind: 'setVariants'; flag: string; environment: string; variants: FileVariant[] };

export type Difference = {
  what: 'flag' | 'segment' | 'context field';
  name: string;
  /** `create`: only in the files; `update`: both, differently; `server-only`: only on the server (drift or not exported). */
  change: 'create' | 'update' | 'server-only';
  file: string;
  diff: string[];
};

export type Plan = {
  project: string;
  differences: Difference[];
  steps: Step[];
  impacts: Impact[];
  /** Environments where change requests are on: steps there go into a change request. */
  reviewed: string[];
  /** Flags on the server that no file describes: archived by apply only with --prune. */
  serverOnlyFlags: string[];
};

const same = (a: unknown, b: unknown) => comparable(a) === comparable(b);

/** The Admin API environment a step writes in, if any. */
export const environmentOf = (step: Step) => ('environment' in step ? step.environment : undefined);

function environmentSteps(
  flag: string,
  environment: string,
  was: FileEnvironment | undefined,
  will: FileEnvironment,
  ids: string[],
): Step[] {
  const steps: Step[] = [];
  const before = was?.strategies ?? [];
  const after = will.strategies ?? [];
  // Turning off goes first and turning on last: no moment exposes a half-changed set of strategies.
  if (was?.enabled && !will.enabled) steps.push({ kind: 'setEnabled', flag, environment, enabled: false });
  for (let i = 0; i < Math.max(before.length, after.length); i++) {
    const id = ids[i];
    const strategy = after[i];
    if (strategy && i < before.length && id) {
      if (!same(before[i], strategy))
        steps.push({ kind: 'updateStrategy', flag, environment, id, strategy, sortOrder: i });
    } else if (strategy) steps.push({ kind: 'addStrategy', flag, environment, strategy, sortOrder: i });
    else if (id) steps.push({ kind: 'deleteStrategy', flag, environment, id });
  }
  if (!same(was?.variants ?? [], will.variants ?? []))
    steps.push({ kind: 'setVariants', flag, environment, variants: will.variants ?? [] });
  if (!was?.enabled && will.enabled) steps.push({ kind: 'setEnabled', flag, environment, enabled: true });
  return steps;
}

const metadata = (f: FileFlag) => ({
  type: f.type,
  description: f.description,
  impressionData: f.impressionData,
  stale: f.stale,
});

/**
 * What applying `files` to the server would do: the differences file by file (drift included: a change made in the
 * UI is a difference like any other), the writes in order, and their impact on a sample of contexts.
 */
export function planChanges(
  files: { project: string; flags: FileFlag[]; segments: FileSegment[]; contextFields: FileContextField[] },
  server: ServerState,
  options: { prune?: boolean; sample?: number } = {},
): Plan {
  const problems: string[] = [];
  const differences: Difference[] = [];
  const steps: Step[] = [];
  const current = server.workspace;

  const serverFields = new Map(current.contextFields.map((c) => [c.name, c]));
  for (const field of files.contextFields) {
    const was = serverFields.get(field.name);
    if (was && same(was, field)) continue;
    differences.push({
      what: 'context field',
      name: field.name,
      change: was ? 'update' : 'create',
      file: 'context-fields.yaml',
      diff: lineDiff(was ? toYaml(was) : '', toYaml(field)),
    });
    steps.push({ kind: was ? 'updateContextField' : 'createContextField', field });
  }

  const fileSegments = new Map(files.segments.map((s) => [s.name, s]));
  for (const segment of files.segments) {
    const was = server.allSegments.get(segment.name);
    if (was && same(was, segment)) continue;
    differences.push({
      what: 'segment',
      name: segment.name,
      change: was ? 'update' : 'create',
      file: 'segments.yaml',
      diff: lineDiff(was ? toYaml(was) : '', toYaml(segment)),
    });
    steps.push({ kind: was ? 'updateSegment' : 'createSegment', segment });
  }
  for (const segment of current.segments)
    if (!fileSegments.has(segment.name))
      differences.push({
        what: 'segment',
        name: segment.name,
        change: 'server-only',
        file: 'segments.yaml',
        diff: lineDiff(toYaml(segment), ''),
      });

  const serverFlags = new Map(current.flags.map((f) => [f.name, f]));
  const fileNames = new Set(files.flags.map((f) => f.name));
  for (const flag of files.flags) {
    for (const [environment, env] of Object.entries(flag.environments)) {
      if (!server.environments.includes(environment))
        problems.push(
          `${flagFile(flag.name)}: environments.${environment}: project "${files.project}" has no environment "${environment}" (it has ${server.environments.join(', ')})`,
        );
      (env.strategies ?? []).forEach((s, i) =>
        (s.segments ?? []).forEach((name, j) => {
          if (!fileSegments.has(name) && !server.allSegments.has(name))
            problems.push(
              `${flagFile(flag.name)}: environments.${environment}.strategies[${i}].segments[${j}]: no segment "${name}" in segments.yaml or on the server`,
            );
        }),
      );
    }
    const was = serverFlags.get(flag.name);
    // Environments a file leaves out are not managed by it: they stay as the server has them.
    const shown = was
      ? {
          ...flag,
          environments: Object.fromEntries(
            Object.keys(flag.environments)
              .map((e) => [e, was.environments[e]!])
              .filter(([, v]) => v),
          ),
        }
      : undefined;
    const comparedWas = was
      ? {
          ...was,
          environments: Object.fromEntries(
            Object.entries(was.environments).filter(([e]) => e in flag.environments),
          ),
        }
      : undefined;
    if (comparedWas && same(comparedWas, flag)) continue;
    differences.push({
      what: 'flag',
      name: flag.name,
      change: was ? 'update' : 'create',
      file: flagFile(flag.name),
      diff: lineDiff(shown ? toYaml(comparedWas!) : '', toYaml(flag)),
    });
    if (!was) steps.push({ kind: 'createFlag', flag });
    else if (!same(metadata(was), metadata(flag))) steps.push({ kind: 'updateFlag', flag });
    for (const [environment, env] of Object.entries(flag.environments))
      steps.push(
        ...environmentSteps(
          flag.name,
          environment,
          was?.environments[environment],
          env,
          server.strategyIds.get(strategyKey(flag.name, environment)) ?? [],
        ),
      );
  }
  const serverOnlyFlags = current.flags.filter((f) => !fileNames.has(f.name)).map((f) => f.name);
  for (const name of serverOnlyFlags) {
    differences.push({
      what: 'flag',
      name,
      change: 'server-only',
      file: flagFile(name),
      diff: lineDiff(toYaml(serverFlags.get(name)!), ''),
    });
    if (options.prune) steps.push({ kind: 'archiveFlag', flag: name });
  }
  if (problems.length) throw new PlanProblems(problems);

  // The impact: every flag of either side, evaluated with the segments each side would serve.
  const afterSegments = [...server.allSegments.values()]
    .filter((s) => !fileSegments.has(s.name))
    .concat(files.segments);
  const afterFlags = files.flags.concat(
    options.prune ? [] : current.flags.filter((f) => !fileNames.has(f.name)),
  );
  const impacts = impactOf(
    { flags: current.flags, segments: [...server.allSegments.values()] },
    { flags: afterFlags, segments: afterSegments },
    server.environments,
    files.contextFields.length ? files.contextFields : current.contextFields,
    [...new Set([...current.flags.map((f) => f.name), ...files.flags.map((f) => f.name)])].sort(),
    options.sample,
  );
  return {
    project: files.project,
    differences,
    steps,
    impacts,
    reviewed: [...server.changeRequestEnvironments].sort(),
    serverOnlyFlags,
  };
}

export class PlanProblems extends Error {
  constructor(readonly problems: string[]) {
    super(`the files do not fit the server:\n  ${problems.join('\n  ')}`);
  }
}

const SIGN = { create: '+', update: '~', 'server-only': '?' } as const;
const WORD = { create: 'create', update: 'update', 'server-only': 'on the server only' } as const;

/** The plan as people read it: each difference with its diff, then the impact, then what apply would do. */
export function formatPlan(plan: Plan, options: { prune?: boolean } = {}): string {
  if (plan.differences.length === 0)
    return `No differences: the server matches the files for project "${plan.project}".`;
  const lines: string[] = [];
  for (const d of plan.differences) {
    lines.push(`${SIGN[d.change]} ${d.what} ${d.name} (${d.file}): ${WORD[d.change]}`);
    lines.push(...d.diff.map((l) => `    ${l}`));
  }
  if (plan.serverOnlyFlags.length)
    lines.push(
      '',
      `${plan.serverOnlyFlags.length} flag(s) exist on the server but in no file (made in the UI since the last export, or never exported): ${options.prune ? 'apply --prune archives them' : 'apply leaves them; --prune archives them'}.`,
    );
  lines.push('', 'Impact on a sample of contexts:');
  if (plan.impacts.length === 0) lines.push('  no flag would evaluate differently');
  for (const impact of plan.impacts) lines.push(`  ${impact.flag}: ${describeImpact(impact)}`);
  const reviewed = plan.steps.filter((s) => plan.reviewed.includes(environmentOf(s) ?? ''));
  const direct = plan.steps.length - reviewed.length;
  lines.push(
    '',
    `Apply would make ${direct} direct write(s)${reviewed.length ? ` and put ${reviewed.length} change(s) into change requests (${[...new Set(reviewed.map(environmentOf))].join(', ')} requires them)` : ''}.`,
  );
  return lines.join('\n');
}
