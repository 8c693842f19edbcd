/**
 * `npm run edge`: a Switchyard edge, a process without a database that serves SDKs from memory and syncs from its
 * upstream (Switchyard, or another edge). Configuration: edge-config.ts.
 */
import { readEdgeConfig } from './edge-config.ts';
import { createEdge, type Log } from './edge.ts';

const quiet = process.env.LOG_LEVEL === 'warn' || process.env.LOG_LEVEL === 'error';
const log: Log = (level, message) => {
  if (level === 'info' && quiet) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), msg: message });
  (level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
};

let config;
try {
  config = readEdgeConfig();
} catch (error) {
  process.stderr.write(`switchyard edge: ${(error as Error).message}\n`);
  process.exit(1);
}
const edge = createEdge(config, log);
const { port } = await edge.start();
log('info', `edge listening on ${config.host}:${port}, upstream ${config.upstreamUrl}`);

let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    void edge.stop().then(() => process.exit(0));
  });
}
