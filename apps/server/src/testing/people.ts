import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

export type Send = (options: InjectOptions) => Promise<LightMyRequestResponse>;
export type Person = { id: number; username: string; send: Send };

/** Creates a user with a root role (3 Viewer unless said) through the Admin API and signs them in. */
export async function signedIn(t: TestApp, username: string, rootRole = 3): Promise<Person> {
  const user = await t.admin({
    method: 'POST',
    url: '/api/admin/user-admin',
    payload: { username, email: `${username}@example.com`, password: 'password-1234', rootRole },
  });
  if (user.statusCode !== 201) throw new Error(`creating ${username} failed: ${user.body}`);
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/simple/login',
    payload: { username, password: 'password-1234' },
  });
  const cookie = `${login.cookies[0]!.name}=${login.cookies[0]!.value}`;
  return {
    id: user.json().id,
    username,
    send: (options) => t.app.inject({ ...options, headers: { cookie, ...(options.headers as object) } }),
  };
}

/** A custom project role with these permissions, each in every environment unless one is named. */
export async function projectRole(
  t: TestApp,
  name: string,
  permissions: { name: string; environment?: string }[],
): Promise<number> {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/roles',
    payload: { name, type: 'custom', description: name, permissions },
  });
  if (response.statusCode >= 300) throw new Error(`creating role ${name} failed: ${response.body}`);
  return response.json().roles.id;
}

/** Gives users roles in a project. */
export async function grant(t: TestApp, project: string, users: number[], roles: number[]): Promise<void> {
  const response = await t.admin({
    method: 'POST',
    url: `/api/admin/projects/${project}/access`,
    payload: { users, groups: [], roles },
  });
  if (response.statusCode >= 300) throw new Error(`granting failed: ${response.body}`);
}

/** A custom root role with these permissions; give it as `rootRole` to signedIn(). */
export async function rootRole(t: TestApp, name: string, permissions: string[]): Promise<number> {
  const response = await t.admin({
    method: 'POST',
    url: '/api/admin/roles',
    payload: {
      name,
      type: 'root-custom',
      description: name,
      permissions: permissions.map((p) => ({ name: p })),
    },
  });
  if (response.statusCode >= 300) throw new Error(`creating role ${name} failed: ${response.body}`);
  return response.json().roles.id;
}
