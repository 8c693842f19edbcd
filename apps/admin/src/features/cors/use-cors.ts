import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

/** Saves the Frontend API origins; the admin UI's copy of ui-config is read again afterwards. */
export function useSetCors() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (frontendApiOrigins: string[]) => call('setCors', { body: { frontendApiOrigins } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['ui-config'] }),
  });
}

/** One origin a line; blank lines and surrounding spaces do not count. */
export function parseOrigins(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
