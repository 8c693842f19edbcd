import { UpstreamRefused } from './edge-upstream.ts';
import {
  createExposureBuffer,
  type HeldExposure,
  type RunningExperiment,
} from '../features/sdk-serving/serving/exposure-buffer.ts';

/** The upstream takes at most this many exposures per request. */
const MAX_PER_REQUEST = 5_000;

type Post = (
  token: string,
  body: { exposures: { flagName: string; variant: string; userId: string; exposedAt: string }[] },
) => Promise<{ id: number; flagName: string }[]>;

/**
 * First exposures to running experiments, seen by the edge's Frontend API and OFREP answers (decision record 0050):
 * held in the server's bounded buffer and sent upstream (`POST /api/client/exposures`) with a client token of their
 * environment on every flush. The answer says which experiments run there, so the edge holds exposures for those
 * flags only; an environment with nothing to send asks again every `askEveryMs`.
 */
export function createEdgeExposures(deps: {
  post: Post;
  tokenFor: (environment: string) => string | undefined;
  /** The environments the edge serves. */
  environments: () => string[];
  askEveryMs: number;
  log: (level: 'info' | 'warn', message: string) => void;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const buffer = createExposureBuffer({ now });
  const running = new Map<string, RunningExperiment[]>();
  const askedAt = new Map<string, number>();
  /** Environments whose upstream has no exposures endpoint (another edge, an older server): said once. */
  const unsupported = new Set<string>();
  let flushing: Promise<void> | undefined;

  const sendAll = async () => {
    const held = buffer.take();
    const experimentOf = new Map([...running.values()].flat().map((each) => [each.id, each]));
    const byEnvironment = new Map<string, { exposure: HeldExposure; flagName: string }[]>();
    for (const exposure of held) {
      const experiment = experimentOf.get(exposure.experimentId);
      if (!experiment) continue;
      let list = byEnvironment.get(experiment.environment);
      if (!list) byEnvironment.set(experiment.environment, (list = []));
      list.push({ exposure, flagName: experiment.flagName });
    }
    const environments = new Set([...deps.environments(), ...byEnvironment.keys()]);
    for (const environment of environments) {
      const items = byEnvironment.get(environment) ?? [];
      if (items.length === 0 && now() - (askedAt.get(environment) ?? -Infinity) < deps.askEveryMs) continue;
      const token = deps.tokenFor(environment);
      if (!token) continue;
      let sent = 0;
      try {
        do {
          const chunk = items.slice(sent, sent + MAX_PER_REQUEST);
          const experiments = await deps.post(token, {
            exposures: chunk.map(({ exposure, flagName }) => ({
              flagName,
              variant: exposure.variant,
              userId: exposure.user,
              exposedAt: new Date(exposure.at).toISOString(),
            })),
          });
          running.set(
            environment,
            experiments.map((each) => ({ id: each.id, flagName: each.flagName, environment })),
          );
          askedAt.set(environment, now());
          sent += chunk.length;
        } while (sent < items.length);
      } catch (error) {
        // Forgotten, not kept: the user's next evaluation holds the exposure again.
        buffer.forget(items.slice(sent).map((each) => each.exposure));
        askedAt.set(environment, now());
        if (error instanceof UpstreamRefused && error.status === 404) {
          if (!unsupported.has(environment))
            deps.log(
              'info',
              `the upstream records no exposures for experiments (${environment}): none are sent`,
            );
          unsupported.add(environment);
        } else deps.log('warn', `exposures for ${environment} not sent: ${(error as Error).message}`);
      }
    }
    buffer.setRunning([...running.values()].flat());
    const dropped = buffer.takeDropped();
    if (dropped > 0) deps.log('warn', `experiments: ${dropped} exposures dropped, the buffer was full`);
  };

  return {
    port: buffer.port,
    /** Sends what is held, and asks which experiments run where it is time to; one flush at a time. */
    flush(): Promise<void> {
      flushing ??= sendAll().finally(() => (flushing = undefined));
      return flushing;
    },
    pendingCount: () => buffer.pendingCount(),
  };
}
