import {
  type FlagNaming,
  type LinkTemplate,
  linkTemplateProblem,
  namingRuleProblem,
} from '@switchyard/rules';
import type { Db } from '../../../db/db.ts';
import { BadDataError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import { DEFAULT_PROJECT, type Project } from './project.ts';
import { createProjectStore } from './project-store.ts';

const namingOf = (project: Project) => ({ featureNaming: project.featureNaming });

/**
 * Archiving and reviving a project, and its enterprise settings (the flag naming rule). Build it inside a
 * transaction so each change and its event commit together.
 */
export function createProjectArchiveService(db: Db) {
  const store = createProjectStore(db);
  const events = createEventStore(db);
  const append = (type: string, actor: Actor, project: string, data: unknown, preData?: unknown) =>
    events.append({ type, createdBy: actor.name, createdByUserId: actor.userId, project, data, preData });

  async function get(id: string): Promise<Project> {
    const project = await store.find(id);
    if (!project) throw new NotFoundError(`Could not find project with id ${id}`);
    return project;
  }

  return {
    /** Archives a project whose flags are all archived; it keeps them, and takes no new ones until revived. */
    async archive(id: string, actor: Actor): Promise<void> {
      if (id === DEFAULT_PROJECT) throw new InvalidOperationError('The default project cannot be archived');
      const project = await get(id);
      if (project.archivedAt) throw new InvalidOperationError(`Project "${id}" is already archived`);
      const { active } = await store.flagNames(id);
      if (active.length) {
        throw new InvalidOperationError(
          `Project "${id}" still has ${active.length} flag${active.length === 1 ? '' : 's'} that ${active.length === 1 ? 'is' : 'are'} not archived: archive or move ${active.length === 1 ? 'it' : 'them'} first`,
        );
      }
      const archived = await store.setArchivedAt(id, new Date());
      await append('project-archived', actor, id, { id, archivedAt: archived.archivedAt });
    },

    async revive(id: string, actor: Actor): Promise<void> {
      const project = await get(id);
      if (!project.archivedAt) throw new InvalidOperationError(`Project "${id}" is not archived`);
      await store.setArchivedAt(id, null);
      await append('project-revived', actor, id, { id });
    },

    /** Sets the naming rule new flags must keep (null removes it); records project-updated with before and after. */
    async setNaming(id: string, naming: FlagNaming | null, actor: Actor): Promise<void> {
      const before = await get(id);
      if (naming) {
        const problem = namingRuleProblem(naming);
        if (problem) {
          throw new BadDataError(problem.message, [
            { message: problem.message, path: `/body/featureNaming/${problem.field}` },
          ]);
        }
      }
      const after = await store.setNaming(id, naming);
      await append('project-updated', actor, id, namingOf(after), namingOf(before));
    },

    /** Sets the links every new flag of the project gets; records project-updated with before and after. */
    async setLinkTemplates(id: string, templates: LinkTemplate[], actor: Actor): Promise<void> {
      const before = await get(id);
      const problems = templates.flatMap((template, index) => {
        const message = linkTemplateProblem(template.urlTemplate);
        return message ? [{ message, path: `/body/linkTemplates/${index}/urlTemplate` }] : [];
      });
      if (problems.length) throw new BadDataError(problems[0]!.message, problems);
      const after = await store.setLinkTemplates(id, templates);
      await append(
        'project-updated',
        actor,
        id,
        { linkTemplates: after.linkTemplates },
        { linkTemplates: before.linkTemplates },
      );
    },
  };
}
