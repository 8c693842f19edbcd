import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** An application across environments: flags it uses, instances and SDKs, and what looks wrong. */
export function useApplicationOverview(appName: string) {
  return useQuery({
    queryKey: ['applications', appName, 'overview'],
    queryFn: () => call('getApplicationOverview', { params: { appName } }),
  });
}

/** The instances of an application in one environment. */
export function useApplicationInstances(appName: string, environment: string) {
  return useQuery({
    queryKey: ['applications', appName, 'instances', environment],
    queryFn: async () =>
      (await call('getApplicationEnvironmentInstances', { params: { appName, environment } })).instances,
  });
}

/** The applications whose SDK versions are too old for everything to work. */
export function useOutdatedSdks() {
  return useQuery({
    queryKey: ['applications', 'outdated-sdks'],
    queryFn: async () => (await call('getOutdatedSdks')).sdks,
  });
}
