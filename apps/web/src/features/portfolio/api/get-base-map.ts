import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaseMapResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/geo/base: states and coastline under the portfolio's exposure map (fetched once). */
export function getBaseMap(signal?: AbortSignal): Promise<BaseMapResponse> {
  return requestApi<BaseMapResponse>('/geo/base', { signal });
}

export function useBaseMap() {
  return useQuery(queryOptions({ queryKey: ['geo', 'base'], queryFn: ({ signal }) => getBaseMap(signal), staleTime: Infinity }));
}
