import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { operations } from '../../api/schema';

/** getPersonalDashboard's answer, typed from the server's openapi.json. */
export type PersonalDashboard =
  operations['getPersonalDashboard']['responses'][200]['content']['application/json'];

/** The signed-in user's flags (created or starred) and projects (starred, created in or changed). */
export function usePersonalDashboard() {
  return useQuery({
    queryKey: ['personal-dashboard'],
    queryFn: () => call('getPersonalDashboard'),
  });
}
