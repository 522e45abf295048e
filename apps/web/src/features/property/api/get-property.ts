import { queryOptions, useQuery } from '@tanstack/react-query';
import { requestApi } from '../../../lib/api-client.ts';
import type { Listing } from '../../../types/listing.ts';

export type PropertyResponse = { success: true; property_details: Listing };

export function getProperty(listingId: string, signal?: AbortSignal): Promise<PropertyResponse> {
  return requestApi<PropertyResponse>(`/realty/property/${encodeURIComponent(listingId)}`, { signal });
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
