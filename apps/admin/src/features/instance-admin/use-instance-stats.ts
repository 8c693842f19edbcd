import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { operations } from '../../api/schema';

/** GET /api/admin/instance-admin/statistics, as the server's openapi.json types it. */
export type InstanceStats =
  operations['getInstanceAdminStats']['responses'][200]['content']['application/json'];

export function useInstanceStats() {
  return useQuery({
    queryKey: ['instance-stats'],
    queryFn: () => call('getInstanceAdminStats'),
  });
}
