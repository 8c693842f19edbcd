import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from './operations.ts';

/**
 * Admin paths the UI does not call on purpose: they serve machines and scripts, not people. Each needs a reason;
 * anything else the server publishes under /api/admin should have a screen or an action.
 */
const forMachines: Record<string, string> = {
  // Unleash 3's flag API, kept for old scripts; the UI uses the project-scoped paths.
  '/api/admin/features': 'legacy flag list and create',
  '/api/admin/features/{featureName}': 'legacy flag read, update and archive',
  '/api/admin/features/{featureName}/toggle': 'legacy toggle',
  '/api/admin/features/{featureName}/toggle/on': 'legacy toggle on',
  '/api/admin/features/{featureName}/toggle/off': 'legacy toggle off',
  '/api/admin/features/{featureName}/stale/on': 'legacy stale mark',
  '/api/admin/features/{featureName}/stale/off': 'legacy stale unmark',
  // Unleash 3's metrics views, replaced by applications and flag usage.
  '/api/admin/metrics/seen-toggles': 'legacy seen-flags list',
  '/api/admin/metrics/seen-apps': 'legacy seen-applications list',
  '/api/admin/metrics/feature-toggles': 'legacy flag metrics',
  '/api/admin/metrics/feature-toggles/{featureName}': 'legacy flag metric',
  // Whole-instance state files, replaced by the export and import of flags.
  '/api/admin/state/export': 'legacy state export for scripts',
  '/api/admin/state/import': 'legacy state import for scripts',
  // `switchyard refs --upload` sends a scan from a repository or CI; the flag page shows the result.
  '/api/admin/projects/{projectId}/code-references': 'code references upload from the refs scanner',
  // Called by the identity provider's clean-up, not by a person.
  '/api/admin/groups/scim-groups': 'SCIM bulk delete',
  '/api/admin/user-admin/scim-users': 'SCIM bulk delete',
  // Token lookup by name for deployment scripts; the token screen lists them all.
  '/api/admin/api-tokens/{name}': 'script lookup of tokens',
};

describe('the admin UI', () => {
  it('names at least 85% of the admin paths that serve people', () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const openapi = JSON.parse(readFileSync(path.join(root, 'apps/server/openapi.json'), 'utf8')) as {
      paths: Record<string, unknown>;
    };
    const admin = Object.keys(openapi.paths).filter((p) => p.startsWith('/api/admin'));
    for (const excluded of Object.keys(forMachines)) expect(admin).toContain(excluded);
    const forPeople = admin.filter((p) => !(p in forMachines));
    const named = new Set<string>(Object.values(operations).map(([, p]) => p));
    const missing = forPeople.filter((p) => !named.has(p));
    const share = (forPeople.length - missing.length) / forPeople.length;
    console.info(
      `[admin] names ${forPeople.length - missing.length} of ${forPeople.length} admin paths for people ` +
        `(${(share * 100).toFixed(1)}%; ${Object.keys(forMachines).length} left to machines). Missing: ${missing.join(', ')}`,
    );
    expect(share).toBeGreaterThanOrEqual(0.85);
  });
});
