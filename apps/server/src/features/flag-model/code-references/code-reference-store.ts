import type { Db } from '../../../db/db.ts';
import { POTENTIALLY_STALE } from '../projects/project-store.ts';
import type { ArchiveCandidate, CodeReference, CodeReferenceScan } from './code-reference.ts';

type ReferenceRow = {
  repository: string;
  branch: string;
  repository_url: string | null;
  commit_sha: string | null;
  file: string;
  line: number;
  column_number: number | null;
  method: string | null;
  scanned_at: Date;
};

export function createCodeReferenceStore(db: Db) {
  return {
    /** The names among `names` of flags of the project, archived ones included (their references still matter). */
    async flagsOfProject(projectId: string, names: string[]): Promise<Set<string>> {
      if (names.length === 0) return new Set();
      const rows = await db.query<{ name: string }>(
        'SELECT name FROM flags WHERE project_id = $1 AND name = ANY($2::text[])',
        [projectId, names],
      );
      return new Set(rows.map((row) => row.name));
    },

    /** Replaces the references of one repository's branch in a project by those of the scan. */
    async replace(projectId: string, scan: CodeReferenceScan, known: Set<string>): Promise<number> {
      await db.query(
        `INSERT INTO code_reference_scans (project_id, repository, branch, repository_url, commit_sha, scanned_at)
         VALUES ($1, $2, $3, $4, $5, now())
         ON CONFLICT (project_id, repository, branch)
         DO UPDATE SET repository_url = EXCLUDED.repository_url, commit_sha = EXCLUDED.commit_sha, scanned_at = now()`,
        [projectId, scan.repository, scan.branch, scan.repositoryUrl ?? null, scan.commit ?? null],
      );
      await db.query(
        'DELETE FROM code_references WHERE project_id = $1 AND repository = $2 AND branch = $3',
        [projectId, scan.repository, scan.branch],
      );
      const kept = scan.references.filter((reference) => known.has(reference.flag));
      // One statement per upload: the arrays unnest into rows side by side.
      if (kept.length)
        await db.query(
          `INSERT INTO code_references (project_id, repository, branch, flag_name, file, line, column_number, method)
           SELECT $1, $2, $3, r.flag, r.file, r.line, r.column_number, r.method
             FROM unnest($4::text[], $5::text[], $6::int[], $7::int[], $8::text[])
                  AS r (flag, file, line, column_number, method)`,
          [
            projectId,
            scan.repository,
            scan.branch,
            kept.map((r) => r.flag),
            kept.map((r) => r.file),
            kept.map((r) => r.line),
            kept.map((r) => r.column ?? null),
            kept.map((r) => r.method ?? null),
          ],
        );
      return kept.length;
    },

    async ofFlag(flagName: string): Promise<CodeReference[]> {
      const rows = await db.query<ReferenceRow>(
        `SELECT r.repository, r.branch, s.repository_url, s.commit_sha, r.file, r.line, r.column_number, r.method,
                s.scanned_at
           FROM code_references r
           JOIN code_reference_scans s USING (project_id, repository, branch)
          WHERE r.flag_name = $1
          ORDER BY r.repository, r.branch, r.file, r.line, r.column_number NULLS FIRST`,
        [flagName],
      );
      return rows.map((row) => ({
        repository: row.repository,
        branch: row.branch,
        repositoryUrl: row.repository_url,
        commit: row.commit_sha,
        file: row.file,
        line: row.line,
        column: row.column_number,
        method: row.method,
        scannedAt: row.scanned_at,
      }));
    },

    /**
     * Flags of the project that are completed, marked stale or past their type's expected lifetime, that no SDK
     * reported using since `unusedSince`, and that no uploaded scan names.
     */
    async archiveCandidates(projectId: string, unusedSince: Date): Promise<ArchiveCandidate[]> {
      const rows = await db.query<{
        name: string;
        type: string;
        created_at: Date;
        last_seen_at: Date | null;
        completed: boolean;
        stale: boolean;
      }>(
        `SELECT f.name, f.type, f.created_at,
                greatest(f.last_seen_at, (SELECT max(fe.last_seen_at) FROM flag_environments fe
                                           WHERE fe.flag_name = f.name)) AS last_seen_at,
                (c.flag_name IS NOT NULL) AS completed, f.stale
           FROM flags f
           LEFT JOIN flag_types ft ON ft.id = f.type
           LEFT JOIN flag_completions c ON c.flag_name = f.name
          WHERE f.project_id = $1 AND f.archived_at IS NULL
            AND (c.flag_name IS NOT NULL OR f.stale OR ${POTENTIALLY_STALE})
            AND (f.last_seen_at IS NULL OR f.last_seen_at < $2)
            AND NOT EXISTS (SELECT 1 FROM flag_environments fe
                             WHERE fe.flag_name = f.name AND fe.last_seen_at >= $2)
            AND NOT EXISTS (SELECT 1 FROM client_metrics m
                             WHERE m.flag_name = f.name AND m.hour >= $2 AND m.yes + m.no > 0)
            AND NOT EXISTS (SELECT 1 FROM code_references r WHERE r.flag_name = f.name)
          ORDER BY f.created_at, f.name`,
        [projectId, unusedSince],
      );
      return rows.map((row) => ({
        name: row.name,
        type: row.type,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
        reason: row.completed ? 'completed' : row.stale ? 'stale' : 'potentially-stale',
      }));
    },
  };
}
