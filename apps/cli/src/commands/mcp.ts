import { defineCommand, stringOption } from '../command.ts';
import { resolveSignIn } from '../sign-in.ts';

export default defineCommand({
  name: 'mcp',
  summary: 'Serve the Model Context Protocol so coding agents can find, explain, create and toggle flags',
  description:
    'Runs an MCP server (the official MCP SDK) over stdio, or over Streamable HTTP on a loopback address with `--http`. Its tools find flags, explain a flag’s strategies per environment in words, create a flag, toggle it, and list stale flags, all through the Admin API as the signed-in token, whose permissions bound what an agent may do. Environments of type production are refused unless `--allow-production` is given.',
  options: {
    http: { type: 'boolean', description: 'Serve Streamable HTTP instead of stdio.' },
    port: { type: 'string', placeholder: 'port', description: 'The HTTP port (with --http).' },
    host: { type: 'string', placeholder: 'host', description: 'The HTTP address (with --http; loopback).' },
    'allow-production': {
      type: 'boolean',
      description: 'Let the toggle and create tools change production environments too.',
    },
  },
  unleash:
    'Yes, except listing stale flags: finding, explaining, creating and toggling use Unleash’s paths (`GET /api/admin/search/features`, flag reads, create, on/off); that one reads Switchyard’s `GET /api/admin/projects/{project}/safe-to-archive`.',
  examples: ['switchyard mcp', 'switchyard mcp --http --port 4343'],
  async run({ values, io }) {
    const { url, token } = resolveSignIn(values, io);
    const { runMcp } = await import('@switchyard/mcp');
    const argv = ['--url', url, '--token', token];
    if (values.http) argv.push('--http');
    if (values['allow-production']) argv.push('--allow-production');
    for (const name of ['port', 'host']) {
      const value = stringOption(values, name);
      if (value) argv.push(`--${name}`, value);
    }
    return runMcp(argv);
  },
});
