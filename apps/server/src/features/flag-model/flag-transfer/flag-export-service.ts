import type { Db } from '../../../db/db.ts';
import { BadDataError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../events/actor.ts';
import { createEventStore } from '../events/event-store.ts';
import { createFlagExportReadModel } from './flag-export-read-model.ts';
import type { ExportSelection, FlagTransfer, TransferFlag } from './flag-transfer.ts';

function notFound(message: string, path: string): NotFoundError {
  return new NotFoundError(message, [{ message, path }]);
}

/** Exports: the selected flags of one environment with everything an import elsewhere needs. */
export function createFlagExportService(db: Db) {
  const readModel = createFlagExportReadModel(db);
  return {
    /** Records features-exported, as Unleash does, so the log shows who took a copy of what. */
    async export(selection: ExportSelection, actor: Actor): Promise<FlagTransfer> {
      const { environment } = selection;
      const hidden = selection.hiddenProjects ?? [];
      const visible = (flags: TransferFlag[]) => flags.filter((flag) => !hidden.includes(flag.project));
      if (selection.flags === undefined && selection.tag === undefined && selection.project === undefined) {
        const message = 'Say which flags to export: give "features", "tag" or "project"';
        throw new BadDataError(message, [{ message, path: '/body' }]);
      }
      if (!(await readModel.environmentExists(environment))) {
        throw notFound(`Could not find environment "${environment}"`, '/body/environment');
      }
      if (selection.project !== undefined && !(await readModel.projectExists(selection.project))) {
        throw notFound(`Could not find project "${selection.project}"`, '/body/project');
      }
      if (selection.flags !== undefined) {
        const active = visible(await readModel.selectFlags({ environment, flags: selection.flags }));
        const missing = [...new Set(selection.flags)].filter(
          (name) => !active.some((flag) => flag.name === name),
        );
        if (missing.length) {
          throw notFound(`These are not active flags: ${missing.join(', ')}`, '/body/features');
        }
      }
      const flags = visible(await readModel.selectFlags(selection));
      const transfer = await readModel.read(flags, environment);
      await createEventStore(db).append({
        type: 'features-exported',
        createdBy: actor.name,
        createdByUserId: actor.userId,
        project: selection.project ?? null,
        environment,
        data: { features: flags.map((flag) => flag.name) },
      });
      return transfer;
    },
  };
}
