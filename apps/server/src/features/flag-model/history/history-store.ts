import type { Db } from '../../../db/db.ts';
import type { HistoryEntries } from './history.ts';

/** A reconstructed moment: the recording in force at an instant and the entries it leaves. */
export type RecordedMoment = { recordingId: number; recordedAt: Date; entries: HistoryEntries };

/** One recorded change of a flag in an environment, with the events of its transaction. */
export type FlagChangeRow = { recordingId: number; recordedAt: Date; eventIds: number[]; value: unknown };

/** Reads the served history that history-recorder.ts writes (decision record 0041). */
export function createHistoryStore(db: Db) {
  /**
   * The entries after a recording: the nearest checkpoint at or before it, then of the changes since only the last
   * of each key (one query; a key changed many times since the checkpoint is read, and parsed, once).
   */
  const entriesAfter = async (environment: string, recordingId: number): Promise<HistoryEntries> => {
    const rows = await db.query<{ key: string | null; value: unknown }>(
      `WITH base AS (
         SELECT id, checkpoint FROM served_recordings
          WHERE environment = $1 AND checkpoint IS NOT NULL AND id <= $2 ORDER BY id DESC LIMIT 1)
       SELECT NULL AS key, checkpoint AS value FROM base
       UNION ALL
       (SELECT DISTINCT ON (key) key, value FROM served_changes
         WHERE environment = $1 AND recording_id > coalesce((SELECT id FROM base), 0) AND recording_id <= $2
         ORDER BY key, recording_id DESC)`,
      [environment, recordingId],
    );
    const checkpoint = rows.find((row) => row.key === null)?.value as Record<string, unknown> | undefined;
    const entries: HistoryEntries = new Map(Object.entries(checkpoint ?? {}));
    for (const { key, value } of rows) {
      if (key === null) continue;
      if (value === null) entries.delete(key);
      else entries.set(key, value);
    }
    return entries;
  };

  return {
    entriesAfter,
    /** The moment in force at `at`: undefined before the environment's history begins. */
    async momentAt(environment: string, at: Date): Promise<RecordedMoment | undefined> {
      const [recording] = await db.query<{ id: number; recorded_at: Date }>(
        `SELECT id, recorded_at FROM served_recordings
          WHERE environment = $1 AND recorded_at <= $2 ORDER BY recorded_at DESC, id DESC LIMIT 1`,
        [environment, at],
      );
      if (!recording) return undefined;
      return {
        recordingId: recording.id,
        recordedAt: recording.recorded_at,
        entries: await entriesAfter(environment, recording.id),
      };
    },
    /** When the environment's history begins, if it does. */
    async beginning(environment: string): Promise<Date | undefined> {
      const [row] = await db.query<{ at: Date | null }>(
        'SELECT min(recorded_at) AS at FROM served_recordings WHERE environment = $1',
        [environment],
      );
      return row?.at ?? undefined;
    },
    /** Every instant a recording was made in an environment, oldest first. */
    async instants(
      environment: string,
      limit = 10_000,
    ): Promise<{ recordingId: number; recordedAt: Date }[]> {
      const rows = await db.query<{ id: number; recorded_at: Date }>(
        'SELECT id, recorded_at FROM served_recordings WHERE environment = $1 ORDER BY id LIMIT $2',
        [environment, limit],
      );
      return rows.map((row) => ({ recordingId: row.id, recordedAt: row.recorded_at }));
    },
    /** The newest changes of one entry first. */
    async changesOf(environment: string, key: string, limit: number): Promise<FlagChangeRow[]> {
      const rows = await db.query<{
        recording_id: number;
        recorded_at: Date;
        event_ids: number[];
        value: unknown;
      }>(
        `SELECT c.recording_id, r.recorded_at, r.event_ids, c.value
           FROM served_changes c JOIN served_recordings r ON r.id = c.recording_id
          WHERE c.environment = $1 AND c.key = $2 ORDER BY c.recording_id DESC LIMIT $3`,
        [environment, key, limit],
      );
      return rows.map((row) => ({
        recordingId: row.recording_id,
        recordedAt: row.recorded_at,
        eventIds: (row.event_ids ?? []).map(Number),
        value: row.value,
      }));
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
