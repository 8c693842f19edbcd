import { isWeakSecret } from '@switchyard/access';
import { createAdminClient, type AdminClient } from './admin-client.ts';
import { readFromApi } from './api-reader.ts';
import { classifyFailure, type Failure } from './failure.ts';
import { readFromFiles } from './file-reader.ts';
import { acceptedSecrets } from './plan-access.ts';
import { buildPlan, summarise, targetSegmentIds, type Action, type Step, type WriteContext } from './plan.ts';
import { createProgress, type Progress } from './progress.ts';
import type { Snapshot } from './snapshot.ts';
import { verify, type TokenCheck } from './verify.ts';

export type Endpoint = { url: string; token: string };

export type MigrateOptions = {
  from?: Endpoint;
  /** Unleash export files instead of a running source. */
  fromFiles?: string[];
  to: Endpoint;
  dryRun?: boolean;
  projects?: string[];
  /** More client token secrets to verify with, beyond the migrated ones (e.g. tokens the source hides). */
  verifyTokens?: string[];
  progress?: Progress;
};

export type MigrationResult = {
  dryRun: boolean;
  steps: Step[];
  counts: Record<Action, number>;
  failures: ({ step: Step } & Failure)[];
  /**
   * The tokens moved (or found moved) with a secret too short for a new token: SDKs use them, so they keep it, and
   * the report names them (never their secret) so they are rotated.
   */
  weakTokens: string[];
  resetLinks: Map<string, string>;
  /** Undefined when there was nothing to compare with (a dry run, or export files as the source). */
  checks?: TokenCheck[];
  writes: number;
  durationMs: number;
};

/** Reads the source and the target, plans, and (unless a dry run) writes, then verifies. */
export async function migrate(options: MigrateOptions): Promise<MigrationResult> {
  const started = Date.now();
  const progress = options.progress ?? createProgress();
  const target = createAdminClient(options.to.url, options.to.token);
  const sourceApi = options.from ? createAdminClient(options.from.url, options.from.token) : undefined;
  const source = await readSource(options, sourceApi);

  const targetState = await readFromApi(target);
  targetState.apiTokens.push(...(await acceptedSecrets(target, source.apiTokens)));
  const steps = buildPlan(source, targetState);
  const result: MigrationResult = {
    dryRun: options.dryRun === true,
    steps,
    counts: summarise(steps),
    failures: [],
    weakTokens: source.apiTokens
      .filter((token) => token.secret && isWeakSecret(token.secret))
      .map((token) => `${token.type} token "${token.tokenName}" (${token.secret!.split('.')[0]}.…)`),
    resetLinks: new Map(),
    writes: 0,
    durationMs: 0,
  };
  if (options.dryRun) {
    result.durationMs = Date.now() - started;
    return result;
  }

  const context: WriteContext = {
    target,
    segmentIds: await targetSegmentIds(target),
    resetLinks: result.resetLinks,
  };
  const totals = new Map<string, number>();
  for (const step of steps) totals.set(step.kind, (totals.get(step.kind) ?? 0) + 1);
  const done = new Map<string, number>();
  for (const step of steps) {
    if ((step.action === 'create' || step.action === 'update') && step.run) {
      try {
        await step.run(context);
      } catch (error) {
        result.failures.push({ step, ...classifyFailure(error) });
      }
    }
    done.set(step.kind, (done.get(step.kind) ?? 0) + 1);
    progress.step(step.kind, done.get(step.kind)!, totals.get(step.kind)!);
  }
  progress.done();
  result.writes = target.writes();

  if (sourceApi) {
    const migrated = source.apiTokens.filter((token) => token.type === 'client' && token.secret);
    const extra = (options.verifyTokens ?? [])
      .filter((secret) => !migrated.some((token) => token.secret === secret))
      .map((secret) => ({
        tokenName: `${secret.split('.')[0]}.…`,
        type: 'client' as const,
        environment: '',
        projects: [],
        secret,
        expiresAt: null,
      }));
    result.checks = await verify(sourceApi, target, [...migrated, ...extra], source.contextFields);
  }
  result.durationMs = Date.now() - started;
  return result;
}

async function readSource(options: MigrateOptions, api: AdminClient | undefined): Promise<Snapshot> {
  if (api) return readFromApi(api, options.projects ? { projects: options.projects } : {});
  if (!options.fromFiles?.length) throw new Error('give --from and --from-token, or --from-file');
  const snapshot = await readFromFiles(options.fromFiles);
  if (options.projects) {
    const wanted = options.projects;
    snapshot.projects = snapshot.projects.filter((p) => wanted.includes(p.id));
    snapshot.flags = snapshot.flags.filter((f) => wanted.includes(f.project));
  }
  return snapshot;
}
