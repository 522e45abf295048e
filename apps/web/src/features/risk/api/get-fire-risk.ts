import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIRE_RISK_RADIUS_KM, type FireRiskResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

type Location = { lat: number; lng: number };

/** POST /api/functions/fire-risk: satellite fire detections within 50 km of the property (SPEC.md section 7). */
export function getFireRisk(location: Location, signal?: AbortSignal): Promise<FireRiskResponse> {
  return requestApi<FireRiskResponse>('/functions/fire-risk', {
    method: 'POST',
    body: { latitude: location.lat, longitude: location.lng, radiusKm: FIRE_RISK_RADIUS_KM },
    signal,
  });
}

export function getFireRiskQueryOptions(location: Location) {
  return queryOptions({ queryKey: ['hazards', 'fire-risk', location.lat, location.lng], queryFn: ({ signal }) => getFireRisk(location, signal), staleTime: 5 * 60_000 });
}

/** SPEC.md section 8: a fire-risk failure is only logged; the rest of the analysis goes on. */
export function useFireRisk(location: Location | null) {
  return useQuery({ ...getFireRiskQueryOptions(location ?? { lat: 0, lng: 0 }), enabled: location !== null, retry: false });
}
