import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Constraint, Segment } from '../../api/types.ts';

export function useSegments() {
  return useQuery({
    queryKey: ['segments'],
    queryFn: async () => (await call<{ segments: Segment[] }>('getSegments')).segments,
  });
}

export type SegmentUsage = {
  id: number;
  featureName: string;
  projectId: string;
  environment: string;
  strategyName: string;
};

export function useSegmentUsage(id: number | undefined) {
  return useQuery({
    queryKey: ['segments', id, 'strategies'],
    enabled: id !== undefined,
    queryFn: async () =>
      (await call<{ strategies: SegmentUsage[] }>('getStrategiesBySegmentId', { params: { id: id! } }))
        .strategies,
  });
}

export type SegmentInput = {
  name: string;
  description: string;
  project?: string | null;
  constraints: Constraint[];
};

export function useSegmentMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['segments'] });
  return {
    save: useMutation({
      mutationFn: ({ id, ...body }: SegmentInput & { id?: number }) =>
        id === undefined
          ? call<Segment>('createSegment', { body })
          : call('updateSegment', { params: { id }, body }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => call('removeSegment', { params: { id } }), onSuccess }),
  };
}
