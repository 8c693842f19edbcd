import { flagNameProblem } from '@switchyard/rules';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client.ts';

/**
 * Checks a flag name as it is typed: first the local rule, then (after a pause) the server, which also knows
 * whether the name is taken, archived flags included.
 */
export function useValidateFlagName(name: string, projectId: string) {
  const [settled] = useDebouncedValue(name, 300);
  const local = flagNameProblem(name);
  const server = useQuery({
    queryKey: ['flag-name', projectId, settled],
    enabled: !flagNameProblem(settled),
    staleTime: 5_000,
    retry: false,
    queryFn: async () => {
      try {
        await call('validateFeature', { body: { name: settled } });
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status < 500)
          return error.details[0]?.message ?? error.message;
        throw error;
      }
    },
  });
  const checking = !local && (settled !== name || server.isFetching);
  return {
    problem: local ?? (settled === name ? (server.data ?? undefined) : undefined),
    checking,
    ok: !local && !checking && settled === name && server.data === null,
  };
}
