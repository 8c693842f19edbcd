import type { Db } from '../../db/db.ts';
import type { RootRole } from '../../http/auth.ts';
import type { InviteLink } from './invite-link.ts';

type InviteLinkRow = {
  secret: string;
  name: string;
  enabled: boolean;
  expires_at: Date;
  root_role: RootRole;
  created_by: string | null;
  created_at: Date;
  users: InviteLink['users'] | null;
};

const SELECT = `
  SELECT l.*, (SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'username', u.username)
                 ORDER BY u.id)
                 FROM invite_link_users lu JOIN users u ON u.id = lu.user_id
                WHERE lu.secret = l.secret AND u.deleted_at IS NULL) AS users
    FROM invite_links l`;

const toLink = (row: InviteLinkRow): InviteLink => ({
  secret: row.secret,
  name: row.name,
  enabled: row.enabled,
  expiresAt: row.expires_at,
  rootRole: row.root_role,
  createdBy: row.created_by,
  createdAt: row.created_at,
  users: row.users ?? [],
});

export function createInviteLinkStore(db: Db) {
  return {
    async list(): Promise<InviteLink[]> {
      return (await db.query<InviteLinkRow>(`${SELECT} ORDER BY l.created_at, l.secret`)).map(toLink);
    },
    async get(secret: string): Promise<InviteLink | undefined> {
      const [row] = await db.query<InviteLinkRow>(`${SELECT} WHERE l.secret = $1`, [secret]);
      return row && toLink(row);
    },
    async insert(
      link: Pick<InviteLink, 'secret' | 'name' | 'expiresAt' | 'rootRole' | 'createdBy'>,
    ): Promise<void> {
      await db.query(
        'INSERT INTO invite_links (secret, name, expires_at, root_role, created_by) VALUES ($1, $2, $3, $4, $5)',
        [link.secret, link.name, link.expiresAt, link.rootRole, link.createdBy],
      );
    },
    async update(secret: string, change: { enabled?: boolean; expiresAt?: Date }): Promise<void> {
      await db.query(
        'UPDATE invite_links SET enabled = COALESCE($2, enabled), expires_at = COALESCE($3, expires_at) WHERE secret = $1',
        [secret, change.enabled ?? null, change.expiresAt ?? null],
      );
    },
    async addUser(secret: string, userId: number): Promise<void> {
      await db.query('INSERT INTO invite_link_users (secret, user_id) VALUES ($1, $2)', [secret, userId]);
    },
  };
}
