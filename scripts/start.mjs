#!/usr/bin/env node
// `npm start`: Switchyard (server + admin UI) on the embedded database, and the docs site beside it.
// The server's launcher builds the admin UI when it is missing or stale, as `npm run server` does; the docs site starts
// once the server answers, because its first build (about a minute, both cores) made a first server start take 30 s instead of 10.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { SERVER_NODE_FLAGS } from '../apps/server/scripts/node-flags.mjs';

const say = (message) => console.log(`[start] ${message}`);
// Registered before anything awaits, so Ctrl-C while the server starts stops it too.
let stopping = false;
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
const children = [];
const run = (label, command, args, env = {}) => {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (signal !== 'SIGTERM' && code !== 0) say(`${label} exited with ${code ?? signal}`);
  });
  children.push(child);
  return child;
};

const port = process.env.PORT ?? process.env.HTTP_PORT ?? '4242';
// Where the server answers, base path included: the docs' "Try it" panels default to it (SWITCHYARD_URL below).
const basePath = (process.env.BASE_URI_PATH ?? '').replace(/^\/+|\/+$/g, '');
const serverUrl = `http://localhost:${port}${basePath ? `/${basePath}` : ''}`;
say(`starting Switchyard on ${serverUrl}`);
say(
  `sign in as ${process.env.UNLEASH_DEFAULT_ADMIN_USERNAME ?? 'admin'} / ${process.env.UNLEASH_DEFAULT_ADMIN_PASSWORD ? '(UNLEASH_DEFAULT_ADMIN_PASSWORD)' : 'unleash4all'}`,
);
// The docs site's "Try it" panels call this server from the docs' origin: allow it, unless the user chose origins.
const docsOrigin = `http://localhost:${process.env.DOCS_PORT ?? '3000'}`;
const apiCorsOrigins =
  process.env.API_CORS_ORIGINS ?? `${docsOrigin},http://127.0.0.1:${process.env.DOCS_PORT ?? '3000'}`;
// The server's own launcher, not `npm run server`, so that stopping this script's children stops the server itself.
const server = run('server', process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/scripts/serve.mjs'], {
  API_CORS_ORIGINS: apiCorsOrigins,
});

/** Resolves once the server answers /health, exits, or has had two minutes. */
async function serverUp() {
  const host = ['0.0.0.0', '::', undefined].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
  const deadline = Date.now() + 120_000;
  while (server.exitCode === null && server.signalCode === null && Date.now() < deadline) {
    const healthy = await fetch(`http://${host.includes(':') ? `[${host}]` : host}:${port}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

if (existsSync('apps/docs/scripts/serve.ts')) {
  say('the docs site starts once Switchyard answers');
  await serverUp();
  if (!stopping) {
    say(
      `starting the docs site on http://localhost:${process.env.DOCS_PORT ?? '3000'} (built on first start)`,
    );
    run('docs', 'npx', ['tsx', 'apps/docs/scripts/serve.ts'], { SWITCHYARD_URL: serverUrl });
  }
}

function stop() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
