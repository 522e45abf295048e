import { useMutation } from '@tanstack/react-query';
import type { SearchRequestInput, SearchResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export type SearchFilter = SearchRequestInput;

/** POST /api/realty/search: one page of listings from our sales, each with our valuation and risk. */
export function searchProperties(filter: SearchFilter): Promise<SearchResponse> {
  return requestApi<SearchResponse>('/realty/search', { method: 'POST', body: filter });
}

export function useSearchProperties(options: { onSuccess?: (data: SearchResponse, filter: SearchFilter) => void; onError?: (error: Error) => void } = {}) {
  return useMutation({
    mutationKey: ['realty', 'search'],
    mutationFn: searchProperties,
    onSuccess: options.onSuccess,
    onError: options.onError,
  });
}

/** The next page of the same search (no toasts: SPEC.md's toasts belong to the search itself). */
export function useLoadMoreProperties() {
  return useMutation({ mutationKey: ['realty', 'search', 'more'], mutationFn: searchProperties });
}
