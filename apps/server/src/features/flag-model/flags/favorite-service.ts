import type { Db } from '../../../db/db.ts';
import { BadDataError } from '../../../http/errors.ts';
import type { Actor } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { requireFlag, requireProject } from './flag-lookup.ts';

function userOf(actor: Actor): number {
  if (actor.userId === null) {
    throw new BadDataError('Favorites belong to a signed-in user; an API token has none');
  }
  return actor.userId;
}

/** A user's favorite flags and projects, shown first in their lists. */
export function createFavoriteService(db: Db) {
  return {
    async setFlag(project: string, flagName: string, favorite: boolean, actor: Actor): Promise<void> {
      const userId = userOf(actor);
      await requireFlag(db, project, flagName);
      const changed = favorite
        ? await db.query(
            'INSERT INTO favorite_flags (flag_name, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
            [flagName, userId],
          )
        : await db.query(
            'DELETE FROM favorite_flags WHERE flag_name = $1 AND user_id = $2 RETURNING user_id',
            [flagName, userId],
          );
      if (changed.length) {
        await recordFlagEvent(db, actor, {
          type: favorite ? 'feature-favorited' : 'feature-unfavorited',
          project,
          flagName,
          data: { userId },
        });
      }
    },
    async setProject(project: string, favorite: boolean, actor: Actor): Promise<void> {
      const userId = userOf(actor);
      await requireProject(db, project);
      const changed = favorite
        ? await db.query(
            'INSERT INTO favorite_projects (project_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
            [project, userId],
          )
        : await db.query(
            'DELETE FROM favorite_projects WHERE project_id = $1 AND user_id = $2 RETURNING user_id',
            [project, userId],
          );
      if (changed.length) {
        await recordFlagEvent(db, actor, {
          type: favorite ? 'project-favorited' : 'project-unfavorited',
          project,
          data: { userId },
        });
      }
    },
  };
}
