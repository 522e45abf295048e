import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** An answer about the request itself (4xx: missing, sign in, no access, over quota): asking again gives the same answer. */
function isFinalAnswer(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** Shared query defaults: a missing record, a sign-in or a refusal is an answer, not something to retry. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isFinalAnswer(error) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}
