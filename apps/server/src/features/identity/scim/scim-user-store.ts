import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { signInNameTaken } from '../users/sign-in-names.ts';
import { ScimError, type ScimFilter, type ScimUser, type ScimUserInput } from './scim.ts';

type ScimUserRow = {
  id: number;
  scim_id: string;
  scim_external_id: string | null;
  username: string;
  email: string | null;
  name: string | null;
  deactivated_at: Date | null;
  created_at: Date;
};

const toScimUser = (row: ScimUserRow): ScimUser => ({
  id: row.scim_id,
  userId: row.id,
  externalId: row.scim_external_id,
  userName: row.username,
  email: row.email,
  name: row.name,
  active: row.deactivated_at === null,
  createdAt: row.created_at,
});

const COLUMNS = 'id, scim_id, scim_external_id, username, email, name, deactivated_at, created_at';
const LIVE = 'deleted_at IS NULL AND scim_id IS NOT NULL AND NOT is_service';
/** Filterable attributes and the column each one reads, compared case-insensitively as SCIM's userName is. */
const FILTER_COLUMNS: Record<string, string> = { userName: 'username', externalId: 'scim_external_id' };
export const USER_FILTERS = Object.keys(FILTER_COLUMNS);

const conflict = (userName: string) =>
  new ScimError(409, `A user with userName or email "${userName}" already exists`, 'uniqueness');
const taken = (error: unknown, userName: string) => (isUniqueViolation(error) ? conflict(userName) : error);

/** Refuses a userName or email another user signs in with, in any case (local users included). */
async function requireUnique(db: Db, input: ScimUserInput, except?: number): Promise<void> {
  if (await signInNameTaken(db, [input.userName, input.email], except)) throw conflict(input.userName);
}

/** The users SCIM provisions, by their SCIM id. Deactivation and deletion go through the user store. */
export function createScimUserStore(db: Db) {
  return {
    async insert(scimId: string, input: ScimUserInput, rootRole: number): Promise<ScimUser> {
      await requireUnique(db, input);
      try {
        const [row] = await db.query<ScimUserRow>(
          `INSERT INTO users (username, email, name, root_role_id, scim_id, scim_external_id)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
          [input.userName, input.email, input.name, rootRole, scimId, input.externalId],
        );
        return toScimUser(row!);
      } catch (error) {
        throw taken(error, input.userName);
      }
    },
    async findByScimId(scimId: string): Promise<ScimUser | undefined> {
      const [row] = await db.query<ScimUserRow>(
        `SELECT ${COLUMNS} FROM users WHERE scim_id = $1 AND ${LIVE}`,
        [scimId],
      );
      return row && toScimUser(row);
    },
    /** One page of SCIM users, oldest first, and how many match in all. */
    async list(
      filter: ScimFilter | undefined,
      page: { startIndex: number; count: number },
    ): Promise<{ users: ScimUser[]; total: number }> {
      const column = filter ? FILTER_COLUMNS[filter.attribute] : undefined;
      const where = column ? `${LIVE} AND lower(${column}) = lower($1)` : `${LIVE} AND $1::text IS NULL`;
      const params = [filter?.value ?? null];
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM users WHERE ${where}`,
        params,
      );
      const rows = await db.query<ScimUserRow>(
        `SELECT ${COLUMNS} FROM users WHERE ${where} ORDER BY id OFFSET $2 LIMIT $3`,
        [...params, page.startIndex - 1, page.count],
      );
      return { users: rows.map(toScimUser), total: count!.total };
    },
    async update(userId: number, input: ScimUserInput): Promise<void> {
      await requireUnique(db, input, userId);
      try {
        await db.query(
          'UPDATE users SET username = $2, email = $3, name = $4, scim_external_id = $5 WHERE id = $1',
          [userId, input.userName, input.email, input.name, input.externalId],
        );
      } catch (error) {
        throw taken(error, input.userName);
      }
    },
    /** Switchyard user ids of these SCIM ids; the first unknown one is reported. */
    async userIdsOf(scimIds: string[]): Promise<{ ids: number[]; unknown?: string }> {
      if (scimIds.length === 0) return { ids: [] };
      const rows = await db.query<{ id: number; scim_id: string }>(
        `SELECT id, scim_id FROM users WHERE scim_id = ANY($1) AND ${LIVE}`,
        [scimIds],
      );
      const byScimId = new Map(rows.map((row) => [row.scim_id, row.id]));
      const unknown = scimIds.find((id) => !byScimId.has(id));
      return { ids: scimIds.map((id) => byScimId.get(id)).filter((id) => id !== undefined), unknown };
    },
    /** SCIM ids of these Switchyard users (members of a group); users SCIM did not create have none. */
    async scimIdsOf(userIds: number[]): Promise<Map<number, string>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.query<{ id: number; scim_id: string }>(
        'SELECT id, scim_id FROM users WHERE id = ANY($1) AND scim_id IS NOT NULL',
        [userIds],
      );
      return new Map(rows.map((row) => [row.id, row.scim_id]));
    },
  };
}
