/** A tiny Admin API client for tests and scripts that talk to a running server over HTTP. */
export function adminClient(baseUrl: string, token: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const flagPath = (project: string, flag: string) =>
    `/api/admin/projects/${project}/features/${encodeURIComponent(flag)}`;
  return {
    call,
    createFlag: (name: string, project = 'default', extra: Record<string, unknown> = {}) =>
      call('POST', `/api/admin/projects/${project}/features`, { name, ...extra }),
    addStrategy: (
      flag: string,
      environment: string,
      strategy: Record<string, unknown>,
      project = 'default',
    ) => call('POST', `${flagPath(project, flag)}/environments/${environment}/strategies`, strategy),
    setEnabled: (flag: string, environment: string, on: boolean, project = 'default') =>
      call('POST', `${flagPath(project, flag)}/environments/${environment}/${on ? 'on' : 'off'}`),
    setVariants: (flag: string, environment: string, variants: unknown[], project = 'default') =>
      call('PUT', `${flagPath(project, flag)}/environments/${environment}/variants`, variants),
  };
}
