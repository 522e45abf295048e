import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertyDetails } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

export type PropertyResponse = { success: true; property_details: PropertyDetails };

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
