import type { Access } from '@switchyard/access';
import type { Db } from '../../../db/db.ts';
import { assertMayWriteDirectly, type ChangeRequestFacts } from '../../../http/change-request-guard.ts';
import type { State } from './legacy-state.ts';
import type { ImportOptions } from './legacy-state-import.ts';

/**
 * Which environments of which projects an import writes to, as change requests see it: the environments the file
 * enables, disables or gives strategies to, in the project of each flag (the file's, else the flag's own, else
 * `default`); with `drop`, every environment of every project, as every flag is deleted first.
 */
export async function importedEnvironments(
  db: Db,
  state: State,
  options: ImportOptions,
): Promise<Map<string, Set<string> | 'all'>> {
  const written = new Map<string, Set<string> | 'all'>();
  if (options.drop) {
    for (const { id } of await db.query<{ id: string }>('SELECT id FROM projects')) written.set(id, 'all');
    return written;
  }
  const existing = new Map(
    (await db.query<{ name: string; project_id: string }>('SELECT name, project_id FROM flags')).map(
      (row) => [row.name, row.project_id],
    ),
  );
  const fileProject = new Map(state.features.map((flag) => [flag.name, flag.project]));
  const projectOf = (flag: string, named?: string) =>
    named ?? fileProject.get(flag) ?? existing.get(flag) ?? 'default';
  const add = (project: string, environment: string) => {
    const environments = written.get(project) ?? new Set<string>();
    if (environments !== 'all') environments.add(environment);
    written.set(project, environments);
  };
  for (const entry of state.featureEnvironments) add(projectOf(entry.featureName), entry.environment);
  for (const entry of state.featureStrategies)
    add(projectOf(entry.featureName, entry.projectId), entry.environment);
  return written;
}

/**
 * Refuses an import that would write directly where change requests are on, unless the caller holds
 * SKIP_CHANGE_REQUEST there: the same rule as every direct write (ADMIN does not imply it; decision record 0007).
 */
export async function assertImportMayWriteDirectly(
  db: Db,
  state: State,
  options: ImportOptions,
  access: Access,
  facts: Pick<ChangeRequestFacts, 'changeRequestEnvironments'>,
): Promise<void> {
  for (const [project, environments] of await importedEnvironments(db, state, options)) {
    await assertMayWriteDirectly(project, environments === 'all' ? 'all' : [...environments], access, facts);
  }
}
