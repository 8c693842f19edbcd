import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders inside Mantine in test mode: no transitions, no portals, so what a user sees is in the tree. */
export function renderUi(ui: ReactElement, options?: RenderOptions) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(ui, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test" defaultColorScheme="light">
          {children}
        </MantineProvider>
      </QueryClientProvider>
    ),
    ...options,
  });
}
