import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { createEventStore } from '../../flag-model/events/event-store.ts';
import {
  BANNER_DEFAULTS,
  bannerProblems,
  type Banner,
  type BannerChanges,
  type BannerFields,
} from './banner.ts';
import { createBannerStore } from './banner-store.ts';

/** Banners: admins write them, every signed-in user reads them. Every change is an event. */
export function createBannerService(db: Db) {
  const banners = createBannerStore(db);
  const events = createEventStore(db);

  async function find(id: number): Promise<Banner> {
    const banner = await banners.get(id);
    if (!banner) throw new NotFoundError(`Could not find a banner with id ${id}`);
    return banner;
  }

  function check(fields: BannerFields): BannerFields {
    const problems = bannerProblems(fields);
    if (problems.length) throw new BadDataError(problems[0]!.message, problems);
    return fields;
  }

  const fieldsOf = ({ id: _id, createdAt: _createdAt, ...fields }: Banner): BannerFields => fields;

  const append = (type: string, actor: Actor, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, data, preData });

  async function change(id: number, changes: BannerChanges, actor: Actor): Promise<Banner> {
    const before = await find(id);
    const after = await banners.update(id, check({ ...fieldsOf(before), ...changes }));
    await append('banner-updated', actor, after, before);
    return after;
  }

  return {
    list: () => banners.list(),
    get: find,
    async create(input: BannerChanges & { message: string }, actor: Actor): Promise<Banner> {
      const banner = await banners.insert(check({ ...BANNER_DEFAULTS, ...input }));
      await append('banner-created', actor, banner);
      return banner;
    },
    /** Changes the given properties; the ones left out keep their values. */
    update: change,
    setEnabled: (id: number, enabled: boolean, actor: Actor) => change(id, { enabled }, actor),
    async delete(id: number, actor: Actor): Promise<void> {
      const banner = await find(id);
      await banners.delete(id);
      await append('banner-deleted', actor, null, banner);
    },
  };
}

export type BannerService = ReturnType<typeof createBannerService>;
