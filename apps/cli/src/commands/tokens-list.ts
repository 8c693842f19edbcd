import { defineCommand } from '../command.ts';
import { printTable } from '../output.ts';

type Token = {
  tokenName: string;
  type: string;
  environment: string;
  projects: string[];
  secret: string;
  expiresAt: string | null;
};

export default defineCommand({
  name: 'tokens list',
  summary: 'List API tokens (secrets masked)',
  unleash: 'Yes: `GET /api/admin/api-tokens`.',
  async run({ io, json, client }) {
    const { tokens } = await (await client()).get<{ tokens: Token[] }>('/api/admin/api-tokens');
    printTable(
      io,
      json,
      tokens.map((t) => ({
        name: t.tokenName,
        type: t.type,
        environment: t.environment,
        projects: t.projects,
        secret: t.secret,
        expires: t.expiresAt ?? '',
      })),
      ['name', 'type', 'environment', 'projects', 'secret', 'expires'],
      tokens,
    );
  },
});
