import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { Constraint, Segment } from '../../api/wire.ts';
import { useChangeWriter } from '../change-requests/use-change-writer.ts';

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

/** Creating, changing and deleting segments; a project segment's changes are drafted where its project has change requests on. */
export function useSegmentMutations() {
  const queryClient = useQueryClient();
  const write = useChangeWriter();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['segments'] });
  return {
    save: useMutation({
      mutationFn: async ({ id, ...body }: SegmentInput & { id?: number }) => {
        if (id === undefined) {
          await call<Segment>('createSegment', { body });
          return 'written' as const;
        }
        return write({
          project: body.project,
          changes: { action: 'updateSegment', payload: { id, ...body } },
          direct: () => call('updateSegment', { params: { id }, body }),
        });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (segment: Pick<Segment, 'id' | 'project'>) =>
        write({
          project: segment.project,
          changes: { action: 'deleteSegment', payload: { id: segment.id } },
          direct: () => call('removeSegment', { params: { id: segment.id } }),
        }),
      onSuccess,
    }),
  };
}
