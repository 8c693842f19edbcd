/**
 * `npm run edge`: a Switchyard edge, a process without a database that serves SDKs from memory and syncs from its
 * upstream (Switchyard, or another edge). Configuration: edge-config.ts.
 */
import { lineLog, logFormatOf } from '../log-line.ts';
import { readEdgeConfig } from './edge-config.ts';
import { createEdge, type Log } from './edge.ts';

// The server's one log format (logger.ts), LOG_LEVEL and LOG_FORMAT read as the server reads them.
const logger = lineLog({
  level: (process.env.LOG_LEVEL?.trim() || 'info').toLowerCase(),
  format: logFormatOf(process.env.LOG_FORMAT) ?? 'json',
  role: 'edge',
});
const log: Log = (level, message) => logger(level, message);

let config;
try {
  config = readEdgeConfig();
} catch (error) {
  logger('fatal', `not starting: ${(error as Error).message}`);
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
