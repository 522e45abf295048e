import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PortfolioResultsPage, PortfolioResultsQueryInput } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export function resultsSearch(query: PortfolioResultsQueryInput): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
  return search.toString();
}

/** GET /api/portfolios/{id}/results: one page of per-loan results, sorted and filtered by the server. */
export function getPortfolioResults(portfolioId: string, query: PortfolioResultsQueryInput, signal?: AbortSignal): Promise<PortfolioResultsPage> {
  return requestApi<PortfolioResultsPage>(`/portfolios/${encodeURIComponent(portfolioId)}/results?${resultsSearch(query)}`, { signal });
}

export function usePortfolioResults(portfolioId: string, query: PortfolioResultsQueryInput, version: number) {
  return useQuery({
    ...queryOptions({ queryKey: ['portfolios', portfolioId, 'results', query, version], queryFn: ({ signal }) => getPortfolioResults(portfolioId, query, signal) }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/portfolios/{id}/results.csv: the whole book with the output columns (a plain download link). */
export function portfolioResultsCsvUrl(portfolioId: string): string {
  return `/api/portfolios/${encodeURIComponent(portfolioId)}/results.csv`;
}
