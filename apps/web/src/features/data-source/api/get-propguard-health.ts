import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceHealth } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';
import { HEALTH_POLL_MS } from '../health-state.ts';

/** GET /api/propguard/health: the API, its database and its data. `success: false` is a reading. */
export function getPropguardHealth(signal?: AbortSignal): Promise<ServiceHealth> {
  return requestApi<ServiceHealth>('/propguard/health', { signal, acceptUnsuccessful: true });
}

export function getPropguardHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health', 'propguard'],
    queryFn: ({ signal }) => getPropguardHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}

export function usePropguardHealth() {
  return useQuery(getPropguardHealthQueryOptions());
}
