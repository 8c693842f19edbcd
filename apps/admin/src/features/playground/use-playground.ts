import { useMutation } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf } from '../../api/wire.ts';

export type PlaygroundRun = {
  environments: string[];
  /** Empty means every project. */
  projects: string[];
  context: RequestOf<'getPlayground'>['context'];
  /** Evaluate as SDKs were served then (ISO 8601); undefined for now. */
  at?: string;
};

/** Evaluates every flag for a context in each chosen environment: one request per environment, answers by name. */
export function usePlayground() {
  return useMutation({
    mutationFn: async ({ environments, projects, context, at }: PlaygroundRun) => {
      const responses = await Promise.all(
        environments.map((environment) =>
          call('getPlayground', {
            body: { environment, projects: projects.length ? projects : '*', context, ...(at ? { at } : {}) },
          }),
        ),
      );
      return Object.fromEntries(environments.map((env, i) => [env, responses[i]!.features]));
    },
  });
}

/** A change request's flags for a context, as they are now and as they would be once the request is applied. */
export function useChangeRequestPlayground(request: { id: number; environment: string; project: string }) {
  return useMutation({
    mutationFn: async (context: RequestOf<'getChangeRequestPlayground'>['context']) => {
      const [now, applied] = await Promise.all([
        call('getAdvancedPlayground', {
          body: { environments: [request.environment], projects: [request.project], context },
        }),
        call('getChangeRequestPlayground', { params: { id: request.id }, body: { context } }),
      ]);
      return { now, applied };
    },
  });
}
