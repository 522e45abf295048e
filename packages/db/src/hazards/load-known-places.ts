/**
 * `loadKnownFloodPlaces(dataDir)`: the evaluation table of known flood-affected and flood-free
 * places (data/hazard-known-places/flood_known_places.csv, issue 18), read by the hazard benchmark
 * and the sanity tests; `loadKnownEarthquakePlaces(dataDir)`: the epicentres of every onshore Mw 6+
 * event of the NSHA18 catalogue (earthquake_known_places.csv, issue 33). Not an input of any score.
 */
import { readCsvRows, resolveDataFile } from '../ingest/read-source-file.ts';
import { HazardDataMissingError } from './load-hazard-data.ts';

export const KNOWN_FLOOD_PLACES_FILE = 'hazard-known-places/flood_known_places.csv';
export const KNOWN_EARTHQUAKE_PLACES_FILE = 'hazard-known-places/earthquake_known_places.csv';

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

/** An onshore NSHA18 event of Mw 6 or more (scripts/data/nsha18-onshore-m6.ts). */
export interface KnownEarthquakePlace {
  eventTime: string;
  place: string;
  lat: number;
  lng: number;
  magnitudeMw: number;
}

export async function loadKnownEarthquakePlaces(dataDir: string): Promise<KnownEarthquakePlace[]> {
  const path = resolveDataFile(dataDir, KNOWN_EARTHQUAKE_PLACES_FILE);
  if (!path) throw new HazardDataMissingError(KNOWN_EARTHQUAKE_PLACES_FILE, dataDir);
  const places: KnownEarthquakePlace[] = [];
  for await (const row of readCsvRows(path)) {
    const [lat, lng, magnitudeMw] = [Number(row.lat), Number(row.lng), Number(row.mw)];
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !Number.isFinite(magnitudeMw)) throw new Error(`${KNOWN_EARTHQUAKE_PLACES_FILE}: bad row for ${row.place}`);
    places.push({ eventTime: row.event_time ?? '', place: row.place ?? '', lat, lng, magnitudeMw });
  }
  return places;
}
