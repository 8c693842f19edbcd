import type { Db } from '../../../db/db.ts';

const NAME = 'frontend-api-origins';

/**
 * Whether `origin` is something a browser sends in its Origin header (`scheme://host[:port]`, nothing after it),
 * or `*` for every origin.
 */
export function isOrigin(origin: string): boolean {
  if (origin === '*') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === origin;
}

/** The origins stored through the API; undefined while nobody has saved any (the environment variable applies). */
export function createFrontendOriginStore(db: Db) {
  return {
    async stored(): Promise<string[] | undefined> {
      const [row] = await db.query<{ value: { origins?: string[] } }>(
        'SELECT value FROM settings WHERE name = $1',
        [NAME],
      );
      return row?.value.origins;
    },
    async save(origins: string[]): Promise<void> {
      await db.query(
        `INSERT INTO settings (name, value) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [NAME, { origins }],
      );
    },
  };
}

/**
 * The origins the Frontend API answers browsers from: the stored list once an admin saved one, otherwise
 * UNLEASH_FRONTEND_API_ORIGINS (decision record 0013). Read once and kept until `forget()`, which runs on every
 * change event, so a save in any process reaches every process.
 */
export function createFrontendOrigins(db: Db, initial: string[]) {
  const store = createFrontendOriginStore(db);
  let current: Promise<string[]> | undefined;
  return {
    current(): Promise<string[]> {
      if (!current) {
        const loading = store.stored().then((stored) => stored ?? initial);
        loading.catch(() => {
          if (current === loading) current = undefined;
        });
        current = loading;
      }
      return current;
    },
    forget(): void {
      current = undefined;
    },
  };
}

export type FrontendOrigins = ReturnType<typeof createFrontendOrigins>;
