import type { EnvironmentState } from '../features/sdk-serving/client-api/client-feature.ts';
import type { ProcessMetrics } from '../features/instance/index.ts';
import type { ServedToken } from '../features/sdk-serving/serving/token-scope.ts';
import type { HeldExposure, RunningExperiment } from '../features/sdk-serving/serving/exposure-buffer.ts';

/**
 * What the primary and its workers tell each other over the cluster's IPC channel (structured clone, so the
 * states' Maps travel as they are).
 */
export type ToWorker =
  /**
   * The key to vouch with for the peer of each request relayed to the primary (http/caller.ts); sent over this
   * channel rather than in the environment, which child processes inherit and `ps e` shows. Comes before `changed`.
   */
  | { kind: 'relay-key'; key: string }
  /** An environment's state, sent once a worker asked for it and again after every change. */
  | { kind: 'state'; environment: string; state: EnvironmentState }
  /** Something changed: tokens may be gone and the frontend origins may differ, so forget the tokens. */
  | { kind: 'changed'; frontendOrigins: string[] }
  /** The answer to `validate`: the tokens among those asked about that are valid client or frontend tokens. */
  | { kind: 'tokens'; id: number; tokens: ServedToken[] }
  /** Answer `synced` with this number once every message before it is applied. */
  | { kind: 'sync'; seq: number }
  /** A Prometheus scrape: answer `metrics` with this id and the worker's counters and gauges. */
  | { kind: 'metrics'; id: number }
  /** The experiments running now (after `hello` and whenever they change): whose exposures a worker holds. */
  | { kind: 'experiments'; running: RunningExperiment[] }
  /** Stop listening, finish what is in flight and exit. */
  | { kind: 'stop' };

export type ToPrimary =
  | { kind: 'want'; environment: string }
  | { kind: 'validate'; id: number; secrets: string[] }
  /** The worker is ready for messages (sent earlier, they would be lost): the primary answers with `changed`. */
  | { kind: 'hello' }
  | { kind: 'synced'; seq: number }
  | { kind: 'metrics'; id: number; metrics: ProcessMetrics }
  /** First exposures the worker saw since it last sent them, for the primary to write (decision record 0050). */
  | { kind: 'exposures'; exposures: HeldExposure[] };

/** The primary's internal address and what the worker needs to reach it, passed in the worker's environment. */
export const PRIMARY_URL_VARIABLE = 'SWITCHYARD_PRIMARY_URL';
