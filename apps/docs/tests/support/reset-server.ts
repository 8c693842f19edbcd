/**
 * Puts a running Switchyard back to the state of a fresh start, through the Admin API a reader has: every flag
 * deleted, change requests in the default project turned off, and the projects, segments, context fields, tag types, strategies, environments, and users that a page created
 * removed (API tokens stay: a page may create more, never one the test uses). Starting a server per page would take ten seconds a page; this takes well under one.
 * Built-in objects refuse deletion, and those refusals are the point of trying: they stay.
 */
export async function resetServer(url: string, adminToken: string): Promise<void> {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        Authorization: adminToken,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return response.ok && text ? JSON.parse(text) : undefined;
  };
  const list = async <T>(path: string, key: string): Promise<T[]> => {
    const answer = (await call('GET', path)) as Record<string, T[]> | T[] | undefined;
    return (Array.isArray(answer) ? answer : answer?.[key]) ?? [];
  };

  await call('POST', '/api/admin/maintenance', { enabled: false });
  const projects = await list<{ id: string }>('/api/admin/projects', 'projects');
  for (const { id } of projects) {
    const live = await list<{ name: string }>(`/api/admin/projects/${id}/features`, 'features');
    if (live.length > 0)
      await call('POST', `/api/admin/projects/${id}/archive`, { features: live.map((f) => f.name) });
  }
  const archived = await list<{ name: string }>(
    '/api/admin/search/features?archived=IS:true&limit=1000',
    'features',
  );
  for (const { name } of archived) await call('DELETE', `/api/admin/archive/${encodeURIComponent(name)}`);
  for (const { id } of projects) if (id !== 'default') await call('DELETE', `/api/admin/projects/${id}`);
  // The default project stays, so change requests a page turned on there are turned off again.
  for (const { environment, changeRequestEnabled } of await list<{
    environment: string;
    changeRequestEnabled: boolean;
  }>('/api/admin/projects/default/change-requests/config', ''))
    if (changeRequestEnabled)
      await call('PUT', `/api/admin/projects/default/environments/${environment}/change-requests/config`, {
        changeRequestsEnabled: false,
      });
  for (const { id } of await list<{ id: number }>('/api/admin/segments', 'segments'))
    await call('DELETE', `/api/admin/segments/${id}`);
  for (const { name } of await list<{ name: string }>('/api/admin/context', 'context'))
    await call('DELETE', `/api/admin/context/${name}`);
  for (const { name } of await list<{ name: string }>('/api/admin/tag-types', 'tagTypes'))
    await call('DELETE', `/api/admin/tag-types/${name}`);
  for (const { name, editable } of await list<{ name: string; editable?: boolean }>(
    '/api/admin/strategies',
    'strategies',
  ))
    if (editable !== false) await call('DELETE', `/api/admin/strategies/${name}`);
  for (const { name } of await list<{ name: string }>('/api/admin/environments', 'environments'))
    if (name !== 'development' && name !== 'production')
      await call('DELETE', `/api/admin/environments/${name}`);
  for (const { id, username } of await list<{ id: number; username?: string }>(
    '/api/admin/user-admin',
    'users',
  ))
    if (username !== 'admin') await call('DELETE', `/api/admin/user-admin/${id}`);
}
