import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db.ts';
import { processNextSignal } from '../src/features/automation/actions/signal-processor.ts';
import { applyNextDue } from '../src/features/governance/change-requests/change-request-scheduler.ts';
import { progressNextDue } from '../src/features/release/release-plans/release-plan-scheduler.ts';
import { createTestDb } from '../src/testing/test-db.ts';

/**
 * The once-a-second polls every server process runs cost one plain read when nothing is due, and no transaction
 * (decision record 0055): what eight idle servers send PostgreSQL is what they find, not how often they look.
 */
let db: Db;

/** The database, counting what each poll asks of it. */
function counted(inner: Db) {
  const seen = { queries: 0, transactions: 0 };
  const wrapped: Db = {
    ...inner,
    kind: inner.kind,
    query: (sql, params) => {
      seen.queries += 1;
      return inner.query(sql, params);
    },
    transaction: (fn) => {
      seen.transactions += 1;
      return inner.transaction(fn);
    },
  };
  return { db: wrapped, seen };
}

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('an idle poll', () => {
  const polls: [string, (db: Db) => Promise<boolean>][] = [
    ['release-plan progressions', (db) => progressNextDue(db, new Date())],
    ['scheduled change requests', (db) => applyNextDue(db, new Date())],
    ['signals', (db) => processNextSignal(db)],
  ];
  for (const [name, poll] of polls) {
    it(`of ${name} is one read and no transaction`, async () => {
      const { db: watched, seen } = counted(db);
      expect(await poll(watched)).toBe(false);
      expect(seen).toEqual({ queries: 1, transactions: 0 });
    });
  }
});
