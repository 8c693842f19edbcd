/**
 * Writes apps/server/openapi.json from the route schemas. With --check, fails when the committed file is stale.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { readConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { openPgliteDb } from '../src/db/pglite-db.ts';
import { createKeyring } from '../src/db/sealed-secrets.ts';

const target = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../openapi.json');

export async function renderOpenApi(): Promise<string> {
  const db = await openPgliteDb();
  await migrate(db);
  // The document does not depend on the key: any will do.
  const secrets = createKeyring(randomBytes(32));
  const app = await buildApp({ db, config: readConfig({ LOG_LEVEL: 'silent' }), secrets });
  const document = app.swagger();
  await app.close();
  await db.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

const text = await renderOpenApi();
if (process.argv.includes('--check')) {
  const current = await readFile(target, 'utf8').catch(() => '');
  if (current !== text) {
    console.error(
      'apps/server/openapi.json is stale: run `npm run openapi -w @switchyard/server` and commit it.',
    );
    process.exit(1);
  }
  console.log('apps/server/openapi.json is current');
} else {
  await writeFile(target, text);
  const operations = Object.values((JSON.parse(text) as { paths: Record<string, object> }).paths).reduce(
    (sum, item) => sum + Object.keys(item).length,
    0,
  );
  console.log(`wrote apps/server/openapi.json (${operations} operations)`);
}
