import { defineCommand, listOption, stringOption } from '../command.ts';
import { printRecord } from '../output.ts';

export default defineCommand({
  name: 'tokens create',
  summary: 'Create an API token and print its secret once',
  args: ['NAME'],
  options: {
    type: {
      type: 'string',
      placeholder: 'type',
      description:
        '`client` for server-side SDKs (default), `frontend` for browser SDKs, `admin` for scripts.',
    },
    environment: {
      type: 'string',
      short: 'e',
      placeholder: 'environment',
      description: 'The environment it reads (`development` unless given; `*` for admin tokens).',
    },
    project: {
      type: 'string',
      short: 'p',
      multiple: true,
      placeholder: 'project',
      description: 'A project it reads (every project unless given).',
    },
    'expires-at': { type: 'string', placeholder: 'date', description: 'When it stops working (RFC 3339).' },
  },
  unleash: 'Yes: `POST /api/admin/api-tokens`.',
  examples: ['switchyard tokens create checkout-service --type client -e production -p default'],
  async run({ values, positionals, io, json, client }) {
    const projects = listOption(values, 'project');
    const token = await (
      await client()
    ).send<{ secret: string; type: string; environment: string; projects: string[] }>(
      'POST',
      '/api/admin/api-tokens',
      {
        tokenName: positionals[0],
        type: stringOption(values, 'type') ?? 'client',
        ...(stringOption(values, 'environment') ? { environment: stringOption(values, 'environment') } : {}),
        ...(projects.length ? { projects } : {}),
        ...(stringOption(values, 'expires-at') ? { expiresAt: stringOption(values, 'expires-at') } : {}),
      },
    );
    printRecord(
      io,
      json,
      {
        secret: token.secret,
        type: token.type,
        environment: token.environment,
        projects: token.projects.join(','),
      },
      token,
    );
  },
});
