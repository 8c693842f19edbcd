import type { Db } from '../../../db/db.ts';
import { isUniqueViolation } from '../../../db/postgres-errors.ts';
import { NameExistsError } from '../../../http/errors.ts';
import type { Constraint } from '../flags/flag.ts';
import type { Segment } from './segment.ts';

type SegmentRow = {
  id: number;
  name: string;
  description: string | null;
  project_id: string | null;
  constraints: Constraint[];
  created_by: string | null;
  created_at: Date;
  used_in_flags: number;
  used_in_projects: number;
};

const toSegment = (row: SegmentRow): Segment => ({
  id: row.id,
  name: row.name,
  description: row.description,
  project: row.project_id,
  constraints: row.constraints,
  createdBy: row.created_by,
  createdAt: row.created_at,
  usedInFlags: row.used_in_flags,
  usedInProjects: row.used_in_projects,
});

/**
 * A segment with how many flags and projects use it. Archived flags count as users too: their strategies keep the
 * segment and get it back when revived. Flags of `hidden` (the projects the caller may not see, at $1) do not count.
 */
const SELECT = `
  SELECT s.*,
    (SELECT count(DISTINCT f.name)::int FROM flag_strategy_segments fss
       JOIN flag_strategies fs ON fs.id = fss.strategy_id JOIN flags f ON f.name = fs.flag_name
       WHERE fss.segment_id = s.id AND NOT (f.project_id = ANY($1))) AS used_in_flags,
    (SELECT count(DISTINCT f.project_id)::int FROM flag_strategy_segments fss
       JOIN flag_strategies fs ON fs.id = fss.strategy_id JOIN flags f ON f.name = fs.flag_name
       WHERE fss.segment_id = s.id AND NOT (f.project_id = ANY($1))) AS used_in_projects
  FROM segments s`;

export type SegmentRecord = {
  name: string;
  description: string | null;
  project: string | null;
  constraints: Constraint[];
};

/** The 409 for a segment name in use, naming the field. */
export function nameTaken(name: string): NameExistsError {
  return new NameExistsError(`A segment named "${name}" already exists`, [
    { message: `a segment named "${name}" already exists`, path: '/body/name' },
  ]);
}

export function createSegmentStore(db: Db) {
  return {
    /** Every segment but those of `hidden` projects. */
    async list(hidden: readonly string[] = []): Promise<Segment[]> {
      const rows = await db.query<SegmentRow>(
        `${SELECT} WHERE s.project_id IS NULL OR NOT (s.project_id = ANY($1)) ORDER BY s.id`,
        [hidden],
      );
      return rows.map(toSegment);
    },
    async get(id: number, hidden: readonly string[] = []): Promise<Segment | undefined> {
      const [row] = await db.query<SegmentRow>(`${SELECT} WHERE s.id = $2`, [hidden, id]);
      return row && toSegment(row);
    },
    async findIdByName(name: string): Promise<number | undefined> {
      const [row] = await db.query<{ id: number }>('SELECT id FROM segments WHERE name = $1', [name]);
      return row?.id;
    },
    async listForStrategy(strategyId: string, hidden: readonly string[] = []): Promise<Segment[]> {
      const rows = await db.query<SegmentRow>(
        `${SELECT} JOIN flag_strategy_segments link ON link.segment_id = s.id
         WHERE link.strategy_id = $2 ORDER BY s.id`,
        [hidden, strategyId],
      );
      return rows.map(toSegment);
    },
    async listByIds(ids: number[]): Promise<Segment[]> {
      const rows = await db.query<SegmentRow>(`${SELECT} WHERE s.id = ANY($2) ORDER BY s.id`, [[], ids]);
      return rows.map(toSegment);
    },
    async insert(segment: SegmentRecord, createdBy: string): Promise<number> {
      try {
        const [row] = await db.query<{ id: number }>(
          `INSERT INTO segments (name, description, project_id, constraints, created_by)
           VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [
            segment.name,
            segment.description,
            segment.project,
            JSON.stringify(segment.constraints),
            createdBy,
          ],
        );
        return row!.id;
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(segment.name);
        throw error;
      }
    },
    async update(id: number, segment: SegmentRecord): Promise<void> {
      try {
        await db.query(
          'UPDATE segments SET name = $2, description = $3, project_id = $4, constraints = $5 WHERE id = $1',
          [id, segment.name, segment.description, segment.project, JSON.stringify(segment.constraints)],
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken(segment.name);
        throw error;
      }
    },
    async delete(id: number): Promise<void> {
      await db.query('DELETE FROM segments WHERE id = $1', [id]);
    },
  };
}
