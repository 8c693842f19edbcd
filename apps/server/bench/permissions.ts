/**
 * The `permissions` scenario of `npm run bench`: what authorization costs per admin request.
 * - the decision: `allows()` for a principal holding a root role, 50 project roles and a custom role with environment
 *   permissions, over a mix of root, project and environment checks (target < 0.05 ms);
 * - resolving what a signed-in user holds from the database (its roles, its groups' roles and custom roles), which
 *   every admin request by a user who is not an Admin does once, on the embedded database or DATABASE_URL.
 */
import {
  allows,
  buildAccess,
  type PermissionName,
  predefinedRole,
  type ProjectRoleGrant,
  type Role,
  type Scope,
} from '@switchyard/access';
import { createAccessReadModel } from '../src/features/governance/access/access-read-model.ts';
import { createTestDb } from '../src/testing/test-db.ts';

export type PermissionRow = { case: string; iterations: number; microsecondsPerCall: number };

const PROJECTS = 50;
const contractor: Role = {
  id: 101,
  name: 'Contractor',
  description: null,
  type: 'custom',
  permissions: [
    { permission: 'UPDATE_FEATURE_ENVIRONMENT', environment: 'development' },
    { permission: 'CREATE_FEATURE_STRATEGY', environment: 'development' },
    { permission: 'UPDATE_FEATURE' },
  ],
};

const CHECKS: [PermissionName, Scope][] = [
  ['READ', {}],
  ['CREATE_SEGMENT', {}],
  ['CREATE_FEATURE', { projects: ['project-25'] }],
  ['UPDATE_FEATURE_ENVIRONMENT', { projects: ['project-49'], environments: ['production'] }],
  ['UPDATE_FEATURE_ENVIRONMENT', { projects: ['contracted'], environments: ['development'] }],
  ['DELETE_PROJECT', { projects: ['project-3'] }],
  ['PROJECT_USER_ACCESS_WRITE', { projects: ['project-7'] }],
  ['UPDATE_FEATURE_STRATEGY', { projects: ['nowhere'], environments: ['production'] }],
];

function time(iterations: number, fn: (i: number) => unknown): number {
  for (let i = 0; i < Math.min(iterations, 10_000); i++) fn(i);
  const started = performance.now();
  for (let i = 0; i < iterations; i++) fn(i);
  return ((performance.now() - started) * 1000) / iterations;
}

async function timeAsync(iterations: number, fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  return ((performance.now() - started) * 1000) / iterations;
}

export async function measurePermissions(say: (message: string) => void): Promise<PermissionRow[]> {
  const grants: ProjectRoleGrant[] = Array.from({ length: PROJECTS }, (_, i) => ({
    project: `project-${i}`,
    role: predefinedRole(i % 2 ? 'Member' : 'Owner'),
  }));
  grants.push({ project: 'contracted', role: contractor });
  const access = buildAccess([predefinedRole('Editor')], grants);
  const rows: PermissionRow[] = [];
  const decisions = 1_000_000;
  say(
    `permissions: ${decisions} decisions over ${CHECKS.length} kinds of check, ${PROJECTS + 1} project roles held`,
  );
  rows.push({
    case: 'allows(): one decision',
    iterations: decisions,
    microsecondsPerCall: time(decisions, (i) => {
      const [permission, scope] = CHECKS[i % CHECKS.length]!;
      return allows(access, permission, scope);
    }),
  });
  rows.push({
    case: 'buildAccess(): from 51 held roles',
    iterations: 20_000,
    microsecondsPerCall: time(20_000, () => buildAccess([predefinedRole('Editor')], grants)),
  });

  const db = await createTestDb();
  try {
    say('permissions: a user with 20 direct project roles, 2 groups with 10 more, and a custom role');
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (username, root_role_id) VALUES ('bench-editor', 2) RETURNING id`,
    );
    const [role] = await db.query<{ id: number }>(
      `INSERT INTO roles (name, type) VALUES ('Contractor', 'custom') RETURNING id`,
    );
    await db.query(
      `INSERT INTO role_permissions (role_id, permission, environment) VALUES ($1, 'UPDATE_FEATURE_ENVIRONMENT', 'development')`,
      [role!.id],
    );
    for (let i = 0; i < 30; i++)
      await db.query(`INSERT INTO projects (id, name) VALUES ($1, $1)`, [`p-${i}`]);
    for (let i = 0; i < 20; i++)
      await db.query(`INSERT INTO project_members (project, user_id, role_id) VALUES ($1, $2, $3)`, [
        `p-${i}`,
        user!.id,
        i === 0 ? role!.id : 5,
      ]);
    for (const g of [1, 2]) {
      const [group] = await db.query<{ id: number }>(`INSERT INTO groups (name) VALUES ($1) RETURNING id`, [
        `g${g}`,
      ]);
      await db.query(`INSERT INTO group_users (group_id, user_id) VALUES ($1, $2)`, [group!.id, user!.id]);
      for (let i = 0; i < 5; i++)
        await db.query(`INSERT INTO project_groups (project, group_id, role_id) VALUES ($1, $2, 4)`, [
          `p-${20 + (g - 1) * 5 + i}`,
          group!.id,
        ]);
    }
    const model = createAccessReadModel(db);
    const lookups = 2_000;
    for (let i = 0; i < 200; i++) await model.accessOfUser(user!.id, 2);
    const started = performance.now();
    for (let i = 0; i < lookups; i++) await model.accessOfUser(user!.id, 2);
    rows.push({
      case: `resolving a user's roles from ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} (after a change)`,
      iterations: lookups,
      microsecondsPerCall: ((performance.now() - started) * 1000) / lookups,
    });
    const principal = { kind: 'user' as const, userId: user!.id, username: 'bench-editor', rootRole: 2 };
    await model.accessOf(principal);
    rows.push({
      case: 'the same, resolved once and cached until the next change',
      iterations: 100_000,
      microsecondsPerCall: await timeAsync(100_000, () => model.accessOf(principal)),
    });
  } finally {
    await db.close();
  }
  return rows;
}
