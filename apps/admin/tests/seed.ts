import { migrate } from '../../server/src/db/migrate.ts';
import { openDb } from '../../server/src/db/open-db.ts';
import { seedDataDir } from '../../server/src/testing/migrated-template.ts';

// Opens the embedded database in both passes: CI's PostgreSQL pass leaves its files out.
/**
 * Creates the database in dataDir before the server starts, with a project of `count` flags written straight
 * in SQL: thousands of API calls would take minutes and test nothing the table depends on.
 */
export async function seedBulkProject(dataDir: string, projectId: string, count: number): Promise<void> {
  // A copy of the migrated template, as the server's own start would make (the migrations then have nothing to do).
  await seedDataDir(dataDir);
  const db = await openDb({ dataDir, databaseUrl: undefined });
  try {
    await migrate(db);
    await db.query(
      `INSERT INTO projects (id, name, description) VALUES ($1, $2, 'Seeded for the table timing')`,
      [projectId, 'Bulk'],
    );
    await db.query(
      `INSERT INTO project_environments (project_id, environment_name) VALUES ($1, 'development'), ($1, 'production')`,
      [projectId],
    );
    await db.query(
      `INSERT INTO flags (name, project_id, type, description, created_at)
       SELECT 'bulk-' || lpad(i::text, 5, '0'), $1, CASE WHEN i % 5 = 0 THEN 'experiment' ELSE 'release' END,
              'Seeded flag number ' || i, now() - (i || ' seconds')::interval
       FROM generate_series(1, $2::int) AS i`,
      [projectId, count],
    );
    await db.query(
      `INSERT INTO flag_environments (flag_name, environment_name, enabled)
       SELECT f.name, e.name, (random() < 0.5) FROM flags f CROSS JOIN (VALUES ('development'), ('production')) AS e(name)
       WHERE f.project_id = $1`,
      [projectId],
    );
  } finally {
    await db.close();
  }
}
