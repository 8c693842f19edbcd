/**
 * Serves the built docs on DOCS_PORT (default 3000), as `npm start` does beside the server. When there is no build
 * yet it listens at once with a "building" page, builds while printing progress, then serves the site. Both `/x` and
 * `/x/` forms of every route answer 200.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { buildSite, staleReason } from './build-site';
import { listen, staticHandler, type StaticHandler } from './static-server';

const siteDir = path.resolve(__dirname, '..');
const buildDir = path.join(siteDir, 'build');
const log = (line: string) => console.log(`[docs] ${line}`);

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page that reloads itself every few seconds while the build runs, showing its latest output. */
function waitingHandler(title: string, lines: () => string[], status: number): StaticHandler {
  return (_req: IncomingMessage, res: ServerResponse) => {
    const body = `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${
      status === 503 ? '<meta http-equiv="refresh" content="3">' : ''
    }</head><body style="font-family:system-ui;margin:3rem"><h1>${title}</h1><pre>${escapeHtml(
      lines().slice(-20).join('\n'),
    )}</pre></body></html>`;
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Retry-After': '3' }).end(body);
  };
}

async function main(): Promise<void> {
  const port = Number(process.env.DOCS_PORT ?? 3000);
  const host = process.env.DOCS_HOST ?? '0.0.0.0';
  const output: string[] = [];
  // The Switchyard `npm start` started beside the docs, for "Try it" (scripts/start.mjs).
  const serving = { serverUrl: process.env.SWITCHYARD_URL || undefined };
  let handler: StaticHandler = staticHandler(buildDir, serving);
  const needsBuild = !existsSync(path.join(buildDir, 'index.html'));
  if (needsBuild) handler = waitingHandler('Building the docs…', () => output, 503);

  const { server, url } = await listen((req, res) => handler(req, res), port, host);
  log(
    `serving ${path.relative(process.cwd(), buildDir) || buildDir} at ${url.replace('127.0.0.1', 'localhost')}`,
  );

  const stop = () => server.close(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  if (!needsBuild) {
    const reason = staleReason(siteDir);
    if (reason)
      log(`the build may be out of date (${reason}); rebuild with: npm run build -w @switchyard/docs`);
    return;
  }
  log('no build yet: building the docs (about a minute); the page refreshes when done');
  const started = Date.now();
  const heartbeat = setInterval(
    () => log(`still building (${Math.round((Date.now() - started) / 1000)} s)`),
    15_000,
  );
  try {
    await buildSite(siteDir, {
      onOutput: (chunk) => {
        for (const line of chunk.split(/\r?\n/).filter((l) => l.trim())) {
          output.push(line);
          log(line);
        }
      },
    });
    handler = staticHandler(buildDir, serving);
    log(`built in ${Math.round((Date.now() - started) / 1000)} s; serving ${url}`);
  } catch (error) {
    output.push(String(error));
    handler = waitingHandler('The docs build failed', () => output, 500);
    log(`build failed: ${String(error)}`);
    process.exitCode = 1;
  } finally {
    clearInterval(heartbeat);
  }
}

void main();
