import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { AdminApiError, createAdminApi, segment, type AdminApiOptions } from './admin-api.ts';
import { explainFlag, type FlagDetail } from './explain.ts';

export type SwitchyardMcpOptions = AdminApiOptions & {
  /**
   * Whether the toggle tool may change environments of type `production`. Off by default: an agent changes
   * production only where the person who set it up said so, and then only as far as the token's permissions go.
   */
  allowProduction?: boolean;
};

type SearchAnswer = {
  features: { name: string; project: string; type: string; description: string | null; stale: boolean }[];
  total: number;
};

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const failure = (value: string) => ({ content: [{ type: 'text' as const, text: value }], isError: true });

/**
 * The Switchyard MCP server: tools to find, explain, create and toggle flags and to list stale ones. It acts only
 * through the Admin API with the token it was given, so the server's permissions bound everything it does.
 */
export function createSwitchyardMcpServer(options: SwitchyardMcpOptions): McpServer {
  const api = createAdminApi(options);
  const server = new McpServer({ name: 'switchyard', version: '0.1.0' });

  /** Runs a tool; an Admin API refusal becomes the tool's error, which the agent reads. */
  const guarded =
    <A>(fn: (args: A) => Promise<ReturnType<typeof text>>) =>
    async (args: A) => {
      try {
        return await fn(args);
      } catch (error) {
        if (error instanceof AdminApiError) return failure(error.message);
        throw error;
      }
    };

  /** The project of a flag, by an exact-name search, when the caller did not say. */
  async function projectOf(name: string, project?: string): Promise<string> {
    if (project) return project;
    const found = await api.get<SearchAnswer>(`/api/admin/search/features?query=${segment(name)}&limit=50`);
    const match = found.features.find((f) => f.name === name);
    if (!match) throw new AdminApiError(404, `No flag named "${name}" is visible to this token`);
    return match.project;
  }

  server.registerTool(
    'find_flags',
    {
      title: 'Find flags',
      description: 'Searches flags by part of their name or description, optionally in one project.',
      inputSchema: {
        query: z.string().optional().describe('Text in the flag name or description'),
        project: z.string().optional().describe('Only flags of this project'),
        limit: z.number().int().min(1).max(100).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ query, project, limit }) => {
      const params = new URLSearchParams({ limit: String(limit ?? 25) });
      if (query) params.set('query', query);
      if (project) params.set('project', `IS:${project}`);
      const found = await api.get<SearchAnswer>(`/api/admin/search/features?${params}`);
      if (found.features.length === 0) return text('No flags found.');
      const lines = found.features.map(
        (f) =>
          `${f.name} (project ${f.project}, ${f.type}${f.stale ? ', stale' : ''})${f.description ? `: ${f.description}` : ''}`,
      );
      return text(
        `${found.total} flags found${found.total > lines.length ? `, first ${lines.length}` : ''}:\n${lines.join('\n')}`,
      );
    }),
  );

  server.registerTool(
    'explain_flag',
    {
      title: 'Explain a flag',
      description:
        'Describes in words who gets a flag in each environment: on or off, its strategies and conditions.',
      inputSchema: { name: z.string().min(1), project: z.string().optional() },
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ name, project }) => {
      const p = await projectOf(name, project);
      const flag = await api.get<FlagDetail>(`/api/admin/projects/${segment(p)}/features/${segment(name)}`);
      return text(explainFlag(flag));
    }),
  );

  server.registerTool(
    'create_flag',
    {
      title: 'Create a flag',
      description: 'Creates a flag in a project. It starts off in every environment.',
      inputSchema: {
        project: z.string().min(1).default('default'),
        name: z.string().min(1).max(100),
        type: z.enum(['release', 'experiment', 'operational', 'kill-switch', 'permission']).optional(),
        description: z.string().max(1000).optional(),
      },
    },
    guarded(async ({ project, name, type, description }) => {
      await api.post(`/api/admin/projects/${segment(project)}/features`, {
        name,
        ...(type ? { type } : {}),
        ...(description ? { description } : {}),
      });
      return text(`Created flag "${name}" in project "${project}"; it is off in every environment.`);
    }),
  );

  server.registerTool(
    'toggle_flag',
    {
      title: 'Turn a flag on or off',
      description:
        'Turns a flag on or off in one environment. Environments of type production are refused unless this MCP server was started with production allowed; the token must allow the change in any case.',
      inputSchema: {
        name: z.string().min(1),
        environment: z.string().min(1),
        enabled: z.boolean(),
        project: z.string().optional(),
      },
      annotations: { destructiveHint: true },
    },
    guarded(async ({ name, environment, enabled, project }) => {
      const p = await projectOf(name, project);
      const flag = await api.get<FlagDetail>(`/api/admin/projects/${segment(p)}/features/${segment(name)}`);
      const env = flag.environments.find((e) => e.name === environment);
      if (!env) return failure(`Flag "${name}" has no environment "${environment}" in project "${p}"`);
      if (env.type === 'production' && !options.allowProduction)
        return failure(
          `Environment "${environment}" is a production environment: this MCP server may not change it (start it with --allow-production, and use a token that may).`,
        );
      await api.post(
        `/api/admin/projects/${segment(p)}/features/${segment(name)}/environments/${segment(environment)}/${enabled ? 'on' : 'off'}`,
      );
      return text(`Turned "${name}" ${enabled ? 'on' : 'off'} in ${environment}.`);
    }),
  );

  server.registerTool(
    'list_stale_flags',
    {
      title: 'List stale flags',
      description:
        'Lists the flags of a project that are marked stale or past their expected lifetime, and those safe to archive: done, unused by SDKs for the given days and named in no uploaded code reference.',
      inputSchema: {
        project: z.string().min(1).default('default'),
        unusedDays: z.number().int().min(1).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    guarded(async ({ project, unusedDays }) => {
      const params = new URLSearchParams({
        project: `IS:${project}`,
        state: 'IS:stale,potentially-stale',
        limit: '100',
      });
      const found = await api.get<SearchAnswer>(`/api/admin/search/features?${params}`);
      const stale = found.features;
      const safe = await api.get<{ unusedDays: number; features: { name: string; reason: string }[] }>(
        `/api/admin/projects/${segment(project)}/safe-to-archive${unusedDays ? `?unusedDays=${unusedDays}` : ''}`,
      );
      const lines = [
        stale.length
          ? `Stale or potentially stale in "${project}": ${stale.map((f) => `${f.name} (${f.stale ? 'stale' : 'potentially stale'})`).join(', ')}.`
          : `No stale flags in "${project}".`,
        safe.features.length
          ? `Safe to archive (unused for ${safe.unusedDays} days, no code references): ${safe.features.map((f) => `${f.name} (${f.reason})`).join(', ')}.`
          : `None is safe to archive yet (unused for ${safe.unusedDays} days and without code references).`,
      ];
      return text(lines.join('\n'));
    }),
  );

  return server;
}
