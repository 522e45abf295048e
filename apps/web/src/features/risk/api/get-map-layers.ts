import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BaseMapResponse, MapNearResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** GET /api/geo/base: states, coastline, rivers and lakes for the whole country (fetched once). */
export function getBaseMap(signal?: AbortSignal): Promise<BaseMapResponse> {
  return requestApi<BaseMapResponse>('/geo/base', { signal });
}

export function useBaseMap() {
  return useQuery(queryOptions({ queryKey: ['geo', 'base'], queryFn: ({ signal }) => getBaseMap(signal), staleTime: Infinity }));
}

/** GET /api/geo/near: suburbs, shoreline, rivers, flood extents, fire detections and coastal points around a place. */
export function getMapNear(location: { lat: number; lng: number }, signal?: AbortSignal): Promise<MapNearResponse> {
  const query = new URLSearchParams({ lat: String(location.lat), lng: String(location.lng), radiusKm: '25' });
  return requestApi<MapNearResponse>(`/geo/near?${query.toString()}`, { signal });
}

export function useMapNear(location: { lat: number; lng: number } | null) {
  return useQuery({
    ...queryOptions({ queryKey: ['geo', 'near', location?.lat ?? 0, location?.lng ?? 0], queryFn: ({ signal }) => getMapNear(location ?? { lat: 0, lng: 0 }, signal), staleTime: Infinity }),
    enabled: location !== null,
  });
}
