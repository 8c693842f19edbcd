import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DataDirLockedError, LEASE_MS, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

let root: string;
let count = 0;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'switchyard-lock-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});
const newDir = () => path.join(root, `dir-${++count}`);
/** A PID that ran and exited: nothing runs under it now. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;
const writeLock = (dir: string, holder: Record<string, unknown>) => {
  mkdirSync(dir, { recursive: true });
  const lock = { host: hostname(), since: '2026-01-01T00:00:00.000Z', nonce: `n-${count}`, ...holder };
  writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(lock));
};

it('refuses a second holder, naming the holder and what to do, until the first releases the lock', () => {
  const dir = newDir();
  const first = lockDataDir(dir);
  expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  expect(() => lockDataDir(dir)).toThrow(
    new RegExp(
      `in use by Switchyard process ${process.pid} on this machine.*stop that process, or give this one another DATA_DIR`,
    ),
  );
  first.release();
  expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  lockDataDir(dir).release();
});

it('takes over a lock whose PID no longer runs, and says so', () => {
  const dir = newDir();
  const pid = deadPid();
  writeLock(dir, { pid });
  const said: string[] = [];
  const lock = lockDataDir(dir, (message) => said.push(message));
  expect(said).toEqual([expect.stringMatching(`from process ${pid}: that PID is not running`)]);
  expect(JSON.parse(readFileSync(lock.file, 'utf8'))).toMatchObject({ pid: process.pid });
  lock.release();
});

it('takes over a lock whose PID now belongs to another process (a reused PID), by its start time', () => {
  const dir = newDir();
  // The parent process runs, but it is not the process that wrote this lock: that one started at another time.
  writeLock(dir, { pid: process.ppid, processStart: '1' });
  const said: string[] = [];
  lockDataDir(dir, (message) => said.push(message)).release();
  expect(said).toEqual([expect.stringMatching('that PID now belongs to another process')]);
});

it('waits for the lease of a holder on another host, then takes the lock over', () => {
  const dir = newDir();
  writeLock(dir, { pid: 1, host: 'elsewhere' });
  expect(() => lockDataDir(dir)).toThrow(/on host "elsewhere".*its lock expires 60 s after its last refresh/);
  const expired = new Date(Date.now() - LEASE_MS - 1_000);
  utimesSync(path.join(dir, LOCK_FILE), expired, expired);
  const said: string[] = [];
  lockDataDir(dir, (message) => said.push(message)).release();
  expect(said).toEqual([expect.stringMatching('host "elsewhere" stopped refreshing it')]);
});

// Several processes find the same stale lock at once: exactly one of them may take it over.
it('lets exactly one of several processes racing for a stale lock take it over', async () => {
  const dir = newDir();
  writeLock(dir, { pid: deadPid() });
  const go = path.join(root, `go-${count}`);
  const module = pathToFileURL(path.join(import.meta.dirname, 'data-dir-lock.ts')).href;
  // Each child loads the module, says so, spins until the go file appears, tries once, and holds until stdin ends.
  const script = `const { existsSync } = await import('node:fs');
const { lockDataDir } = await import(${JSON.stringify(module)});
console.log('ready');
while (!existsSync(${JSON.stringify(go)}));
try { lockDataDir(${JSON.stringify(dir)}); console.log('held'); } catch (error) { console.log(error.name); }
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));`;
  const children = Array.from({ length: 4 }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
    let output = '';
    const lines = (count: number) =>
      new Promise<string[]>((resolve) => {
        const check = () => {
          const got = output.split('\n').filter(Boolean);
          if (got.length >= count || child.exitCode !== null) resolve(got);
        };
        child.stdout.on('data', (chunk: Buffer) => ((output += chunk.toString()), check()));
        child.on('exit', check);
        check();
      });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    return { child, lines, exited };
  });
  for (const { lines } of children) expect(await lines(1)).toEqual(['ready']);
  writeFileSync(go, '');
  const results = await Promise.all(children.map(async ({ lines }) => (await lines(2))[1]));
  for (const { child } of children) child.stdin.end();
  await Promise.all(children.map(({ exited }) => exited));
  expect(results.sort()).toEqual(['DataDirLockedError', 'DataDirLockedError', 'DataDirLockedError', 'held']);
  // Released on exit, and no claim or temporary file left behind.
  expect(readdirSync(dir)).toEqual([]);
}, 60_000);
