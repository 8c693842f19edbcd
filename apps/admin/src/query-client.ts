import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, setUnauthorizedHandler } from './api/client.ts';
import { sessionKey } from './features/session/use-session.ts';

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache(),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        // A refusal will not change by asking again; a network hiccup might.
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
  setUnauthorizedHandler(() => queryClient.setQueryData(sessionKey, null));
  return queryClient;
}

/** The app's one query cache; route-preload.ts fills it before the first screen mounts. */
export const queryClient = createQueryClient();
