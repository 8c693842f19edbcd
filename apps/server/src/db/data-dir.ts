import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Before `npm start` and `npm run server` shared one default data directory, `npm run server` kept its database in
 * apps/server/data. While the shared default holds no database yet and that one does, the server keeps using it,
 * so an upgrade never opens on an empty instance; moving the directory to the default ends this.
 */
export function adoptOldDataDir(
  dataDir: string,
  dirs: { defaultDir: string; oldDir: string },
  log: (message: string) => void = () => {},
): string {
  const holdsDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
  if (dataDir !== dirs.defaultDir || holdsDatabase(dataDir) || !holdsDatabase(dirs.oldDir)) return dataDir;
  log(
    `using the database in ${dirs.oldDir}, where earlier versions of \`npm run server\` kept it; to make it the default, stop Switchyard and move it to ${dirs.defaultDir}`,
  );
  return dirs.oldDir;
}
