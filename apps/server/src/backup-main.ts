import path from 'node:path';
import { ConfigError, readConfig } from './config.ts';
import { BackupError, backupDataDir, backupRunningServer, restoreDataDir } from './db/data-dir-backup.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the embedded database in DATA_DIR to a file and
 * back. PostgreSQL has its own tools (pg_dump, pg_restore), which this points to.
 * While a server runs on DATA_DIR, a backup asks it for the copy (POST /api/admin/backup) when given an admin token
 * in SWITCHYARD_ADMIN_TOKEN; SWITCHYARD_URL names the server when it is not this machine's PORT and BASE_URI_PATH.
 */
async function main(): Promise<void> {
  const [command, target] = process.argv.slice(2);
  const config = readConfig();
  if (!target || (command !== 'backup' && command !== 'restore'))
    throw new BackupError('usage: npm run backup -- <file>, or npm run restore -- <file>');
  if (config.databaseUrl)
    throw new BackupError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (see the docs, "Back up, restore and upgrade")',
    );
  const file = path.resolve(process.env.INIT_CWD || process.cwd(), target);
  if (command === 'backup') {
    const token = process.env.SWITCHYARD_ADMIN_TOKEN;
    try {
      const { bytes } = await backupDataDir(config.dataDir, file);
      console.log(`[switchyard] backed up ${config.dataDir} to ${file} (${bytes} bytes)`);
    } catch (error) {
      if (!(error instanceof DataDirLockedError) || !token) throw error;
      // The server holds the directory: it takes the copy itself, between transactions.
      const url = (process.env.SWITCHYARD_URL || `http://127.0.0.1:${config.port}${config.basePath}`).replace(
        /\/+$/,
        '',
      );
      const { bytes } = await backupRunningServer(url, token, file);
      console.log(`[switchyard] backed up the running server at ${url} to ${file} (${bytes} bytes)`);
    }
  } else {
    await restoreDataDir(file, config.dataDir);
    console.log(`[switchyard] restored ${file} into ${config.dataDir}; start the server on it`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`[switchyard] not backing up: ${error.message}`);
    console.error(
      '[switchyard] stop the server first, or give an admin token in SWITCHYARD_ADMIN_TOKEN to have the running server take a consistent copy',
    );
    process.exit(1);
  }
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`[switchyard] ${error.message}`);
    process.exit(2);
  }
  console.error('[switchyard] failed:', error);
  process.exit(1);
});
