/**
 * Experiment statistics in plain TypeScript: no I/O, no dependencies, deterministic (numerical integration, never
 * unseeded Monte Carlo). Inputs are sufficient statistics (counts and sums), so a database can keep them
 * incrementally. See docs/decisions/0042-experiment-results-are-aggregates-with-always-valid-tests.md.
 */
export * from './distributions.ts';
export * from './estimates.ts';
export * from './bayesian.ts';
export * from './sequential.ts';
export * from './cuped.ts';
export * from './sample-ratio.ts';
export * from './poisson.ts';
export * from './compare.ts';
export { seededRandom } from './seeded-random.ts';
