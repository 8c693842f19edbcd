import type { Db } from '../../../db/db.ts';
import type { Banner, BannerFields, BannerVariant } from './banner.ts';

type BannerRow = {
  id: number;
  message: string;
  enabled: boolean;
  variant: BannerVariant;
  sticky: boolean;
  icon: string | null;
  link: string | null;
  link_text: string | null;
  dialog_title: string | null;
  dialog: string | null;
  created_at: Date;
};

const toBanner = (row: BannerRow): Banner => ({
  id: row.id,
  message: row.message,
  enabled: row.enabled,
  variant: row.variant,
  sticky: row.sticky,
  icon: row.icon,
  link: row.link,
  linkText: row.link_text,
  dialogTitle: row.dialog_title,
  dialog: row.dialog,
  createdAt: row.created_at,
});

const values = (banner: BannerFields) => [
  banner.message,
  banner.enabled,
  banner.variant,
  banner.sticky,
  banner.icon,
  banner.link,
  banner.linkText,
  banner.dialogTitle,
  banner.dialog,
];

export function createBannerStore(db: Db) {
  return {
    async list(): Promise<Banner[]> {
      return (await db.query<BannerRow>('SELECT * FROM banners ORDER BY id')).map(toBanner);
    },
    async get(id: number): Promise<Banner | undefined> {
      const [row] = await db.query<BannerRow>('SELECT * FROM banners WHERE id = $1', [id]);
      return row && toBanner(row);
    },
    async insert(banner: BannerFields): Promise<Banner> {
      const [row] = await db.query<BannerRow>(
        `INSERT INTO banners (message, enabled, variant, sticky, icon, link, link_text, dialog_title, dialog)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING *`,
        values(banner),
      );
      return toBanner(row!);
    },
    async update(id: number, banner: BannerFields): Promise<Banner> {
      const [row] = await db.query<BannerRow>(
        `UPDATE banners SET message = $2, enabled = $3, variant = $4, sticky = $5, icon = $6, link = $7,
           link_text = $8, dialog_title = $9, dialog = $10
         WHERE id = $1 RETURNING *`,
        [id, ...values(banner)],
      );
      return toBanner(row!);
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM banners WHERE id = $1', [id]);
    },
  };
}
