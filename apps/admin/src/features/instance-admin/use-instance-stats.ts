import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

/** GET /api/admin/instance-admin/statistics, as the server's openapi.json types it. */
export type InstanceStats = ResponseOf<'getInstanceAdminStats'>;

export function useInstanceStats() {
  return useQuery({
    queryKey: ['instance-stats'],
    queryFn: () => call('getInstanceAdminStats'),
  });
}

/** What the server says it sends home (version check, usage), from its own settings. */
export function useTelemetrySettings() {
  return useQuery({
    queryKey: ['telemetry-settings'],
    queryFn: () => call('getTelemetrySettings'),
  });
}
