/**
 * What other areas use of SDK serving (client, frontend, OFREP and edge APIs, metrics): the port impact metrics are
 * handed over through. Other areas import SDK serving only through this file (lint: switchyard/area-imports).
 */
export type { ImpactMetricsPort, ImpactMetricWire } from './client-api/impact-metrics-wire.ts';
/** The SDK projection of an environment: what a flag restore compares with (features/governance/flag-restore). */
export { loadEnvironmentState } from './client-api/environment-state-store.ts';
export type { ClientFeature, ClientStrategy } from './client-api/client-feature.ts';
export { experimentUserOf, type ExposurePort } from './serving/exposure-port.ts';
/** The bounded first-exposure buffer the server, its workers and the edge share (decision record 0050). */
export {
  createExposureBuffer,
  type ExposureBuffer,
  type HeldExposure,
  type RunningExperiment,
} from './serving/exposure-buffer.ts';
