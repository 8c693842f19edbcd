import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';

export type UnknownFlag = ResponseOf<'getUnknownFlags'>['unknownFlags'][number];

/** Flag names SDKs ask for that no flag carries. */
export function useUnknownFlags() {
  return useQuery({
    queryKey: ['unknown-flags'],
    queryFn: async () => (await call('getUnknownFlags')).unknownFlags,
  });
}
