import { parseArgs } from 'node:util';
import { serveHttp, serveStdio } from './transports.ts';

/**
 * `mcp [--url U] [--token T] [--allow-production] [--http [--port N] [--host H]]`: serves MCP on stdio, or on
 * Streamable HTTP. URL and token default to SWITCHYARD_URL and SWITCHYARD_TOKEN. Logs go to stderr: stdout is the
 * protocol's on stdio.
 */
export async function runMcp(argv: string[], env = process.env): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      token: { type: 'string' },
      'allow-production': { type: 'boolean' },
      http: { type: 'boolean' },
      port: { type: 'string' },
      host: { type: 'string' },
    },
  });
  const url = values.url ?? env.SWITCHYARD_URL;
  const token = values.token ?? env.SWITCHYARD_TOKEN;
  if (!url || !token) {
    process.stderr.write('mcp needs --url and --token (or SWITCHYARD_URL and SWITCHYARD_TOKEN)\n');
    return 2;
  }
  const options = { url, token, allowProduction: values['allow-production'] ?? false };
  if (!values.http) {
    await serveStdio(options);
    return 0;
  }
  const served = await serveHttp({
    ...options,
    ...(values.port ? { port: Number(values.port) } : {}),
    ...(values.host ? { host: values.host } : {}),
  });
  process.stderr.write(`Switchyard MCP server on ${served.url}\n`);
  return 0;
}
