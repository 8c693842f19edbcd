import type { Db } from '../../../db/db.ts';
import { NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import {
  type ArchiveCandidate,
  type CodeReference,
  type CodeReferenceScan,
  DEFAULT_UNUSED_DAYS,
} from './code-reference.ts';
import { createCodeReferenceStore } from './code-reference-store.ts';

const DAY = 86_400_000;

export type UploadResult = { stored: number; unknownFlags: string[] };

/** Code references: uploads of what a scan found, where a flag is used, and which flags are safe to archive. */
export function createCodeReferenceService(db: Db, now: () => number = Date.now) {
  const store = createCodeReferenceStore(db);
  const events = createEventStore(db);

  async function projectExists(projectId: string): Promise<void> {
    const [row] = await db.query('SELECT 1 FROM projects WHERE id = $1', [projectId]);
    if (!row) throw new NotFoundError(`Could not find project "${projectId}"`);
  }

  return {
    /**
     * Replaces the references of the scan's repository and branch in the project. Names of flags the project does
     * not have are not stored (a repository may use flags of several projects, each uploaded to its own): they are
     * answered, so a typo shows.
     */
    async upload(projectId: string, scan: CodeReferenceScan, by: Actor): Promise<UploadResult> {
      await projectExists(projectId);
      const names = [...new Set(scan.references.map((reference) => reference.flag))];
      const known = await store.flagsOfProject(projectId, names);
      // The event first: it passes the write gate (maintenance mode) before anything changes.
      await events.append({
        type: 'code-references-updated',
        createdBy: by.name,
        createdByUserId: by.userId,
        project: projectId,
        data: {
          repository: scan.repository,
          branch: scan.branch,
          commit: scan.commit ?? null,
          references: scan.references.filter((reference) => known.has(reference.flag)).length,
          flags: names.filter((name) => known.has(name)).length,
        },
      });
      const stored = await store.replace(projectId, scan, known);
      return { stored, unknownFlags: names.filter((name) => !known.has(name)).sort() };
    },

    async ofFlag(projectId: string, flagName: string): Promise<CodeReference[]> {
      const [flag] = await db.query('SELECT 1 FROM flags WHERE name = $1 AND project_id = $2', [
        flagName,
        projectId,
      ]);
      if (!flag) throw new NotFoundError(`Could not find flag "${flagName}" in project "${projectId}"`);
      return store.ofFlag(flagName);
    },

    async safeToArchive(projectId: string, unusedDays = DEFAULT_UNUSED_DAYS): Promise<ArchiveCandidate[]> {
      await projectExists(projectId);
      return store.archiveCandidates(projectId, new Date(now() - unusedDays * DAY));
    },
  };
}
