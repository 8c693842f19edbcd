import type { Db } from '../../../db/db.ts';
import { hashSecret, maskSecret } from '../api-tokens/api-token.ts';
import type { InviteLink } from './invite-link.ts';

type InviteLinkRow = {
  secret_hash: string;
  display_secret: string;
  name: string;
  enabled: boolean;
  expires_at: Date;
  root_role_id: number;
  root_role: InviteLink['rootRole'];
  created_by: string | null;
  created_at: Date;
  users: InviteLink['users'] | null;
};

const SELECT = `
  SELECT l.*, (SELECT json_build_object('id', r.id, 'name', r.name, 'description', r.description, 'type', r.type)
                 FROM roles r WHERE r.id = l.root_role_id) AS root_role,
         (SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'username', u.username)
                 ORDER BY u.id)
                 FROM invite_link_users lu JOIN users u ON u.id = lu.user_id
                WHERE lu.secret_hash = l.secret_hash AND u.deleted_at IS NULL) AS users
    FROM invite_links l`;

const toLink = (row: InviteLinkRow): InviteLink => ({
  secretHash: row.secret_hash,
  displaySecret: row.display_secret,
  name: row.name,
  enabled: row.enabled,
  expiresAt: row.expires_at,
  rootRole: row.root_role,
  createdBy: row.created_by,
  createdAt: row.created_at,
  users: row.users ?? [],
});

/** Invite links, kept like every other secret: only the hash of the secret and a masked form are stored. */
export function createInviteLinkStore(db: Db) {
  return {
    async list(): Promise<InviteLink[]> {
      return (await db.query<InviteLinkRow>(`${SELECT} ORDER BY l.created_at, l.secret_hash`)).map(toLink);
    },
    /** The link whose secret this is: what people who open the link send. */
    async findBySecret(secret: string): Promise<InviteLink | undefined> {
      const [row] = await db.query<InviteLinkRow>(`${SELECT} WHERE l.secret_hash = $1`, [hashSecret(secret)]);
      return row && toLink(row);
    },
    /** The link by its secret or by the masked secret lists show: how admins name a link. */
    async findByKey(key: string): Promise<InviteLink | undefined> {
      const [row] = await db.query<InviteLinkRow>(
        `${SELECT} WHERE l.secret_hash = $1 OR l.display_secret = $2`,
        [hashSecret(key), key],
      );
      return row && toLink(row);
    },
    async insert(
      link: Pick<InviteLink, 'name' | 'expiresAt' | 'createdBy'> & { secret: string; rootRoleId: number },
    ): Promise<void> {
      await db.query(
        `INSERT INTO invite_links (secret_hash, display_secret, name, expires_at, root_role_id, created_by)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          hashSecret(link.secret),
          maskSecret(link.secret),
          link.name,
          link.expiresAt,
          link.rootRoleId,
          link.createdBy,
        ],
      );
    },
    async update(secretHash: string, change: { enabled?: boolean; expiresAt?: Date }): Promise<void> {
      await db.query(
        'UPDATE invite_links SET enabled = COALESCE($2, enabled), expires_at = COALESCE($3, expires_at) WHERE secret_hash = $1',
        [secretHash, change.enabled ?? null, change.expiresAt ?? null],
      );
    },
    async addUser(secretHash: string, userId: number): Promise<void> {
      await db.query('INSERT INTO invite_link_users (secret_hash, user_id) VALUES ($1, $2)', [
        secretHash,
        userId,
      ]);
    },
  };
}
