import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { featureCollectionSchema, type BaseMap, type FeatureCollection } from '@propguard/schemas';

const NATURAL_EARTH_DIR = 'au-natural-earth';

const BASE_FILES = {
  states: 'au_states_50m.geojson',
  coastline: 'au_coastline_10m.geojson',
  rivers: 'au_rivers_lake_centerlines_10m.geojson',
  lakes: 'au_lakes_10m.geojson',
} as const;

/** Reads `name.gz` (as shipped) or `name`, and checks it is a FeatureCollection. */
export function readFeatureCollection(dataDir: string, folder: string, name: string): FeatureCollection {
  const file = path.join(dataDir, folder, name);
  const bytes = fs.existsSync(`${file}.gz`) ? zlib.gunzipSync(fs.readFileSync(`${file}.gz`)) : fs.readFileSync(file);
  return featureCollectionSchema.parse(JSON.parse(bytes.toString('utf8')));
}

export const BASE_MAP_ATTRIBUTION = 'Natural Earth (public domain); ABS ASGS 2021 (CC BY 4.0); GSHHG 2.3.7 (LGPL); NASA FIRMS';

/** The national layers of the property map from Natural Earth (read once, then kept). */
export function loadBaseMap(dataDir: string, satelliteTileUrl: string | undefined): BaseMap {
  return {
    states: readFeatureCollection(dataDir, NATURAL_EARTH_DIR, BASE_FILES.states),
    coastline: readFeatureCollection(dataDir, NATURAL_EARTH_DIR, BASE_FILES.coastline),
    rivers: readFeatureCollection(dataDir, NATURAL_EARTH_DIR, BASE_FILES.rivers),
    lakes: readFeatureCollection(dataDir, NATURAL_EARTH_DIR, BASE_FILES.lakes),
    satelliteTileUrl: satelliteTileUrl ?? null,
    attribution: BASE_MAP_ATTRIBUTION,
  };
}
