import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync, renameSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { hasDatabase, openPgliteDb } from './pglite-db.ts';

/** A backup or restore that cannot be done as asked; the message says what to do instead. */
export class BackupError extends Error {}

/**
 * Writes a consistent copy of the embedded database in `dataDir` to `file` (a gzipped tar of the directory, as
 * PGlite dumps it, `secrets.key` included when it is there). It takes the directory's lock, so it refuses while a
 * server runs on it: the copy is then what the stopped server left, never files caught mid-write.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!hasDatabase(dataDir))
    throw new BackupError(`DATA_DIR ${dataDir} holds no embedded database to back up`);
  const lock = lockDataDir(dataDir);
  try {
    const db = await openPgliteDb(dataDir);
    try {
      return writeBackup(await db.dumpDataDir(), file);
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

/** Writes beside the target and renames, so an interrupted backup never leaves a truncated file behind. */
function writeBackup(dump: Buffer, file: string): { bytes: number } {
  const temporary = `${file}.${process.pid}.partial`;
  writeFileSync(temporary, dump);
  renameSync(temporary, file);
  return { bytes: dump.length };
}

/**
 * Asks the server running at `baseUrl` for a consistent copy of its embedded database (POST /api/admin/backup,
 * an admin token) and writes it to `file`, in the same format as a backup of a stopped server.
 */
export async function backupRunningServer(
  baseUrl: string,
  token: string,
  file: string,
): Promise<{ bytes: number }> {
  let answer: Response;
  try {
    answer = await fetch(`${baseUrl}/api/admin/backup`, {
      method: 'POST',
      headers: { authorization: token },
    });
  } catch (error) {
    throw new BackupError(`could not reach the running server at ${baseUrl}: ${(error as Error).message}`);
  }
  if (!answer.ok) {
    const text = await answer.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not the error format: the text as it came
    }
    throw new BackupError(`the server at ${baseUrl} answered ${answer.status}: ${message}`);
  }
  return writeBackup(Buffer.from(await answer.arrayBuffer()), file);
}

/**
 * Restores a backup of `backupDataDir()` into `dataDir`, which must be missing or empty: a restore never mixes with
 * or overwrites a database. The server started on it afterwards applies any migrations newer than the backup.
 */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`no backup file at ${file}`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty: restore into a new directory, then point DATA_DIR at it`,
    );
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    const db = await openPgliteDb(dataDir, new Blob([readFileSync(file)]));
    await db.query('SELECT 1 FROM schema_migrations LIMIT 1');
    await db.close();
  } finally {
    lock.release();
    // The copy brought the lock file of the process that made the backup; this process held the directory since.
    rmSync(path.join(dataDir, LOCK_FILE), { force: true });
  }
}
