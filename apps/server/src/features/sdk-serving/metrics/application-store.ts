import type { Db } from '../../../db/db.ts';

export type ApplicationDetails = {
  description?: string | null;
  url?: string | null;
  color?: string | null;
  icon?: string | null;
};

/** What admins write about an application SDKs reported: its details, or its removal. */
export function createApplicationStore(db: Db) {
  return {
    async exists(appName: string): Promise<boolean> {
      const rows = await db.query('SELECT 1 FROM client_applications WHERE app_name = $1', [appName]);
      return rows.length > 0;
    },
    /** Creates the application if no SDK reported it yet; properties left out keep their values. */
    async saveDetails(appName: string, details: ApplicationDetails): Promise<void> {
      const value = (key: keyof ApplicationDetails) => (details[key] === undefined ? null : details[key]);
      await db.query(
        `INSERT INTO client_applications (app_name, description, url, color, icon) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (app_name) DO UPDATE SET
           description = CASE WHEN $6 THEN EXCLUDED.description ELSE client_applications.description END,
           url = CASE WHEN $7 THEN EXCLUDED.url ELSE client_applications.url END,
           color = CASE WHEN $8 THEN EXCLUDED.color ELSE client_applications.color END,
           icon = CASE WHEN $9 THEN EXCLUDED.icon ELSE client_applications.icon END`,
        [
          appName,
          value('description'),
          value('url'),
          value('color'),
          value('icon'),
          details.description !== undefined,
          details.url !== undefined,
          details.color !== undefined,
          details.icon !== undefined,
        ],
      );
    },
    /** Removes the application with its instances and usage counts; an SDK that reports again brings it back. */
    async delete(appName: string): Promise<void> {
      await db.query('DELETE FROM client_metrics WHERE app_name = $1', [appName]);
      await db.query('DELETE FROM client_applications WHERE app_name = $1', [appName]);
    },
  };
}
