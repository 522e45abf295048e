import { distanceKm } from '../hazards/geo.ts';
import { normaliseAddressText, streetLineKey, type ParsedAddress } from './parse-address.ts';

export interface AddressLike {
  address: string;
  suburb: string;
  postcode: string | null;
}

/**
 * The first candidate that is the same property as the typed address: same street number and
 * street (after normalising street types and unit forms: streetLineKey), and the same suburb and postcode where the typed text
 * has them. Trigram similarity alone would take "14 Collins St" for "12 Collins St".
 */
export function pickAddressMatch<T extends AddressLike>(typed: ParsedAddress, candidates: readonly T[]): T | null {
  if (!typed.streetNumber || !typed.street) return null;
  const wanted = `${typed.streetNumber} ${typed.street}`;
  for (const candidate of candidates) {
    if (streetLineKey(candidate.address) !== wanted) continue;
    if (typed.postcode && candidate.postcode !== typed.postcode) continue;
    if (typed.suburb && normaliseAddressText(candidate.suburb) !== normaliseAddressText(typed.suburb)) continue;
    return candidate;
  }
  return null;
}


/** How far a street address of our sales may lie from the coordinates given and still be taken for them: a street number repeats in the next suburb along a road, never within a kilometre. */
export const ADDRESS_NEAR_COORDINATES_KM = 1;

/**
 * The candidate nearest to the coordinates given, within ADDRESS_NEAR_COORDINATES_KM: the street
 * address a user gave with coordinates and no suburb ("49 Glass St" and a point in Richmond). A
 * candidate without a point of its own counts when its suburb is `nearestSuburb`, the locality
 * nearest to the coordinates.
 */
export function pickAddressNear<T extends AddressLike & { lat: number | null; lng: number | null }>(candidates: readonly T[], lat: number, lng: number, nearestSuburb: string | null): T | null {
  let best: T | null = null;
  let bestKm = ADDRESS_NEAR_COORDINATES_KM;
  for (const candidate of candidates) {
    if (candidate.lat === null || candidate.lng === null) continue;
    const km = distanceKm(lat, lng, candidate.lat, candidate.lng);
    if (km <= bestKm) {
      best = candidate;
      bestKm = km;
    }
  }
  if (best || !nearestSuburb) return best;
  const suburb = normaliseAddressText(nearestSuburb);
  return candidates.find((candidate) => candidate.lat === null && normaliseAddressText(candidate.suburb) === suburb) ?? null;
}
