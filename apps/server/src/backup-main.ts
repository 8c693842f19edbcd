import path from 'node:path';
import { ConfigError, readConfig } from './config.ts';
import { BackupError, backupDataDir, restoreDataDir } from './db/data-dir-backup.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file>`: the embedded database in DATA_DIR to a file and
 * back. PostgreSQL has its own tools (pg_dump, pg_restore), which this points to.
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
    const { bytes } = await backupDataDir(config.dataDir, file);
    console.log(`[switchyard] backed up ${config.dataDir} to ${file} (${bytes} bytes)`);
  } else {
    await restoreDataDir(file, config.dataDir);
    console.log(`[switchyard] restored ${file} into ${config.dataDir}; start the server on it`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`[switchyard] not backing up: ${error.message}`);
    console.error('[switchyard] stop the server first: a backup reads the directory while nothing writes it');
    process.exit(1);
  }
  if (error instanceof BackupError || error instanceof ConfigError) {
    console.error(`[switchyard] ${error.message}`);
    process.exit(2);
  }
  console.error('[switchyard] failed:', error);
  process.exit(1);
});
