import type { LightMyRequestResponse } from 'fastify';
import { CLIENT_TOKEN, type TestApp } from './test-app.ts';

/**
 * A private project whose data carries `marker` in every name and value it can (its flag's name and description, a
 * segment's name and constraint values, a tag, the flag's usage metrics), beside data of the `default` project that
 * reaches the same things (a global segment, a context field, an application, a tag). A read that shows a non-member
 * any of the private project's data shows the marker.
 */
export type PrivateProject = {
  project: string;
  marker: string;
  privateFlag: string;
  openFlag: string;
  /** A segment of the private project, and a global one flags of both projects use. */
  privateSegment: number;
  sharedSegment: number;
  privateStrategy: string;
  openStrategy: string;
  contextField: string;
  appName: string;
  privateTag: string;
};

export async function seedPrivateProject(
  t: TestApp,
  { project, marker }: { project: string; marker: string },
): Promise<PrivateProject> {
  const ok = (response: LightMyRequestResponse) => {
    if (response.statusCode >= 300)
      throw new Error(`fixture failed: ${response.statusCode} ${response.body}`);
    return response.body ? response.json() : undefined;
  };
  const post = async (url: string, payload: object) => ok(await t.admin({ method: 'POST', url, payload }));
  const contextField = `${project}-tier`;
  const privateFlag = `${marker}-flag`;
  const openFlag = `${project}-open-flag`;
  const privateTag = `${marker}-tag`;
  const appName = `${project}-app`;
  await post('/api/admin/projects', { id: project, name: 'Vault', mode: 'private' });
  await post('/api/admin/context', { name: contextField, legalValues: [] });
  const sharedSegment = (await post('/api/admin/segments', { name: `${project}-shared`, constraints: [] }))
    .id;
  const privateSegment = (
    await post('/api/admin/segments', {
      name: `${marker}-segment`,
      project,
      description: marker,
      constraints: [{ contextName: contextField, operator: 'IN', values: [`${marker}-value`] }],
    })
  ).id;
  await post(`/api/admin/projects/${project}/features`, { name: privateFlag, description: marker });
  await post('/api/admin/projects/default/features', { name: openFlag });
  const strategy = async (flagProject: string, flag: string, value: string, segments: number[]) =>
    (
      await post(`/api/admin/projects/${flagProject}/features/${flag}/environments/development/strategies`, {
        name: 'default',
        constraints: [{ contextName: contextField, operator: 'IN', values: [value] }],
        segments,
      })
    ).id as string;
  const privateStrategy = await strategy(project, privateFlag, `${marker}-value`, [
    sharedSegment,
    privateSegment,
  ]);
  const openStrategy = await strategy('default', openFlag, 'gold', [sharedSegment]);
  await post(`/api/admin/features/${privateFlag}/tags`, { type: 'simple', value: privateTag });
  await post(`/api/admin/features/${privateFlag}/tags`, { type: 'simple', value: `${project}-both` });
  await post(`/api/admin/features/${openFlag}/tags`, { type: 'simple', value: `${project}-both` });
  await post('/api/admin/tags', { type: 'simple', value: `${project}-unused` });

  const client = { authorization: CLIENT_TOKEN };
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/client/register',
      headers: client,
      payload: {
        appName,
        instanceId: `${appName}-1`,
        sdkVersion: 'unleash-node-sdk:6.12.1',
        strategies: ['default'],
        started: Date.now(),
        interval: 15000,
      },
    }),
  );
  const now = new Date().toISOString();
  const counts = { yes: 3, no: 1, variants: {} };
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/api/client/metrics',
      headers: client,
      payload: {
        appName,
        instanceId: `${appName}-1`,
        bucket: { start: now, stop: now, toggles: { [privateFlag]: counts, [openFlag]: counts } },
      },
    }),
  );
  return {
    project,
    marker,
    privateFlag,
    openFlag,
    privateSegment,
    sharedSegment,
    privateStrategy,
    openStrategy,
    contextField,
    appName,
    privateTag,
  };
}
