import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

/** getPersonalDashboard's answer, typed from the server's openapi.json. */
export type PersonalDashboard = ResponseOf<'getPersonalDashboard'>;

/** The signed-in user's flags (created or starred) and projects (starred, created in or changed). */
export function usePersonalDashboard() {
  return useQuery({
    queryKey: ['personal-dashboard'],
    queryFn: () => call('getPersonalDashboard'),
  });
}
