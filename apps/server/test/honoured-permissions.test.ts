import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANTABLE_PERMISSIONS, grants, isPermissionName, type PermissionName } from '@switchyard/access';
import { createTestApp, type TestApp } from '../src/testing/test-app.ts';

type Operation = {
  'x-permission'?: string;
  'x-project-permission'?: string;
  'x-permission-alternatives'?: string[];
};

/**
 * Permissions the change request rules check rather than a route: approving, applying and skipping a review act on a
 * change request's environment (features/governance/change-requests, http/change-request-guard.ts).
 */
const CHECKED_BY_CHANGE_REQUESTS: PermissionName[] = [
  'APPROVE_CHANGE_REQUEST',
  'APPLY_CHANGE_REQUEST',
  'SKIP_CHANGE_REQUEST',
];

let t: TestApp;
let declared: PermissionName[];
beforeAll(async () => {
  t = await createTestApp();
  const doc = (await t.app.inject('/docs/openapi.json')).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const names = Object.values(doc.paths)
    .flatMap((item) => Object.values(item))
    .flatMap((op) => [
      op['x-permission'],
      op['x-project-permission'],
      ...(op['x-permission-alternatives'] ?? []),
    ]);
  declared = [...new Set(names)].filter((name): name is PermissionName => isPermissionName(name ?? ''));
});
afterAll(() => t.close());

describe('every permission a custom role may hold', () => {
  it('is honoured by at least one operation: declared by it, or included in what it declares', () => {
    const dead = GRANTABLE_PERMISSIONS.filter(
      (held) =>
        !CHECKED_BY_CHANGE_REQUESTS.includes(held) && !declared.some((required) => grants([held], required)),
    );
    expect(dead).toEqual([]);
  });
});
