import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { User } from './user.ts';

type UserRow = {
  id: number;
  username: string | null;
  email: string | null;
  name: string | null;
  root_role_id: number;
  root_role_name: string;
  password_hash: string | null;
  created_at: Date;
  seen_at: Date | null;
  is_service: boolean;
  scim_id: string | null;
  deactivated_at: Date | null;
};

const toUser = (row: UserRow): User => ({
  id: row.id,
  username: row.username,
  email: row.email,
  name: row.name,
  rootRole: row.root_role_id,
  rootRoleName: row.root_role_name,
  createdAt: row.created_at,
  seenAt: row.seen_at,
  isService: row.is_service,
  scimId: row.scim_id,
  active: row.deactivated_at === null,
});

/** Every column, and the root role's name. */
const COLUMNS = '*, (SELECT name FROM roles WHERE roles.id = users.root_role_id) AS root_role_name';

export type NewUser = {
  username?: string | null;
  email?: string | null;
  name?: string | null;
  /** A root role id. */
  rootRole: number;
  passwordHash?: string | null;
  isService?: boolean;
};

export function createUserStore(db: Db) {
  /** Every session and personal access token of the user stops working. */
  const endCredentials = async (id: number) => {
    await db.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    await db.query('DELETE FROM personal_access_tokens WHERE user_id = $1', [id]);
  };
  return {
    async insert(user: NewUser): Promise<User> {
      try {
        const [row] = await db.query<UserRow>(
          `INSERT INTO users (username, email, name, root_role_id, password_hash, is_service)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
          [
            user.username ?? null,
            user.email ?? null,
            user.name ?? null,
            user.rootRole,
            user.passwordHash ?? null,
            user.isService ?? false,
          ],
        );
        return toUser(row!);
      } catch (error) {
        if (isUniqueViolation(error))
          throw new NameExistsError('A user with that username or email already exists');
        throw error;
      }
    },
    async findById(id: number): Promise<User | undefined> {
      const [row] = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`,
        [id],
      );
      return row && toUser(row);
    },
    /** A person, not a service account: what the user-admin operations act on. */
    async findPersonById(id: number): Promise<User | undefined> {
      const [row] = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL AND NOT is_service`,
        [id],
      );
      return row && toUser(row);
    },
    /** Finds a person by username or email, with the password hash for login. Service accounts never sign in. */
    async findForLogin(login: string): Promise<{ user: User; passwordHash: string | null } | undefined> {
      const [row] = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE (lower(username) = lower($1) OR lower(email) = lower($1))
           AND deleted_at IS NULL AND deactivated_at IS NULL AND NOT is_service`,
        [login],
      );
      return row && { user: toUser(row), passwordHash: row.password_hash };
    },
    /** A person by email address, for password-reset requests. */
    async findPersonByEmail(email: string): Promise<User | undefined> {
      const [row] = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL AND deactivated_at IS NULL AND NOT is_service`,
        [email],
      );
      return row && toUser(row);
    },
    async passwordHashOf(id: number): Promise<string | null | undefined> {
      const [row] = await db.query<{ password_hash: string | null }>(
        'SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL',
        [id],
      );
      return row?.password_hash;
    },
    /**
     * A new password also ends the personal access tokens made under the old one: whoever took the account and minted
     * a token must not keep it once the owner changed or reset the password. (Sessions: the caller decides which.)
     */
    async setPasswordHash(id: number, passwordHash: string): Promise<void> {
      await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
      await db.query('DELETE FROM personal_access_tokens WHERE user_id = $1', [id]);
    },
    async count(): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM users WHERE NOT is_service',
      );
      return row!.count;
    },
    async list(options: { service?: boolean } = {}): Promise<User[]> {
      const rows = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE deleted_at IS NULL AND is_service = $1 ORDER BY id`,
        [options.service ?? false],
      );
      return rows.map(toUser);
    },
    /** People whose name, username or email contains the text, case-insensitively; at most `limit`. */
    async search(text: string, limit = 100): Promise<User[]> {
      const rows = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE deleted_at IS NULL AND NOT is_service
           AND (name ILIKE $1 OR username ILIKE $1 OR email ILIKE $1) ORDER BY id LIMIT $2`,
        [`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit],
      );
      return rows.map(toUser);
    },
    /** People not seen (or, never seen, not created) within the last `days` days. */
    async inactive(days: number): Promise<User[]> {
      const rows = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE deleted_at IS NULL AND NOT is_service
           AND COALESCE(seen_at, created_at) < now() - make_interval(days => $1) ORDER BY id`,
        [days],
      );
      return rows.map(toUser);
    },
    /** How many admins there are: people with and without a password, and service accounts. */
    async adminCount(): Promise<{ password: number; noPassword: number; service: number }> {
      const [row] = await db.query<{ password: number; no_password: number; service: number }>(
        `SELECT count(*) FILTER (WHERE NOT is_service AND password_hash IS NOT NULL)::int AS password,
                count(*) FILTER (WHERE NOT is_service AND password_hash IS NULL)::int AS no_password,
                count(*) FILTER (WHERE is_service)::int AS service
           FROM users WHERE deleted_at IS NULL AND root_role_id = 1`,
      );
      return { password: row!.password, noPassword: row!.no_password, service: row!.service };
    },
    async update(id: number, change: { email?: string; name?: string; rootRole?: number }): Promise<User> {
      const [row] = await db.query<UserRow>(
        `UPDATE users SET email = COALESCE($2, email), name = COALESCE($3, name),
           root_role_id = COALESCE($4, root_role_id)
         WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, change.email ?? null, change.name ?? null, change.rootRole ?? null],
      );
      return toUser(row!);
    },
    /** Soft delete: the row stays so events keep a name, but the user can no longer sign in. */
    async delete(id: number): Promise<void> {
      await db.query('UPDATE users SET deleted_at = now(), username = NULL, email = NULL WHERE id = $1', [
        id,
      ]);
      await endCredentials(id);
    },
    /** The people an identity provider manages through SCIM. */
    async listScim(): Promise<User[]> {
      const rows = await db.query<UserRow>(
        `SELECT ${COLUMNS} FROM users WHERE deleted_at IS NULL AND scim_id IS NOT NULL ORDER BY id`,
      );
      return rows.map(toUser);
    },
    /**
     * Deactivates or reactivates a person. Deactivating ends every session and personal access token at once, in the
     * caller's transaction, so nothing the user held survives the change.
     */
    async setActive(id: number, active: boolean): Promise<void> {
      await db.query(
        `UPDATE users SET deactivated_at = CASE WHEN $2 THEN NULL ELSE COALESCE(deactivated_at, now()) END
          WHERE id = $1`,
        [id, active],
      );
      if (!active) await endCredentials(id);
    },
    async markSeen(id: number): Promise<void> {
      await db.query('UPDATE users SET seen_at = now() WHERE id = $1', [id]);
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
