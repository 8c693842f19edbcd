import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, withDatabase } from './migrated-template.ts';

export type PgDatabase = { url: string; drop(): Promise<void> };

async function run(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end().catch(() => undefined);
  }
}

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
    drop: () => run(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
