import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf, Segment } from '../../api/wire.ts';
import { useChangeWriter } from '../change-requests/use-change-writer.ts';

export function useSegments() {
  return useQuery({
    queryKey: ['segments'],
    queryFn: async () => (await call('getSegments')).segments,
  });
}

export type SegmentUsage = ResponseOf<'getStrategiesBySegmentId'>['strategies'][number];

export function useSegmentUsage(id: number | undefined) {
  return useQuery({
    queryKey: ['segments', id, 'strategies'],
    enabled: id !== undefined,
    queryFn: async () => (await call('getStrategiesBySegmentId', { params: { id: id! } })).strategies,
  });
}

export type SegmentInput = RequestOf<'createSegment'>;

/** Creating, changing and deleting segments; a project segment's changes are drafted where its project has change requests on. */
export function useSegmentMutations() {
  const queryClient = useQueryClient();
  const write = useChangeWriter();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['segments'] });
  return {
    save: useMutation({
      mutationFn: async ({ id, ...body }: SegmentInput & { id?: number }) => {
        if (id === undefined) {
          await call('createSegment', { body });
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
