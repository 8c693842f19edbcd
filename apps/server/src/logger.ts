import { hostname } from 'node:os';
import { pino, type DestinationStream, type Logger } from 'pino';

export type LogFormat = 'json' | 'pretty';
/** Which kind of process writes a line: a single server or a primary, a worker (cluster/), an edge (edge/). */
export type ProcessRole = 'primary' | 'worker' | 'edge';
export type { Logger };

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);
const KNOWN = new Set(['level', 'time', 'pid', 'hostname', 'process', 'msg']);

/** `LOG_FORMAT=pretty`: one readable line per entry (time, level, process, message, other fields as JSON). */
function prettyLines(out: NodeJS.WritableStream): DestinationStream {
  return {
    write(line: string) {
      let entry: Record<string, unknown>;
      try {
        entry = JSON.parse(line) as Record<string, unknown>;
      } catch {
        out.write(line);
        return;
      }
      const time = new Date(Number(entry.time)).toISOString().slice(11, 23);
      const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
      const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !KNOWN.has(key)));
      const error = rest.err as { stack?: string } | undefined;
      delete rest.err;
      const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
      const stack = error?.stack ? `\n${error.stack}` : '';
      out.write(
        `${time} ${level} ${entry.process}[${entry.pid}] ${String(entry.msg ?? '')}${extra}${stack}\n`,
      );
    },
  };
}

/**
 * The one log of every Switchyard process (primary, workers, edge; Fastify's own lines included): JSON lines on
 * stdout in pino's shape (`level` as a number, `time` in epoch milliseconds, `pid`, `hostname`, `process`, `msg`),
 * or the same entries readable with LOG_FORMAT=pretty. Documented in the docs' configuration page.
 */
export function createLogger(options: { level: string; format: LogFormat; role: ProcessRole }): Logger {
  return pino(
    {
      // The server's configuration refuses any other level; the edge, which reads LOG_LEVEL alone, falls back.
      level: LEVELS.has(options.level) ? options.level : 'info',
      base: { pid: process.pid, hostname: hostname(), process: options.role },
      // Epoch milliseconds, as pino writes by default, so log shippers parse it the usual way.
      timestamp: pino.stdTimeFunctions.epochTime,
    },
    options.format === 'pretty' ? prettyLines(process.stdout) : pino.destination({ fd: 1, sync: true }),
  );
}

/** LOG_FORMAT read as the server and the edge both read it: `json` unless `pretty`. */
export function logFormatOf(raw: string | undefined): LogFormat | undefined {
  const value = (raw?.trim() || 'json').toLowerCase();
  return value === 'json' || value === 'pretty' ? value : undefined;
}
