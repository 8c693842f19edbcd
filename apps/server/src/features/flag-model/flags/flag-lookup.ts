import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Flag, FlagEnvironment } from './flag.ts';
import { createFlagEnvironmentStore } from './flag-environment-store.ts';
import { createFlagStore, type ProjectRow } from './flag-store.ts';
import { mentionProject } from '../../../http/project-mention.ts';

/** The project named in the path, or a 404. */
export async function requireProject(db: Db, projectId: string): Promise<ProjectRow> {
  const project = await createFlagStore(db).getProject(projectId);
  if (!project) throw new NotFoundError(`Could not find project "${projectId}"`);
  return project;
}

/**
 * The active flag named in the path, in the project named in the path, or a 404. Archived flags are only
 * reachable through the archive endpoints.
 */
export async function requireFlag(db: Db, projectId: string, flagName: string): Promise<Flag> {
  await requireProject(db, projectId);
  const flag = await createFlagStore(db).get(flagName);
  if (!flag || flag.archivedAt)
    throw new NotFoundError(`Could not find flag "${flagName}" in project "${projectId}"`);
  if (flag.project !== projectId) {
    throw new NotFoundError(
      `Flag "${flagName}" belongs to ${mentionProject(flag.project)}, not to "${projectId}" as the path says`,
    );
  }
  return flag;
}

/** The flag and its state in an environment of its project, or a 404. */
export async function requireFlagEnvironment(
  db: Db,
  projectId: string,
  flagName: string,
  environment: string,
): Promise<{ flag: Flag; environment: FlagEnvironment }> {
  const flag = await requireFlag(db, projectId, flagName);
  const state = await createFlagEnvironmentStore(db).get(flagName, environment);
  if (!state) {
    throw new NotFoundError(
      `Environment "${environment}" does not exist or is not enabled in project "${projectId}"`,
    );
  }
  return { flag, environment: state };
}
