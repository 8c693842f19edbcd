import { hostname } from 'node:os';
import { pino, type DestinationStream, type Logger } from 'pino';
import { LEVELS, prettyLine, type LogFormat, type ProcessRole } from './log-line.ts';

export type { Logger };

/**
 * The log of the server's processes (primary, workers; Fastify's own lines included): pino, JSON lines on stdout in
 * the shape of log-line.ts, or the same entries readable with LOG_FORMAT=pretty. Documented in the docs'
 * configuration page (Logs).
 */
export function createLogger(options: { level: string; format: LogFormat; role: ProcessRole }): Logger {
  const pretty: DestinationStream = { write: (line: string) => void process.stdout.write(prettyLine(line)) };
  return pino(
    {
      // The server's configuration refuses any other level.
      level: options.level === 'silent' || LEVELS[options.level] ? options.level : 'info',
      base: { pid: process.pid, hostname: hostname(), process: options.role },
      timestamp: pino.stdTimeFunctions.epochTime,
    },
    options.format === 'pretty' ? pretty : pino.destination({ fd: 1, sync: true }),
  );
}
