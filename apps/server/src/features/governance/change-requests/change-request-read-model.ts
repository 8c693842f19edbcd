import { allows, type PermissionName } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { createAccessReadModel } from '../access/access-read-model.ts';
import type { Caller } from './caller.ts';
import { type ChangeRequest, countByState, OPEN_STATES, type State } from './change-request.ts';
import { createChangeRequestStore } from './change-request-store.ts';

export type SearchQuery = {
  createdBy?: number;
  requestedApprover?: number;
  /** Open or closed states, or exactly one state. */
  states?: readonly State[];
  offset: number;
  limit: number;
  hiddenProjects: readonly string[];
};

/** A person as the reviewer lists answer them. */
type ReviewerRow = { id: number; email: string | null; username: string | null; name: string | null };

/** People asked to review, at most this many scanned for who may approve. */
const MAX_REVIEWER_CANDIDATES = 1000;

/** Others' drafts are private: the SQL condition that leaves them out for the caller. */
const VISIBLE = (param: number) =>
  `(cr.state <> 'Draft' OR (cr.created_by_user_id IS NOT DISTINCT FROM $${param} AND cr.created_by = $${param + 1}))`;

/** Queries across change requests: lists, counts, search and who may review. */
export function createChangeRequestReadModel(db: Db) {
  const store = createChangeRequestStore(db);
  const who = (caller: Caller) => [caller.actor.userId, caller.actor.name];

  return {
    async list(project: string, caller: Caller): Promise<ChangeRequest[]> {
      return store.load(await store.ids(`cr.project = $1 AND ${VISIBLE(2)}`, [project, ...who(caller)]));
    },
    async count(project: string) {
      const rows = await db.query<{ state: State }>(
        `SELECT state FROM change_requests WHERE project = $1 AND state <> 'Draft'`,
        [project],
      );
      return countByState(rows.map((row) => row.state));
    },
    /** The caller's own open requests in the project. */
    async pending(project: string, caller: Caller): Promise<ChangeRequest[]> {
      const ids = await store.ids(
        `cr.project = $1 AND cr.state = ANY($2) AND cr.created_by_user_id IS NOT DISTINCT FROM $3 AND cr.created_by = $4`,
        [project, OPEN_STATES, ...who(caller)],
      );
      return store.load(ids);
    },
    /** Open requests that change the flag (others' drafts left out). */
    async pendingForFlag(project: string, flag: string, caller: Caller): Promise<ChangeRequest[]> {
      const ids = await store.ids(
        `cr.project = $1 AND cr.state = ANY($2) AND ${VISIBLE(3)}
         AND EXISTS (SELECT 1 FROM change_request_changes c WHERE c.change_request_id = cr.id AND c.flag_name = $5)`,
        [project, OPEN_STATES, ...who(caller), flag],
      );
      return store.load(ids);
    },
    /** Scheduled requests touching any of the flags, strategies or flags' variants named. */
    async scheduled(
      project: string,
      query: { features: string[]; strategyIds: string[]; variantsOf: string[] },
    ) {
      if (!query.features.length && !query.strategyIds.length && !query.variantsOf.length) return [];
      return db.query<{ id: number; environment: string; title: string | null }>(
        `SELECT DISTINCT cr.id, cr.environment, cr.title FROM change_requests cr
           JOIN change_request_changes c ON c.change_request_id = cr.id
          WHERE cr.project = $1 AND cr.state = 'Scheduled'
            AND (c.flag_name = ANY($2) OR c.payload->>'id' = ANY($3)
                 OR (c.action = 'patchVariant' AND c.flag_name = ANY($4)))
          ORDER BY cr.id`,
        [project, query.features, query.strategyIds, query.variantsOf],
      );
    },
    /** How many requests the caller can move on now: approve others' in review, apply approved ones. */
    async actionable(project: string, caller: Caller): Promise<number> {
      const rows = await db.query<{ state: State; environment: string; author: number | null }>(
        `SELECT state, environment, created_by_user_id AS author FROM change_requests
          WHERE project = $1 AND state IN ('In review', 'Approved')`,
        [project],
      );
      return rows.filter((row) =>
        row.state === 'In review'
          ? row.author !== caller.actor.userId &&
            caller.may('APPROVE_CHANGE_REQUEST', project, row.environment)
          : caller.may('APPLY_CHANGE_REQUEST', project, row.environment),
      ).length;
    },
    async search(query: SearchQuery, caller: Caller): Promise<{ requests: ChangeRequest[]; total: number }> {
      const where = [VISIBLE(1), 'NOT (cr.project = ANY($3))'];
      const params: unknown[] = [...who(caller), query.hiddenProjects];
      if (query.createdBy !== undefined) {
        params.push(query.createdBy);
        where.push(`cr.created_by_user_id = $${params.length}`);
      }
      if (query.requestedApprover !== undefined) {
        params.push(query.requestedApprover);
        where.push(
          `EXISTS (SELECT 1 FROM change_request_reviewers r WHERE r.change_request_id = cr.id AND r.user_id = $${params.length})`,
        );
      }
      if (query.states !== undefined) {
        params.push(query.states);
        where.push(`cr.state = ANY($${params.length})`);
      }
      const filter = where.join(' AND ');
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM change_requests cr WHERE ${filter}`,
        params,
      );
      const ids = await db.query<{ id: number }>(
        `SELECT cr.id FROM change_requests cr WHERE ${filter} ORDER BY cr.id DESC
          OFFSET ${query.offset} LIMIT ${query.limit}`,
        params,
      );
      return { requests: await store.load(ids.map((row) => row.id)), total: count?.total ?? 0 };
    },
    /** Active users who may approve change requests there. */
    async availableReviewers(project: string, environment: string) {
      const [approvers] = await holders(project, [{ permission: 'APPROVE_CHANGE_REQUEST', environment }]);
      return approvers ?? [];
    },
    /**
     * Who may approve in each of the environments, and who may change the project's access (and so give someone a
     * role that approves there): one scan of the users for all of them.
     */
    async approversOf(project: string, environments: readonly string[]) {
      const lists = await holders(project, [
        ...environments.map((environment) => ({
          permission: 'APPROVE_CHANGE_REQUEST' as const,
          environment,
        })),
        { permission: 'PROJECT_USER_ACCESS_WRITE' },
      ]);
      return {
        environments: environments.map((environment, index) => ({ environment, approvers: lists[index]! })),
        grantors: lists[environments.length]!,
      };
    },
  };

  /** For each check, the active users who hold its permission in the project (and environment, when it names one). */
  async function holders(
    project: string,
    checks: readonly { permission: PermissionName; environment?: string }[],
  ) {
    const users = await db.query<ReviewerRow & { root_role_id: number }>(
      `SELECT id, email, username, name, root_role_id FROM users
        WHERE NOT is_service AND deleted_at IS NULL ORDER BY id LIMIT ${MAX_REVIEWER_CANDIDATES}`,
    );
    const access = createAccessReadModel(db);
    const lists: ReviewerRow[][] = checks.map(() => []);
    for (const { root_role_id: rootRole, ...user } of users) {
      const held = await access.accessOfUser(user.id, rootRole);
      checks.forEach((check, index) => {
        const scope = {
          projects: [project],
          ...(check.environment ? { environments: [check.environment] } : {}),
        };
        if (allows(held, check.permission, scope)) lists[index]!.push(user);
      });
    }
    return lists;
  }
}
