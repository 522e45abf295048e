import type { HazardId } from '@propguard/schemas';

/** Sample hazard scores of a demo property (SPEC.md "Demo property" risks), 0 to 100. */
export type SampleRiskScores = Readonly<Record<HazardId, number>>;

/**
 * The property the risk panels describe. Live: the hazard engine assesses its coordinates. Demo:
 * the sample property's own sample scores, always labelled "Demo data"; the map still shows the
 * real geography around it.
 */
export type RiskSubject =
  | { kind: 'live'; address: string; lat: number; lng: number; valueAud: number | null }
  | { kind: 'demo'; address: string; lat: number; lng: number; valueAud: number; sampleScores: SampleRiskScores };

/** The map's three hazard layers (SPEC.md: flood, fire, erosion; erosion off by default). */
export type MapLayerId = 'flood' | 'fire' | 'erosion';

export const MAP_LAYER_HAZARD: Readonly<Record<MapLayerId, Extract<HazardId, 'flood' | 'fire' | 'coastal'>>> = { flood: 'flood', fire: 'fire', erosion: 'coastal' };

/** SPEC.md sections 5 and 9: the overlay shows above 20, the hotspot above 30, recommendations above 50. */
export const OVERLAY_THRESHOLD = 20;
export const HOTSPOT_THRESHOLD = 30;
export const RECOMMENDATION_THRESHOLD = 50;

/** SPEC.md section 4: zoom 1 to 20. */
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 20;

export function clampZoom(zoom: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));
}

/** A circle of `radiusKm` around a point as a GeoJSON ring (equirectangular; fine at a few km). */
export function circleRing(lat: number, lng: number, radiusKm: number, steps = 64): [number, number][] {
  const kmPerDegLat = 111.32;
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180);
  const ring: [number, number][] = [];
  for (let step = 0; step <= steps; step += 1) {
    const angle = (2 * Math.PI * step) / steps;
    ring.push([lng + (radiusKm * Math.cos(angle)) / kmPerDegLng, lat + (radiusKm * Math.sin(angle)) / kmPerDegLat]);
  }
  return ring;
}
