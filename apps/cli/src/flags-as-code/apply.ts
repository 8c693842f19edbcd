import { type AdminClient, seg } from '../admin-client.ts';
import { CliError } from '../io.ts';
import type { Commit } from './commit.ts';
import type { FileStrategy, FileVariant } from './model.ts';
import { environmentOf, type Plan, type Step } from './plan.ts';
import type { Progress } from './progress-type.ts';
import type { ServerState } from './server-state.ts';

export type OpenedChangeRequest = {
  environment: string;
  id: number;
  url: string;
  changes: number;
  state: string;
};
export type ApplyResult = { written: number; changeRequests: OpenedChangeRequest[] };

type Change = { feature?: string; action: string; payload?: unknown };

/** Variants as the Admin API takes them: every variant carries a weight (the server recomputes variable ones). */
const wireVariants = (variants: FileVariant[] | undefined) =>
  (variants ?? []).map((v) => ({
    stickiness: 'default',
    ...v,
    weight: v.weight ?? 0,
    weightType: v.weightType ?? 'variable',
  }));

/**
 * Writes the plan's steps through the Admin API, in order. A step in an environment that requires change requests
 * (and archiving, or changing a project segment, which every such environment reviews) is not written: it goes into
 * one change request per environment, titled after the commit and linking to it, submitted for review.
 */
export async function applyPlan(
  client: AdminClient,
  plan: Plan,
  server: ServerState,
  options: { commit: Commit; title?: string; progress?: Progress },
): Promise<ApplyResult> {
  const p = `/api/admin/projects/${seg(plan.project)}`;
  const segmentIds = new Map(server.segmentIds);
  const reviewed = new Set(plan.reviewed);
  const projectReview = plan.reviewed[0];
  const drafts = new Map<string, Change[]>();
  const draft = (environment: string, change: Change) =>
    drafts.set(environment, [...(drafts.get(environment) ?? []), change]);

  const strategyBody = (strategy: FileStrategy, sortOrder: number) => ({
    name: strategy.name,
    title: strategy.title ?? null,
    disabled: strategy.disabled ?? false,
    sortOrder,
    parameters: strategy.parameters ?? {},
    constraints: strategy.constraints ?? [],
    segments: (strategy.segments ?? []).map((name) => {
      const id = segmentIds.get(name);
      if (id === undefined)
        throw new CliError(`segment "${name}" is neither on the server nor created by this apply`);
      return id;
    }),
    variants: wireVariants(strategy.variants),
  });

  let written = 0;
  const write = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
    written++;
    return client.send<Record<string, unknown>>(method, path, body);
  };

  for (const [n, step] of plan.steps.entries()) {
    const environment = environmentOf(step);
    const viaReview = environment !== undefined && reviewed.has(environment);
    const flagPath =
      'flag' in step
        ? `${p}/features/${seg(typeof step.flag === 'string' ? step.flag : step.flag.name)}`
        : '';
    const envPath = environment ? `${flagPath}/environments/${seg(environment)}` : '';
    switch (step.kind) {
      case 'createContextField':
        await write('POST', '/api/admin/context', step.field);
        break;
      case 'updateContextField':
        await write('PUT', `/api/admin/context/${seg(step.field.name)}`, step.field);
        break;
      case 'createSegment': {
        const created = await write('POST', '/api/admin/segments', {
          ...step.segment,
          description: step.segment.description ?? '',
          project: step.segment.project ?? null,
        });
        segmentIds.set(step.segment.name, Number(created.id));
        break;
      }
      case 'updateSegment': {
        const id = segmentIds.get(step.segment.name)!;
        const body = {
          ...step.segment,
          description: step.segment.description ?? '',
          project: step.segment.project ?? null,
        };
        const serverProject = server.allSegments.get(step.segment.name)?.project;
        if (serverProject === plan.project && projectReview)
          draft(projectReview, { action: 'updateSegment', payload: { ...body, id } });
        else await write('PUT', `/api/admin/segments/${id}`, body);
        break;
      }
      case 'createFlag':
        await write('POST', `${p}/features`, {
          name: step.flag.name,
          type: step.flag.type,
          description: step.flag.description ?? '',
          impressionData: step.flag.impressionData === true,
        });
        if (step.flag.stale) await write('PUT', flagPath, { type: step.flag.type, stale: true });
        break;
      case 'updateFlag':
        await write('PUT', flagPath, {
          type: step.flag.type,
          description: step.flag.description ?? '',
          impressionData: step.flag.impressionData === true,
          stale: step.flag.stale === true,
        });
        break;
      case 'archiveFlag':
        if (projectReview) draft(projectReview, { feature: step.flag, action: 'archiveFeature' });
        else await write('DELETE', flagPath);
        break;
      case 'setEnabled':
        if (viaReview)
          draft(environment!, {
            feature: step.flag,
            action: 'updateEnabled',
            payload: { enabled: step.enabled },
          });
        else await write('POST', `${envPath}/${step.enabled ? 'on' : 'off'}`);
        break;
      case 'addStrategy':
        if (viaReview)
          draft(environment!, {
            feature: step.flag,
            action: 'addStrategy',
            payload: strategyBody(step.strategy, step.sortOrder),
          });
        else await write('POST', `${envPath}/strategies`, strategyBody(step.strategy, step.sortOrder));
        break;
      case 'updateStrategy':
        if (viaReview)
          draft(environment!, {
            feature: step.flag,
            action: 'updateStrategy',
            payload: { ...strategyBody(step.strategy, step.sortOrder), id: step.id },
          });
        else
          await write(
            'PUT',
            `${envPath}/strategies/${seg(step.id)}`,
            strategyBody(step.strategy, step.sortOrder),
          );
        break;
      case 'deleteStrategy':
        if (viaReview)
          draft(environment!, { feature: step.flag, action: 'deleteStrategy', payload: { id: step.id } });
        else await write('DELETE', `${envPath}/strategies/${seg(step.id)}`);
        break;
      case 'setVariants':
        if (viaReview)
          draft(environment!, {
            feature: step.flag,
            action: 'patchVariant',
            payload: { variants: wireVariants(step.variants) },
          });
        else await write('PUT', `${envPath}/variants`, wireVariants(step.variants));
        break;
    }
    options.progress?.(n + 1, plan.steps.length, describeStep(step, viaReview));
  }

  const changeRequests: OpenedChangeRequest[] = [];
  for (const [environment, changes] of drafts)
    changeRequests.push(await openChangeRequest(client, plan.project, environment, changes, options));
  return { written, changeRequests };
}

async function openChangeRequest(
  client: AdminClient,
  project: string,
  environment: string,
  changes: Change[],
  options: { commit: Commit; title?: string },
): Promise<OpenedChangeRequest> {
  const p = `/api/admin/projects/${seg(project)}`;
  let id = 0;
  // The server takes up to 100 changes a call; they all join the caller's one draft for the environment.
  for (let i = 0; i < changes.length; i += 100) {
    const request = await client.send<{ id: number }>(
      'POST',
      `${p}/environments/${seg(environment)}/change-requests`,
      changes.slice(i, i + 100),
    );
    id = request.id;
  }
  const { commit } = options;
  const short = commit.sha?.slice(0, 7);
  const title = (
    options.title ??
    `Flags as code${commit.subject ? `: ${commit.subject}` : ''}${short ? ` (${short})` : ''}`
  ).slice(0, 255);
  await client.send('PUT', `${p}/change-requests/${id}/title`, { title });
  const link = commit.url ?? commit.sha;
  if (link)
    await client.send('POST', `${p}/change-requests/${id}/comments`, {
      text: `Applied by \`switchyard apply\` from commit ${link}`,
    });
  const submitted = await client.send<{ state: string }>('PUT', `${p}/change-requests/${id}/state`, {
    state: 'In review',
  });
  return {
    environment,
    id,
    url: `${client.url}/projects/${encodeURIComponent(project)}/change-requests/${id}`,
    changes: changes.length,
    state: submitted.state,
  };
}

export function describeStep(step: Step, viaReview = false): string {
  const where = 'environment' in step ? ` in ${step.environment}` : '';
  const verb = step.kind.startsWith('create') ? 'create' : 'update';
  let what: string;
  switch (step.kind) {
    case 'createContextField':
    case 'updateContextField':
      what = `${verb} context field ${step.field.name}`;
      break;
    case 'createSegment':
    case 'updateSegment':
      what = `${verb} segment ${step.segment.name}`;
      break;
    case 'createFlag':
    case 'updateFlag':
      what = `${verb} flag ${step.flag.name}`;
      break;
    case 'archiveFlag':
      what = `archive flag ${step.flag}`;
      break;
    case 'setEnabled':
      what = `turn ${step.enabled ? 'on' : 'off'} ${step.flag}`;
      break;
    case 'addStrategy':
      what = `add a ${step.strategy.name} strategy to ${step.flag}`;
      break;
    case 'updateStrategy':
      what = `update a ${step.strategy.name} strategy of ${step.flag}`;
      break;
    case 'deleteStrategy':
      what = `delete a strategy of ${step.flag}`;
      break;
    case 'setVariants':
      what = `set the variants of ${step.flag}`;
      break;
  }
  return `${what}${where}${viaReview ? ' (change request)' : ''}`;
}
