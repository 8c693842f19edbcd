/**
 * What other areas and app.ts use of release management: impact metrics (what SDKs measure, as time series, and the
 * charts saved of them), and release plans (change requests draft and apply their changes); app.ts also registers
 * the release-template and release-plan routes from their folders. Other areas import this area only through this
 * file (lint: switchyard/area-imports).
 */
export { safeguardRoutes } from './safeguards/safeguard-routes.ts';
export { createSafeguardEvaluator } from './safeguards/safeguard-evaluator.ts';
// Change requests draft and apply safeguard changes through the service the safeguard routes call.
export {
  createSafeguardService,
  SafeguardProblem,
  type SafeguardChange,
} from './safeguards/safeguard-service.ts';
export { SafeguardBody } from './safeguards/safeguard-schemas.ts';
export { safeguardCondition, safeguardState, type SafeguardState } from './safeguards/safeguard.ts';
export { createReleasePlanScheduler } from './release-plans/release-plan-scheduler.ts';
// Change requests draft and apply release plan changes through the service the plan routes call (decision 0049).
export { createReleasePlanService, type PlanPlace } from './release-plans/release-plan-service.ts';
export { createReleasePlanStore } from './release-plans/release-plan-store.ts';
export { releasePlanState, type ReleasePlanState } from './release-plans/release-plan.ts';
export { AddReleasePlanBody, ProgressionBody } from './release-plans/release-plan-schemas.ts';
export { impactMetricRoutes } from './impact-metrics/impact-metric-routes.ts';
export { impactMetricChartRoutes } from './impact-metrics/impact-metric-chart-routes.ts';
export {
  createImpactMetricService,
  type ImpactMetricService,
} from './impact-metrics/impact-metric-service.ts';
export {
  createImpactMetricsMaintenance,
  maintainImpactMetrics,
} from './impact-metrics/impact-metric-rollup.ts';
