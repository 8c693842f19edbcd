import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type FlagEnvironment = { projectId: string; featureName: string; environment: string };
export type NewExperiment = {
  name: string;
  hypothesis: string;
  controlVariant: string;
  metrics: {
    event: string;
    kind: 'conversion' | 'mean' | 'impact';
    role: 'primary' | 'guardrail';
    direction?: 'increase' | 'decrease';
  }[];
};

const key = (place: FlagEnvironment) => [
  'experiments',
  place.projectId,
  place.featureName,
  place.environment,
];

export function useExperiments(place: FlagEnvironment) {
  return useQuery({ queryKey: key(place), queryFn: () => call('getExperiments', { params: place }) });
}

/** Results refresh every 10 seconds while the page is open: the server keeps them current. */
export function useExperimentResults(place: FlagEnvironment, experimentId: number | undefined) {
  return useQuery({
    queryKey: [...key(place), experimentId, 'results'],
    enabled: experimentId !== undefined,
    refetchInterval: 10_000,
    queryFn: () => call('getExperimentResults', { params: { ...place, experimentId: experimentId! } }),
  });
}

export function useExperimentActions(place: FlagEnvironment) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key(place) });
  return {
    create: useMutation({
      mutationFn: (body: NewExperiment) => call('createExperiment', { params: place, body }),
      onSuccess: refresh,
    }),
    start: useMutation({
      mutationFn: (experimentId: number) => call('startExperiment', { params: { ...place, experimentId } }),
      onSuccess: refresh,
    }),
    stop: useMutation({
      mutationFn: (experimentId: number) => call('stopExperiment', { params: { ...place, experimentId } }),
      onSuccess: refresh,
    }),
  };
}
