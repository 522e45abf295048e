import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceHealth } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';
import { HEALTH_POLL_MS } from '../health-state.ts';

/** GET /api/realty/health: the property data index. `success: false` is a reading. */
export function getRealtyHealth(signal?: AbortSignal): Promise<ServiceHealth> {
  return requestApi<ServiceHealth>('/realty/health', { signal, acceptUnsuccessful: true });
}

export function getRealtyHealthQueryOptions() {
  return queryOptions({
    queryKey: ['health', 'realty'],
    queryFn: ({ signal }) => getRealtyHealth(signal),
    refetchInterval: HEALTH_POLL_MS,
    staleTime: 0,
    retry: false,
  });
}

export function useRealtyHealth() {
  return useQuery(getRealtyHealthQueryOptions());
}
