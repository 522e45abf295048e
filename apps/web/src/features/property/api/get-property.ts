import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyDetailsResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export function getProperty(listingId: string, signal?: AbortSignal): Promise<PropertyDetailsResponse> {
  return requestApi<PropertyDetailsResponse>(`/realty/property/${encodeURIComponent(listingId)}`, { signal });
}

export function getPropertyQueryOptions(listingId: string) {
  return queryOptions({
    queryKey: ['realty', 'property', listingId],
    queryFn: ({ signal }) => getProperty(listingId, signal),
  });
}

export function useProperty(listingId: string) {
  return useQuery(getPropertyQueryOptions(listingId));
}
