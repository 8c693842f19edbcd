import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { operations } from '../../api/schema';

export type UnknownFlag =
  operations['getUnknownFlags']['responses'][200]['content']['application/json']['unknownFlags'][number];

/** Flag names SDKs ask for that no flag carries. */
export function useUnknownFlags() {
  return useQuery({
    queryKey: ['unknown-flags'],
    queryFn: async () => (await call('getUnknownFlags')).unknownFlags,
  });
}
