import { findMapFeaturesNear } from '@propguard/engines';
import type { MapNear, MapNearQuery } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { requireHazardRuntime } from '../hazards/require-hazards.ts';

/** The hazard layers around a point for the property map (GET /api/geo/near). */
export function getMapNear(context: AppContext, query: MapNearQuery): MapNear {
  return findMapFeaturesNear(requireHazardRuntime(context).context, { lat: query.lat, lng: query.lng }, query.radiusKm);
}
