import { QueryClient } from '@tanstack/react-query';
import { isNotFoundError } from './api-client.ts';

/** Shared query defaults: a missing record is an answer, not something to retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isNotFoundError(error) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
