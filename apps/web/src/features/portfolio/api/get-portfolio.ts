import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioStatusResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/portfolios/{id}: the job's status (loans done, rate, ETA, state). */
export function getPortfolio(portfolioId: string, signal?: AbortSignal): Promise<PortfolioStatusResponse> {
  return requestApi<PortfolioStatusResponse>(`/portfolios/${encodeURIComponent(portfolioId)}`, { signal });
}

export function portfolioQueryOptions(portfolioId: string) {
  return queryOptions({ queryKey: ['portfolios', portfolioId, 'status'], queryFn: ({ signal }) => getPortfolio(portfolioId, signal) });
}

export function usePortfolio(portfolioId: string) {
  return useQuery(portfolioQueryOptions(portfolioId));
}
