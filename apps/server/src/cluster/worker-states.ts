import type { EdgeToken } from '../edge/edge-upstream.ts';
import type { ServingState } from '../features/sdk-serving/serving/serving-state.ts';

/** How long a request waits for the first state of an environment before the primary answers it instead. */
const FIRST_STATE_MS = 5_000;

/**
 * A worker's states, one per environment (every project: a token's scope is applied when answering), as its
 * primary sends them. The first request for an environment asks for it; the primary then keeps it current.
 */
export function createWorkerStates(deps: { serving: ServingState; want: (environment: string) => void }) {
  const waiting = new Map<string, Promise<boolean>>();

  const arrival = (environment: string): Promise<boolean> => {
    let pending = waiting.get(environment);
    if (!pending) {
      deps.want(environment);
      pending = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          stop();
          waiting.delete(environment);
          resolve(false);
        }, FIRST_STATE_MS);
        const stop = deps.serving.onChange((key) => {
          if (key !== environment) return;
          clearTimeout(timer);
          stop();
          resolve(true);
        });
      });
      waiting.set(environment, pending);
    }
    return pending;
  };

  return {
    /** The key of the state a token is served from, once it is here; undefined for a `*` environment. */
    async keyFor(token: EdgeToken): Promise<string | undefined> {
      const environment = token.environment;
      if (environment === '*') return undefined;
      if (deps.serving.state(environment)) return environment;
      return (await arrival(environment)) ? environment : undefined;
    },
  };
}
