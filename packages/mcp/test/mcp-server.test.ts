import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFlag } from '../../../apps/server/src/testing/flag-builder.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../../../apps/server/src/testing/test-app.ts';
import { type HttpMcp, serveHttp } from '../src/index.ts';

let t: TestApp;
let serverUrl: string;
let viewerToken: string;
const served: HttpMcp[] = [];
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // A read-only token: a service account with the Viewer root role.
  const account = await t.admin({
    method: 'POST',
    url: '/api/admin/service-account',
    payload: { username: 'mcp-viewer', name: 'MCP viewer', rootRole: 3 },
  });
  expect(account.statusCode, account.body).toBe(201);
  const token = await t.admin({
    method: 'POST',
    url: `/api/admin/service-account/${account.json().id}/token`,
    payload: { description: 'read only', expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(token.statusCode, token.body).toBe(201);
  viewerToken = token.json().secret;
  await buildFlag(t.db, {
    name: 'mcp-checkout',
    description: 'The new checkout',
    environments: {
      development: {
        enabled: false,
        strategies: [
          {
            name: 'flexibleRollout',
            parameters: { rollout: '25', stickiness: 'default', groupId: 'mcp-checkout' },
          },
        ],
      },
      production: {
        enabled: true,
        strategies: [
          {
            constraints: [
              {
                contextName: 'userId',
                operator: 'IN',
                values: ['7', '9'],
                inverted: false,
                caseInsensitive: false,
              },
            ],
          },
        ],
      },
    },
  });
}, 120_000);
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await Promise.all(served.map((s) => s.close()));
  await t?.close();
});

async function connect(token: string, allowProduction = false): Promise<Client> {
  const mcp = await serveHttp({ url: serverUrl, token, allowProduction });
  served.push(mcp);
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(mcp.url)));
  clients.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
const enabled = async (flag: string, environment: string) =>
  (
    await t.db.query<{ enabled: boolean }>(
      'SELECT enabled FROM flag_environments WHERE flag_name = $1 AND environment_name = $2',
      [flag, environment],
    )
  )[0]?.enabled;

describe('the Switchyard MCP server, over Streamable HTTP, against a running server', () => {
  it('lists its tools', async () => {
    const client = await connect(ADMIN_TOKEN);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'create_flag',
      'explain_flag',
      'find_flags',
      'list_stale_flags',
      'toggle_flag',
    ]);
  });

  it('finds, explains, creates and toggles a development flag', async () => {
    const client = await connect(ADMIN_TOKEN);
    expect(
      textOf(await client.callTool({ name: 'find_flags', arguments: { query: 'mcp-check' } })),
    ).toContain('mcp-checkout (project default, release): The new checkout');
    const explained = textOf(
      await client.callTool({ name: 'explain_flag', arguments: { name: 'mcp-checkout' } }),
    );
    expect(explained).toContain('- development (development): off, for everyone.');
    expect(explained).toContain('- production (production): on for everyone where userId is one of 7, 9.');

    const created = await client.callTool({
      name: 'create_flag',
      arguments: { project: 'default', name: 'mcp-made' },
    });
    expect(created.isError).toBeFalsy();
    const toggled = await client.callTool({
      name: 'toggle_flag',
      arguments: { name: 'mcp-checkout', environment: 'development', enabled: true },
    });
    expect(textOf(toggled)).toBe('Turned "mcp-checkout" on in development.');
    expect(await enabled('mcp-checkout', 'development')).toBe(true);
    const rollout = textOf(
      await client.callTool({ name: 'explain_flag', arguments: { name: 'mcp-checkout' } }),
    );
    expect(rollout).toContain('- development (development): on for 25% of users (group mcp-checkout).');
  });

  it('refuses production unless started with production allowed', async () => {
    const client = await connect(ADMIN_TOKEN);
    const refused = await client.callTool({
      name: 'toggle_flag',
      arguments: { name: 'mcp-checkout', environment: 'production', enabled: false },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('production environment');
    expect(await enabled('mcp-checkout', 'production')).toBe(true);
  });

  it('is refused production with a read-only token, even with production allowed: the server decides', async () => {
    const client = await connect(viewerToken, true);
    // It reads what the token may read...
    expect(
      textOf(await client.callTool({ name: 'explain_flag', arguments: { name: 'mcp-checkout' } })),
    ).toContain('Flag "mcp-checkout"');
    // ...and changes nothing the token may not.
    for (const environment of ['production', 'development']) {
      const refused = await client.callTool({
        name: 'toggle_flag',
        arguments: { name: 'mcp-checkout', environment, enabled: false },
      });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('answered 403');
    }
    expect(await enabled('mcp-checkout', 'production')).toBe(true);
    const create = await client.callTool({ name: 'create_flag', arguments: { name: 'mcp-not-made' } });
    expect(create.isError).toBe(true);
    const rows = await t.db.query("SELECT 1 FROM flags WHERE name = 'mcp-not-made'");
    expect(rows).toEqual([]);
  });

  it('lists stale flags and those safe to archive', async () => {
    await buildFlag(t.db, { name: 'mcp-old', stale: true });
    const client = await connect(ADMIN_TOKEN);
    const listed = textOf(
      await client.callTool({ name: 'list_stale_flags', arguments: { project: 'default' } }),
    );
    expect(listed).toContain('mcp-old (stale)');
    expect(listed).toContain('Safe to archive (unused for 30 days, no code references): mcp-old (stale).');
  });
});

describe('the Switchyard MCP server over stdio', () => {
  it('starts from its bin script and lists its tools', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(import.meta.dirname, '../bin/mcp.mjs')],
      env: {
        ...(process.env as Record<string, string>),
        SWITCHYARD_URL: serverUrl,
        SWITCHYARD_TOKEN: ADMIN_TOKEN,
      },
      stderr: 'pipe',
    });
    const client = new Client({ name: 'stdio-agent', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(5);
    const found = await client.callTool({ name: 'find_flags', arguments: { query: 'mcp-checkout' } });
    expect(textOf(found)).toContain('mcp-checkout');
  }, 60_000);
});
