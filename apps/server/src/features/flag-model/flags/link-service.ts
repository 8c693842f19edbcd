import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor, FlagLink } from './flag.ts';
import { recordFlagEvent } from './flag-events.ts';
import { requireFlag } from './flag-lookup.ts';

export type LinkRequest = { url: string; title?: string | null };

/** Adds https:// when no scheme is given, as Unleash does, and accepts only http(s) URLs. */
function normalizeUrl(url: string): string {
  const candidate = /^[a-z][a-z0-9+.-]*:/i.test(url.trim()) ? url.trim() : `https://${url.trim()}`;
  let parsed: URL | undefined;
  try {
    parsed = new URL(candidate);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || !parsed.hostname) {
    throw new BadDataError(`"${url}" is not an http(s) URL`, [
      { message: '"url" must be an http or https URL', path: '/body/url' },
    ]);
  }
  return candidate;
}

/** Links from a flag to tickets, dashboards or docs. */
export function createLinkService(db: Db) {
  async function requireLink(flagName: string, id: string): Promise<FlagLink> {
    const [link] = await db.query<FlagLink>(
      'SELECT id, url, title FROM flag_links WHERE id = $1 AND flag_name = $2',
      [id, flagName],
    );
    if (!link) throw new NotFoundError(`Flag "${flagName}" has no link "${id}"`);
    return link;
  }
  return {
    async create(project: string, flagName: string, request: LinkRequest, actor: Actor): Promise<FlagLink> {
      await requireFlag(db, project, flagName);
      const link: FlagLink = {
        id: randomUUID(),
        url: normalizeUrl(request.url),
        title: request.title ?? null,
      };
      await db.query(
        // clock_timestamp, not now(): links added in one transaction (a project's templates) keep their order.
        `INSERT INTO flag_links (id, flag_name, url, title, created_by_user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, clock_timestamp())`,
        [link.id, flagName, link.url, link.title, actor.userId],
      );
      await recordFlagEvent(db, actor, { type: 'feature-link-added', project, flagName, data: link });
      return link;
    },
    async update(
      project: string,
      flagName: string,
      id: string,
      request: LinkRequest,
      actor: Actor,
    ): Promise<FlagLink> {
      await requireFlag(db, project, flagName);
      const previous = await requireLink(flagName, id);
      const link: FlagLink = { id, url: normalizeUrl(request.url), title: request.title ?? null };
      await db.query('UPDATE flag_links SET url = $2, title = $3 WHERE id = $1', [id, link.url, link.title]);
      await recordFlagEvent(db, actor, {
        type: 'feature-link-updated',
        project,
        flagName,
        data: link,
        preData: previous,
      });
      return link;
    },
    async delete(project: string, flagName: string, id: string, actor: Actor): Promise<void> {
      await requireFlag(db, project, flagName);
      const previous = await requireLink(flagName, id);
      await db.query('DELETE FROM flag_links WHERE id = $1', [id]);
      await recordFlagEvent(db, actor, {
        type: 'feature-link-removed',
        project,
        flagName,
        preData: previous,
      });
    },
  };
}
