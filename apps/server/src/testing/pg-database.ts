import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type PgDatabase = { url: string; drop(): Promise<void> };

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

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
 * A new, empty database on the PostgreSQL server of `baseUrl`, for server processes under test: the shared
 * database of that URL keeps whatever earlier runs left, so a process started on it would not start empty.
 */
export async function createPgDatabase(baseUrl: string, prefix = 'switchyard_t'): Promise<PgDatabase> {
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await run(baseUrl, `CREATE DATABASE ${name}`);
  return {
    url: withDatabase(baseUrl, name),
    drop: () => run(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
