/**
 * `loadKnownFloodPlaces(dataDir)`: the evaluation table of known flood-affected and flood-free
 * places (data/hazard-known-places/flood_known_places.csv, issue 18), read by the hazard benchmark
 * and the sanity tests. Not an input of any score.
 */
import { readCsvRows, resolveDataFile } from '../ingest/read-source-file.ts';
import { HazardDataMissingError } from './load-hazard-data.ts';

export const KNOWN_FLOOD_PLACES_FILE = 'hazard-known-places/flood_known_places.csv';

export interface KnownFloodPlace {
  city: string;
  place: string;
  lat: number;
  lng: number;
  isFloodAffected: boolean;
  evidence: string;
}

export async function loadKnownFloodPlaces(dataDir: string): Promise<KnownFloodPlace[]> {
  const path = resolveDataFile(dataDir, KNOWN_FLOOD_PLACES_FILE);
  if (!path) throw new HazardDataMissingError(KNOWN_FLOOD_PLACES_FILE, dataDir);
  const places: KnownFloodPlace[] = [];
  for await (const row of readCsvRows(path)) {
    const lat = Number(row.lat);
    const lng = Number(row.lng);
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) throw new Error(`${KNOWN_FLOOD_PLACES_FILE}: bad coordinates for ${row.place}`);
    places.push({ city: row.city ?? '', place: row.place ?? '', lat, lng, isFloodAffected: row.flood_affected === '1', evidence: row.evidence ?? '' });
  }
  return places;
}
