import type { Db } from '../../../db/db.ts';
import { computeResults, guardrailBreaches } from './experiment-results.ts';
import { readAggregates } from './experiment-results-store.ts';
import { createExperimentStore } from './experiment-store.ts';
import { variantWeights } from './experiment-variants.ts';
import type { Experiment } from './experiment.ts';

export type GuardrailReading = {
  experiment: Pick<Experiment, 'id' | 'name' | 'flagName' | 'environment' | 'status'>;
  /** What the results' verdict says is breached, in words; empty while it says anything else. */
  breaches: string[];
};

/**
 * The guardrails an experiment breaches now, by its results' own verdict: none while it is collecting or its split is
 * broken (a sample-ratio mismatch makes every comparison suspect), so a safeguard on it acts only on a breach the
 * results page would also report. Undefined when there is no such experiment.
 */
export async function readGuardrailBreaches(
  db: Db,
  experimentId: number,
): Promise<GuardrailReading | undefined> {
  const experiment = await createExperimentStore(db).get(experimentId);
  if (!experiment) return undefined;
  const { id, name, flagName, environment, status } = experiment;
  const summary = { id, name, flagName, environment, status };
  if (status !== 'running') return { experiment: summary, breaches: [] };
  const [weights, aggregates] = await Promise.all([
    variantWeights(db, flagName, environment),
    readAggregates(db, experiment),
  ]);
  const results = computeResults(experiment, weights, aggregates);
  const breaches = results.verdict.verdict === 'guardrail-breached' ? guardrailBreaches(results.metrics) : [];
  return { experiment: summary, breaches };
}
