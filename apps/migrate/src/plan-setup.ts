import { projectEnvironments, readProjectDetail } from './api-reader.ts';
import type { Step } from './plan.ts';
import type { Snapshot } from './snapshot.ts';
import { canonical } from './wire.ts';

const enc = encodeURIComponent;

/** Environments, projects, flag types, tag types and tags, context fields, segments, strategy definitions. */
export function planSetup(source: Snapshot, target: Snapshot): Step[] {
  const steps: Step[] = [];

  // An environment that is off and used by no project is left behind: Unleash keeps such leftovers.
  const used = new Set(source.projects.flatMap((p) => p.environments));
  for (const env of source.environments.filter((e) => e.enabled || used.has(e.name))) {
    const existing = target.environments.find((e) => e.name === env.name);
    if (!existing) {
      steps.push({
        kind: 'environment',
        key: env.name,
        action: 'create',
        run: async ({ target }) => {
          await target.send('POST', '/api/admin/environments', { name: env.name, type: env.type });
        },
      });
    } else if (existing.type !== env.type) {
      steps.push({
        kind: 'environment',
        key: env.name,
        action: 'conflict',
        detail: `type is "${existing.type}" on the target, "${env.type}" on the source`,
      });
    } else steps.push({ kind: 'environment', key: env.name, action: 'skip' });
  }

  for (const project of source.projects) {
    const existing = target.projects.find((p) => p.id === project.id);
    const body = { id: project.id, name: project.name, description: project.description };
    if (!existing) {
      steps.push({
        kind: 'project',
        key: project.id,
        action: 'create',
        run: async ({ target }) => {
          await target.send('POST', '/api/admin/projects', body);
        },
      });
    } else if (existing.name !== project.name || existing.description !== project.description) {
      steps.push({
        kind: 'project',
        key: project.id,
        action: 'update',
        detail: 'name and description',
        run: async ({ target }) => {
          await target.send('PUT', `/api/admin/projects/${enc(project.id)}`, {
            name: project.name,
            description: project.description,
          });
        },
      });
    } else steps.push({ kind: 'project', key: project.id, action: 'skip' });
    for (const env of project.environments) {
      const key = `${project.id}/${env}`;
      // A new project starts with the environments the target gives it; add only what it then lacks.
      steps.push({
        kind: 'project environment',
        key,
        action: existing?.environments.includes(env) ? 'skip' : 'create',
        run: async ({ target }) => {
          if (projectEnvironments(await readProjectDetail(target, project.id)).includes(env)) return;
          await target.send('POST', `/api/admin/projects/${enc(project.id)}/environments`, {
            environment: env,
          });
        },
      });
    }
  }

  for (const type of source.flagTypes) {
    const existing = target.flagTypes.find((t) => t.id === type.id);
    if (!existing) {
      steps.push({
        kind: 'flag type',
        key: type.id,
        action: 'manual',
        detail: 'the target has no such flag type',
      });
    } else if (existing.lifetimeDays !== type.lifetimeDays) {
      steps.push({
        kind: 'flag type',
        key: type.id,
        action: 'update',
        detail: `lifetime ${String(existing.lifetimeDays)} → ${String(type.lifetimeDays)} days`,
        run: async ({ target }) => {
          await target.send('PUT', `/api/admin/feature-types/${enc(type.id)}/lifetime`, {
            lifetimeDays: type.lifetimeDays,
          });
        },
      });
    } else steps.push({ kind: 'flag type', key: type.id, action: 'skip' });
  }

  for (const tagType of source.tagTypes) {
    const existing = target.tagTypes.find((t) => t.name === tagType.name);
    steps.push(
      existing
        ? { kind: 'tag type', key: tagType.name, action: 'skip' }
        : {
            kind: 'tag type',
            key: tagType.name,
            action: 'create',
            run: async ({ target }) => {
              await target.send('POST', '/api/admin/tag-types', tagType);
            },
          },
    );
  }
  for (const tag of source.tags) {
    const key = `${tag.type}:${tag.value}`;
    const exists = target.tags.some((t) => t.type === tag.type && t.value === tag.value);
    steps.push(
      exists
        ? { kind: 'tag', key, action: 'skip' }
        : {
            kind: 'tag',
            key,
            action: 'create',
            run: async ({ target }) => {
              await target.send('POST', '/api/admin/tags', tag);
            },
          },
    );
  }

  for (const field of source.contextFields) {
    const existing = target.contextFields.find((c) => c.name === field.name);
    if (!existing) {
      steps.push({
        kind: 'context field',
        key: field.name,
        action: 'create',
        run: async ({ target }) => {
          await target.send('POST', '/api/admin/context', field);
        },
      });
      continue;
    }
    const missing = field.legalValues.filter((v) => !existing.legalValues.some((e) => e.value === v.value));
    if (missing.length || existing.stickiness !== field.stickiness) {
      steps.push({
        kind: 'context field',
        key: field.name,
        action: 'update',
        detail: missing.length ? `adds legal values ${missing.map((v) => v.value).join(', ')}` : 'stickiness',
        run: async ({ target }) => {
          await target.send('PUT', `/api/admin/context/${enc(field.name)}`, {
            name: field.name,
            description: existing.description || field.description,
            stickiness: field.stickiness,
            legalValues: [...existing.legalValues, ...missing],
          });
        },
      });
    } else steps.push({ kind: 'context field', key: field.name, action: 'skip' });
  }

  for (const segment of source.segments) {
    const existing = target.segments.find((s) => s.name === segment.name);
    if (!existing && segment.constraintsUnknown) {
      steps.push({
        kind: 'segment',
        key: segment.name,
        action: 'manual',
        detail: 'the export file names it without its constraints: create it on Switchyard first',
      });
    } else if (!existing) {
      steps.push({
        kind: 'segment',
        key: segment.name,
        action: 'create',
        run: async (context) => {
          const created = await context.target.send<{ id: number }>('POST', '/api/admin/segments', {
            name: segment.name,
            description: segment.description,
            ...(segment.project ? { project: segment.project } : {}),
            constraints: segment.constraints.map((c) => ({ values: [], ...c })),
          });
          context.segmentIds.set(segment.name, created.id);
        },
      });
    } else if (
      !segment.constraintsUnknown &&
      canonical(existing.constraints) !== canonical(segment.constraints)
    ) {
      steps.push({ kind: 'segment', key: segment.name, action: 'conflict', detail: 'different constraints' });
    } else steps.push({ kind: 'segment', key: segment.name, action: 'skip' });
  }

  for (const definition of source.strategyDefinitions) {
    const existing = target.strategyDefinitions.find((s) => s.name === definition.name);
    if (!existing) {
      steps.push({
        kind: 'strategy definition',
        key: definition.name,
        action: 'create',
        run: async ({ target }) => {
          await target.send('POST', '/api/admin/strategies', definition);
        },
      });
    } else if (canonical(existing.parameters) !== canonical(definition.parameters)) {
      steps.push({
        kind: 'strategy definition',
        key: definition.name,
        action: 'conflict',
        detail: 'different parameters',
      });
    } else steps.push({ kind: 'strategy definition', key: definition.name, action: 'skip' });
  }
  return steps;
}
