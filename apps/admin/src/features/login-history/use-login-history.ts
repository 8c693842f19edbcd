import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { ResponseOf } from '../../api/wire.ts';
import { serverPath } from '../../api/base-path.ts';

export type LoginHistory = ResponseOf<'getLoginHistory'>;
export type LoginFilters = { q?: string; successful?: boolean; limit: number; offset: number };

/** Sign-in attempts, newest first, filtered by the server. */
export function useLoginHistory(filters: LoginFilters) {
  return useQuery({
    queryKey: ['login-history', filters],
    queryFn: () => call('getLoginHistory', { query: filters }),
    placeholderData: keepPreviousData,
  });
}

/** The same attempts as a CSV file, saved the way a browser saves any download. */
export function useDownloadLoginHistory() {
  return useMutation({
    mutationFn: async (filters: Omit<LoginFilters, 'limit' | 'offset'>) => {
      const query = new URLSearchParams({ limit: '10000' });
      if (filters.q) query.set('q', filters.q);
      if (filters.successful !== undefined) query.set('successful', String(filters.successful));
      const response = await fetch(serverPath(`/api/admin/logins?${query}`), {
        headers: { accept: 'text/csv' },
        credentials: 'same-origin',
      });
      if (!response.ok) throw new Error(`The server answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'login-history.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
