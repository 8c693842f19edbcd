import type { Db } from '../../../db/db.ts';
import { BadDataError, InvalidOperationError, NotFoundError } from '../../../http/errors.ts';
import type { Actor } from '../../flag-model/events/actor.ts';
import { recordFlagEvent } from '../../flag-model/flags/flag-events.ts';
import { requireFlagEnvironment } from '../../flag-model/flags/flag-lookup.ts';
import { setUpProblem, type Experiment, type NewExperiment } from './experiment.ts';
import { createExperimentStore } from './experiment-store.ts';
import { variantWeights } from './experiment-variants.ts';

/** Where an experiment lives: a flag in an environment of a project. */
export type ExperimentPlace = { project: string; flagName: string; environment: string };

/**
 * Experiments on a flag environment: set up, started, stopped, deleted. Each write records a flag event, so it
 * passes the one write gate (maintenance) whatever its entry. An experiment only observes who got which variant: it
 * changes nothing SDKs receive, so change requests do not review it (decision record 0042).
 */
export function createExperimentService(db: Db, now: () => Date = () => new Date()) {
  const experiments = createExperimentStore(db);

  async function find(place: ExperimentPlace, id: number): Promise<Experiment> {
    await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
    const experiment = await experiments.get(id);
    if (!experiment || experiment.flagName !== place.flagName || experiment.environment !== place.environment)
      throw new NotFoundError(
        `Could not find experiment ${id} of flag "${place.flagName}" in environment "${place.environment}"`,
      );
    return experiment;
  }

  const event = (type: string, place: ExperimentPlace, actor: Actor, experiment: Experiment) =>
    recordFlagEvent(db, actor, {
      type,
      project: place.project,
      flagName: place.flagName,
      environment: place.environment,
      data: { id: experiment.id, name: experiment.name, status: experiment.status },
    });

  return {
    find,

    async list(place: ExperimentPlace): Promise<Experiment[]> {
      await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
      return experiments.list(place.flagName, place.environment);
    },

    async create(place: ExperimentPlace, input: NewExperiment, actor: Actor): Promise<Experiment> {
      await requireFlagEnvironment(db, place.project, place.flagName, place.environment);
      const variants = await variantWeights(db, place.flagName, place.environment);
      const problem = setUpProblem(
        input,
        variants.map((variant) => variant.name),
      );
      if (problem)
        throw new BadDataError(`Experiment set-up: ${problem.message}`, [
          { path: `/body/${problem.field}`, message: problem.message },
        ]);
      const experiment = await experiments.insert(place, input, actor.name);
      await event('experiment-created', place, actor, experiment);
      return experiment;
    },

    async start(place: ExperimentPlace, id: number, actor: Actor): Promise<Experiment> {
      const current = await find(place, id);
      if (current.status !== 'draft')
        throw new InvalidOperationError(`Experiment ${id} is ${current.status}: only a draft can start`);
      const experiment = await experiments.setStatus(id, 'running', now());
      await experiments.copyPrePeriod(experiment);
      await event('experiment-started', place, actor, experiment);
      return experiment;
    },

    async stop(place: ExperimentPlace, id: number, actor: Actor): Promise<Experiment> {
      const current = await find(place, id);
      if (current.status !== 'running')
        throw new InvalidOperationError(`Experiment ${id} is ${current.status}: only a running one can stop`);
      const experiment = await experiments.setStatus(id, 'stopped', now());
      await event('experiment-stopped', place, actor, experiment);
      return experiment;
    },

    async remove(place: ExperimentPlace, id: number, actor: Actor): Promise<void> {
      const experiment = await find(place, id);
      await event('experiment-deleted', place, actor, experiment);
      await experiments.remove(id);
    },
  };
}

export type ExperimentService = ReturnType<typeof createExperimentService>;
