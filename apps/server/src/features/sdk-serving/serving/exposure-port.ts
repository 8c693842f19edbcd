import type { Context } from '@switchyard/evaluation';

/**
 * Where server-side evaluations report who got which variant, for experiments (features/experiments, wired in
 * app.ts): SDK serving knows nothing of experiments. `watching` is the only cost of an environment without one.
 */
export type ExposurePort = {
  watching(environment: string): boolean;
  /** Whether the flag has a running experiment there (the exposure is then recorded, once per user). */
  saw(environment: string, user: string, flagName: string, variant: string): boolean;
};

/** The identity an experiment follows: the userId, else the sessionId (what `default` stickiness hashes). */
export const experimentUserOf = (context: Context): string | undefined => context.userId ?? context.sessionId;

/** Reports the chosen variants of flag results (the Frontend API's and OFREP's). */
export function reportExposures(
  port: ExposurePort | undefined,
  environment: string,
  context: Context,
  results: readonly { name: string; enabled: boolean; variant: { name: string; enabled: boolean } }[],
): void {
  if (!port?.watching(environment)) return;
  const user = experimentUserOf(context);
  if (user === undefined) return;
  for (const result of results)
    if (result.enabled && result.variant.enabled)
      port.saw(environment, user, result.name, result.variant.name);
}
