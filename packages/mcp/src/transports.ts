import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createSwitchyardMcpServer, type SwitchyardMcpOptions } from './mcp-server.ts';

/** Serves MCP over the process's stdin and stdout, as coding agents start local servers. */
export async function serveStdio(options: SwitchyardMcpOptions): Promise<void> {
  await createSwitchyardMcpServer(options).connect(new StdioServerTransport());
}

export type HttpMcp = { url: string; close(): Promise<void> };

const MAX_BODY = 1024 * 1024;

async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
}

/**
 * Serves MCP over Streamable HTTP at `/mcp`, stateless: every request gets its own server and transport. A request
 * may carry its own Switchyard token (`Authorization`), which then bounds what it may do; without one, the token
 * the server was started with is used, so by default it listens on the loopback interface only.
 */
export async function serveHttp(
  options: SwitchyardMcpOptions & { port?: number; host?: string },
): Promise<HttpMcp> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/mcp') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found: use /mcp"}');
      return;
    }
    if (request.method !== 'POST') {
      // Stateless: no stream of server-initiated messages, no session to end.
      response.writeHead(405, { allow: 'POST', 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null }),
      );
      return;
    }
    let body: unknown;
    try {
      body = await readJson(request);
    } catch {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null }),
      );
      return;
    }
    const token = request.headers.authorization?.replace(/^Bearer\s+/i, '') || options.token;
    const mcp = createSwitchyardMcpServer({ ...options, token });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    response.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(request, response, body);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
