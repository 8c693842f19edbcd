import { hostname } from 'node:os';

/**
 * The one log line of every Switchyard process, without dependencies (the edge is one file on plain Node): pino's
 * shape (`level` as a number, `time` in epoch milliseconds, `pid`, `hostname`, `process`, `msg`) as JSON, or the
 * same entry readable with LOG_FORMAT=pretty. logger.ts gives the server and its workers pino itself, with this
 * pretty printer; the edge writes through lineLog().
 */
export type LogFormat = 'json' | 'pretty';
/** Which kind of process writes a line: a single server or a primary, a worker (cluster/), an edge (edge/). */
export type ProcessRole = 'primary' | 'worker' | 'edge';

export const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const LEVEL_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(LEVELS).map(([name, value]) => [value, name.toUpperCase()]),
);
const KNOWN = new Set(['level', 'time', 'pid', 'hostname', 'process', 'msg']);

/** LOG_FORMAT read as the server and the edge both read it: `json` unless `pretty`; undefined when invalid. */
export function logFormatOf(raw: string | undefined): LogFormat | undefined {
  const value = (raw?.trim() || 'json').toLowerCase();
  return value === 'json' || value === 'pretty' ? value : undefined;
}

/** One JSON line as a readable line: time, level, process[pid], message, other fields as JSON, then a stack. */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(Number(entry.time)).toISOString().slice(11, 23);
  const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !KNOWN.has(key)));
  const error = rest.err as { stack?: string } | undefined;
  delete rest.err;
  const extra = Object.keys(rest).length ? ` ${JSON.stringify(rest)}` : '';
  const stack = error?.stack ? `\n${error.stack}` : '';
  return `${time} ${level} ${String(entry.process)}[${String(entry.pid)}] ${String(entry.msg ?? '')}${extra}${stack}\n`;
}

/** A log for a process that needs no pino (the edge): the same lines, on stdout. */
export function lineLog(options: { level: string; format: LogFormat; role: ProcessRole }) {
  const threshold = options.level === 'silent' ? Infinity : (LEVELS[options.level] ?? LEVELS.info!);
  const host = hostname();
  return (level: 'info' | 'warn' | 'error' | 'fatal', msg: string) => {
    if (LEVELS[level]! < threshold) return;
    const line = `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, hostname: host, process: options.role, msg })}\n`;
    process.stdout.write(options.format === 'pretty' ? prettyLine(line) : line);
  };
}
