import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The global handler has already told the user; repeating a failed call repeats the alert.
        retry: false,
        // Coming back to the tab should not surprise the user with alerts from silent refetches.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
