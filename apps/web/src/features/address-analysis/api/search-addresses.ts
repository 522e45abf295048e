import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressSuggestionsResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

const EMPTY_SUGGESTIONS: AddressSuggestionsResponse = { suggestions: [], source: '', tookMs: 0 };

/**
 * POST /api/functions/address-search, action "autocomplete". SPEC.md sections 7 and 8: a failure
 * is logged only and reads as an empty list.
 */
export async function getAddressSuggestions(query: string, signal?: AbortSignal): Promise<AddressSuggestionsResponse> {
  try {
    return await requestApi<AddressSuggestionsResponse>('/functions/address-search', { method: 'POST', body: { action: 'autocomplete', query }, signal });
  } catch (error) {
    if (!signal?.aborted) console.error('Address suggestions failed', error);
    return EMPTY_SUGGESTIONS;
  }
}

export function addressSuggestionsQueryOptions(query: string) {
  return queryOptions({
    queryKey: ['address-search', 'autocomplete', query],
    queryFn: ({ signal }) => getAddressSuggestions(query, signal),
    staleTime: 5 * 60_000,
  });
}

/** Suggestions for `query` when `enabled`; the previous list stays up while the next one loads. */
export function useAddressSuggestions(query: string, enabled: boolean) {
  return useQuery({ ...addressSuggestionsQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
