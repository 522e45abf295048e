import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioListResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/portfolios: the workspace's portfolios, newest first. */
export function getPortfolios(signal?: AbortSignal): Promise<PortfolioListResponse> {
  return requestApi<PortfolioListResponse>('/portfolios', { signal });
}

export function usePortfolios() {
  return useQuery(queryOptions({ queryKey: ['portfolios', 'list'], queryFn: ({ signal }) => getPortfolios(signal) }));
}
