/**
 * What app.ts uses of experiments: the admin routes, the exposure recorder SDK serving reports to (through its
 * ExposurePort), the tracking and impression routes, and the timer that flushes both buffers.
 */
export { experimentRoutes } from './experiments/experiment-routes.ts';
export { createExperimentStore } from './experiments/experiment-store.ts';
export { createExposureRecorder, type ExposureRecorder } from './exposures/exposure-recorder.ts';
export { impressionRoutes } from './exposures/impression-routes.ts';
export { createConversionRecorder, type ConversionRecorder } from './conversions/conversion-recorder.ts';
export { conversionRoutes } from './conversions/conversion-routes.ts';
export { createExperimentFlusher } from './experiment-flusher.ts';
export { exposureRoutes } from './exposures/exposure-routes.ts';
// Safeguards (release area) watch a running experiment's guardrails: one rule with the results' verdict.
export { readGuardrailBreaches, type GuardrailReading } from './experiments/experiment-guardrails.ts';
