import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../api/client.ts';
import { notifySuccess } from '../../ui/notify.ts';
import type { ChangeInput, ChangeRequestEnvironmentConfig } from './change-request-types.ts';
import {
  changeRequestConfigKey,
  changeRequestConfigQuery,
  changeRequestsKey,
  useChangeRequestConfig,
} from './use-change-requests.ts';

/**
 * The environment whose draft takes a change, or undefined when the change is written directly. A change to one
 * environment drafts there when change requests are on in it; a project-wide change (archive, dependencies, a project
 * segment: `environment` left out) joins the first environment that has them on, production first.
 */
export function draftEnvironment(
  config: ChangeRequestEnvironmentConfig[] | undefined,
  environment?: string,
): string | undefined {
  const on = (config ?? []).filter((c) => c.changeRequestEnabled);
  if (environment !== undefined)
    return on.some((c) => c.environment === environment) ? environment : undefined;
  return (on.find((c) => c.type === 'production') ?? on[0])?.environment;
}

/** For labels: where an edit in this project (and environment) would be drafted, if anywhere. */
export function useDraftEnvironment(projectId: string | null | undefined, environment?: string) {
  const config = useChangeRequestConfig(projectId ?? undefined);
  return projectId ? draftEnvironment(config.data, environment) : undefined;
}

/** The same decision from the cache alone, for optimistic updates that must not pretend a draft was applied. */
export function draftsFromCache(queryClient: QueryClient, projectId: string, environment?: string) {
  return (
    draftEnvironment(
      queryClient.getQueryData<ChangeRequestEnvironmentConfig[]>(changeRequestConfigKey(projectId)),
      environment,
    ) !== undefined
  );
}

export type Write = {
  project: string | null | undefined;
  /** Left out for a project-wide change. */
  environment?: string;
  changes: ChangeInput | ChangeInput[];
  /** The direct write, used where change requests are off. */
  direct: () => Promise<unknown>;
};
export type Written = 'written' | 'drafted';

/**
 * The one place every flag and segment edit goes through: written directly, or, where the project has change
 * requests on, added to the caller's draft as the change-request action the direct write stands for.
 */
export function useChangeWriter() {
  const queryClient = useQueryClient();
  return useCallback(
    async ({ project, environment, changes, direct }: Write): Promise<Written> => {
      // A server or project without change requests answers the configuration with an error: write directly.
      const config = project
        ? await queryClient.fetchQuery(changeRequestConfigQuery(project)).catch(() => undefined)
        : undefined;
      const target = project ? draftEnvironment(config, environment) : undefined;
      if (!project || target === undefined) {
        await direct();
        return 'written';
      }
      await call('changeRequest', { params: { projectId: project, environment: target }, body: changes });
      void queryClient.invalidateQueries({ queryKey: changeRequestsKey(project) });
      const count = Array.isArray(changes) ? changes.length : 1;
      notifySuccess(`Added ${count === 1 ? 'the change' : `${count} changes`} to your draft in ${target}`);
      return 'drafted';
    },
    [queryClient],
  );
}
