import type { Db } from '../../../db/db.ts';
import type { Addon, AddonFields, DeliveryAttempt } from './addon.ts';

type AddonRow = {
  id: number;
  provider: string;
  description: string | null;
  enabled: boolean;
  parameters: Record<string, string>;
  events: string[];
  projects: string[];
  environments: string[];
  created_at: Date;
};

const toAddon = (row: AddonRow): Addon => ({
  id: row.id,
  provider: row.provider,
  description: row.description,
  enabled: row.enabled,
  parameters: row.parameters ?? {},
  events: row.events,
  projects: row.projects,
  environments: row.environments,
  createdAt: row.created_at,
});

const values = (addon: AddonFields) => [
  addon.provider,
  addon.description,
  addon.enabled,
  JSON.stringify(addon.parameters),
  addon.events,
  addon.projects,
  addon.environments,
];

type AttemptRow = {
  id: string;
  addon_id: number;
  event_id: number;
  state: DeliveryAttempt['state'];
  state_details: string;
  details: Record<string, unknown>;
  created_at: Date;
};

export function createAddonStore(db: Db) {
  return {
    async list(): Promise<Addon[]> {
      return (await db.query<AddonRow>('SELECT * FROM addons ORDER BY id')).map(toAddon);
    },
    async get(id: number): Promise<Addon | undefined> {
      const [row] = await db.query<AddonRow>('SELECT * FROM addons WHERE id = $1', [id]);
      return row && toAddon(row);
    },
    async insert(addon: AddonFields): Promise<Addon> {
      const [row] = await db.query<AddonRow>(
        `INSERT INTO addons (provider, description, enabled, parameters, events, projects, environments)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
        values(addon),
      );
      return toAddon(row!);
    },
    async update(id: number, addon: AddonFields): Promise<Addon> {
      const [row] = await db.query<AddonRow>(
        `UPDATE addons SET provider = $2, description = $3, enabled = $4, parameters = $5, events = $6,
           projects = $7, environments = $8
         WHERE id = $1 RETURNING *`,
        [id, ...values(addon)],
      );
      return toAddon(row!);
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM addons WHERE id = $1', [id]);
    },
    /** The delivery log of one addon, newest attempt first. */
    async attempts(addonId: number, limit: number, offset: number): Promise<DeliveryAttempt[]> {
      const rows = await db.query<AttemptRow>(
        `SELECT id::text AS id, addon_id, event_id, state, state_details, details, created_at
           FROM addon_delivery_attempts WHERE addon_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
        [addonId, limit, offset],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        addonId: row.addon_id,
        eventId: row.event_id,
        state: row.state,
        stateDetails: row.state_details,
        details: row.details ?? {},
        createdAt: row.created_at,
      }));
    },
  };
}

export type AddonStore = ReturnType<typeof createAddonStore>;
