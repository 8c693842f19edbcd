/**
 * What other areas and app.ts use of release management: impact metrics (what SDKs measure, as time series); app.ts
 * also registers the release-template and release-plan routes from their folders. Other areas import this area only
 * through this file (lint: switchyard/area-imports).
 */
export { safeguardRoutes } from './safeguards/safeguard-routes.ts';
export { createSafeguardEvaluator } from './safeguards/safeguard-evaluator.ts';
export { createReleasePlanScheduler } from './release-plans/release-plan-scheduler.ts';
export { impactMetricRoutes } from './impact-metrics/impact-metric-routes.ts';
export {
  createImpactMetricService,
  type ImpactMetricService,
} from './impact-metrics/impact-metric-service.ts';
export {
  createImpactMetricsMaintenance,
  maintainImpactMetrics,
} from './impact-metrics/impact-metric-rollup.ts';
