import { useMutation } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client.ts';
import type { Listing } from '../../../types/listing.ts';

/** The search filter of SPEC.md section 3; unset fields are left out of the request. */
export type SearchFilter = {
  location: string;
  property_type: 'for-sale' | 'for-rent' | 'sold';
  property_category?: 'house' | 'unit' | 'townhouse' | 'villa' | 'land';
  min_price?: number;
  max_price?: number;
  bedrooms?: number;
  bathrooms?: number;
  limit: number;
};

export type SearchResponse = { success: true; properties: Listing[] };

/** SPEC.md section 9: search default limit. */
export const SEARCH_LIMIT = 20;

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
