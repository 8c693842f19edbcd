import { createHash, randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

/** The embedded database's lock, inside DATA_DIR so it lives on the same volume as the files it guards. */
export const LOCK_FILE = 'switchyard.lock';
/** How often the holder refreshes its lock's time, and how old that time must be before another host may take it. */
export const HEARTBEAT_MS = 10_000;
export const LEASE_MS = 60_000;

/** What a lock file says about its holder. A process is its PID plus its start time, so a reused PID is not it. */
type Holder = {
  pid: number;
  host: string;
  bootId?: string;
  processStart?: string;
  since: string;
  nonce: string;
};

/** DATA_DIR is held by a running process: the server does not start. */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

export type DataDirLock = { file: string; release(): void };

const readOptional = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};
/** Linux's process start time in clock ticks since boot (field 22 of /proc/PID/stat); undefined elsewhere. */
function processStart(pid: number): string | undefined {
  const stat = readOptional(`/proc/${pid}/stat`);
  // The command name in parentheses may hold spaces: count fields after its closing parenthesis.
  return stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}
const bootId = () => readOptional('/proc/sys/kernel/random/boot_id');
const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function thisProcess(): Holder {
  return {
    pid: process.pid,
    host: hostname(),
    bootId: bootId(),
    processStart: processStart(process.pid),
    since: new Date().toISOString(),
    nonce: randomUUID(),
  };
}

/**
 * Creates `file` with `text` only if it does not exist, in one step: a hard link from a file already written, so
 * nobody ever reads a half-written lock. Filesystems without hard links get O_EXCL, then the write.
 */
function createExclusive(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
  try {
    const fd = openSync(temporary, 'wx');
    writeSync(fd, text);
    closeSync(fd);
    linkSync(temporary, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, text);
      closeSync(fd);
      return true;
    } catch (fallback) {
      if ((fallback as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw fallback;
    }
  } finally {
    try {
      unlinkSync(temporary);
    } catch {
      // never created
    }
  }
}

type Found = { text: string; holder?: Holder; ageMs: number };

function read(file: string): Found | undefined {
  try {
    const text = readFileSync(file, 'utf8');
    const ageMs = Date.now() - statSync(file).mtimeMs;
    try {
      return { text, holder: JSON.parse(text) as Holder, ageMs };
    } catch {
      return { text, ageMs }; // being written (the O_EXCL fallback), or damaged
    }
  } catch {
    return undefined; // released meanwhile
  }
}

/** Whether the lock's holder still runs, and if so how to name it; `gone` says why it does not. */
function holderState(found: Found): { running: true; where: string } | { running: false; gone: string } {
  const { holder, ageMs } = found;
  if (!holder) {
    return ageMs < 5_000
      ? { running: true, where: 'a process still writing its lock' }
      : { running: false, gone: 'its lock file is unreadable' };
  }
  if (holder.host !== hostname()) {
    // Another machine (or container) shares the directory: its PIDs mean nothing here, its heartbeat does.
    return ageMs < LEASE_MS
      ? {
          running: true,
          where: `on host "${holder.host}" (lock refreshed ${Math.round(ageMs / 1000)} s ago)`,
        }
      : {
          running: false,
          gone: `host "${holder.host}" stopped refreshing it ${Math.round(ageMs / 1000)} s ago`,
        };
  }
  if (holder.bootId && bootId() && holder.bootId !== bootId())
    return { running: false, gone: 'the machine restarted' };
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH')
      return { running: false, gone: 'that PID is not running' };
  }
  const start = processStart(holder.pid);
  if (holder.processStart && start && start !== holder.processStart)
    return { running: false, gone: 'that PID now belongs to another process' };
  return { running: true, where: 'on this machine' };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * Removes the stale lock `file` whose contents were `stale`, safely against other processes doing the same: only
 * the process that creates this generation's claim file may remove it, and it removes the lock only while the lock
 * still holds those contents. A claim left by a process that crashed meanwhile is itself taken over the same way.
 */
function removeStale(file: string, stale: string, mine: string, depth = 0): void {
  const claim = `${file}.takeover-${hashOf(stale)}`;
  if (!createExclusive(claim, mine)) {
    const other = read(claim);
    if (!other) return;
    if (holderState(other).running) return void sleep(50);
    if (depth >= 3)
      throw new Error(`could not take over the stale lock ${file}: remove ${claim} and start again`);
    return removeStale(claim, other.text, mine, depth + 1);
  }
  try {
    if (readOptional(file) === stale.trim()) unlinkSync(file);
  } finally {
    unlinkSync(claim);
  }
}

/**
 * Makes this process the one writer of the embedded database in `dataDir`, for as long as it runs: the lock is
 * released on exit, and a lock left by a process that crashed is recognised and taken over.
 */
export function lockDataDir(dataDir: string, log: (message: string) => void = () => {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine = JSON.stringify(thisProcess());
  for (let attempt = 0; attempt < 100; attempt++) {
    if (createExclusive(file, mine)) return held(file, mine);
    const found = read(file);
    if (!found) continue;
    const state = holderState(found);
    if (state.running) {
      if (!found.holder) {
        sleep(50);
        continue;
      }
      throw new DataDirLockedError(
        `DATA_DIR ${dataDir} is in use by Switchyard process ${found.holder.pid} ${state.where}, since ${found.holder.since} (lock file ${file}). ` +
          'The embedded database takes one process per directory: stop that process, or give this one another DATA_DIR, ' +
          'or run several processes on PostgreSQL (DATABASE_URL).' +
          (found.holder.host === hostname()
            ? ''
            : ` If that process is gone, its lock expires ${LEASE_MS / 1000} s after its last refresh and the next start takes it over.`),
      );
    }
    log(
      `taking over the lock in ${file}${found.holder ? ` from process ${found.holder.pid}` : ''}: ${state.gone} (it did not stop cleanly)`,
    );
    removeStale(file, found.text, mine);
  }
  throw new Error(`could not lock ${file}: other processes kept taking it over`);
}

function held(file: string, mine: string): DataDirLock {
  // The time on the file is the heartbeat other hosts sharing the directory judge it by.
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      // the directory went away; the database will say so
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const release = () => {
    clearInterval(heartbeat);
    process.off('exit', release);
    // Only our own lock: never one another process took over after this one stalled.
    if (readOptional(file) === mine) unlinkSync(file);
  };
  process.on('exit', release);
  return { file, release };
}
