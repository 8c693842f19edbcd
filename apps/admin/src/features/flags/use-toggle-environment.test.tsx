import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FlagSearchResult } from '../../api/wire.ts';
import { buildFlagSearchItem } from '../../testing/wire-builders.ts';
import { flagSearchKey } from './use-flag-search.ts';
import { useToggleEnvironment } from './use-toggle-environment.ts';

afterEach(() => vi.unstubAllGlobals());

const page: FlagSearchResult = {
  total: 2,
  features: [
    buildFlagSearchItem({ name: 'a', project: 'p', environments: [{ name: 'production', enabled: false }] }),
    buildFlagSearchItem({ name: 'b', project: 'p', environments: [{ name: 'production', enabled: false }] }),
  ],
};

function setup(status: number) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await gate;
      return status === 200
        ? new Response(null, { status })
        : Response.json({ name: 'NoAccessError', message: 'Not allowed' }, { status });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const key = [...flagSearchKey('p'), { limit: 50 }];
  queryClient.setQueryData(key, page);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">{children}</MantineProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useToggleEnvironment(), { wrapper });
  const enabled = (name: string) =>
    queryClient.getQueryData<FlagSearchResult>(key)!.features.find((f) => f.name === name)!.environments[0]!
      .enabled;
  return { result, release, enabled };
}

describe('switching a flag in the table', () => {
  it('moves the switch before the server answers', async () => {
    const { result, release, enabled } = setup(200);
    act(() =>
      result.current.mutate({ projectId: 'p', flagName: 'a', environment: 'production', enabled: true }),
    );
    await waitFor(() => expect(enabled('a')).toBe(true));
    expect(enabled('b')).toBe(false);
    release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('moves it back when the server refuses', async () => {
    const { result, release, enabled } = setup(403);
    act(() =>
      result.current.mutate({ projectId: 'p', flagName: 'a', environment: 'production', enabled: true }),
    );
    await waitFor(() => expect(enabled('a')).toBe(true));
    release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(enabled('a')).toBe(false);
  });
});
