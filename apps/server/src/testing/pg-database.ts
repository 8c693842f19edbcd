import { randomBytes } from 'node:crypto';
import { createDatabase, run, withDatabase } from './migrated-template.ts';

export type PgDatabase = { url: string; drop(): Promise<void> };

/**
 * A new database on the PostgreSQL server of `baseUrl`, for a test file or a server process under test: the shared
 * database of that URL keeps whatever earlier runs left. It is a copy of the migrated template, so a server started
 * on it skips the migrations; `empty` gives an empty one (a first start, migrations stopped early).
 */
export async function createPgDatabase(
  baseUrl: string,
  prefix = 'switchyard_t',
  options: { empty?: boolean } = {},
): Promise<PgDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await createDatabase(baseUrl, name, options.empty);
  return {
    url: withDatabase(baseUrl, name),
    drop: async () => {
      // Sessions of a pool just closed take a moment to leave; forcing them out only when they do not.
      for (let attempt = 0; attempt < 30; attempt++) {
        try {
          await run(baseUrl, `DROP DATABASE IF EXISTS ${name}`);
          return;
        } catch (error) {
          if (!/being accessed by other users/.test(String(error))) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await run(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
