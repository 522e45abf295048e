/** One GeoJSON feature of sal_2021_<state>.geojson -> a suburb polygon (data/abs-suburbs-localities-2021/SOURCE.md). */
import { reject, type RowResult } from './sale-record.ts';

export const SUBURBS_DATASET = 'abs-suburbs-localities-2021';

/** ABS ASGS state codes (STE_CODE21) to the usual abbreviations; 9 is Other Territories. */
const STATE_BY_ABS_CODE: Readonly<Record<string, string>> = {
  '1': 'NSW', '2': 'VIC', '3': 'QLD', '4': 'SA', '5': 'WA', '6': 'TAS', '7': 'NT', '8': 'ACT', '9': 'OT',
};

export interface SuburbRecord {
  salCode: string;
  name: string;
  state: string;
  areaKm2: number | null;
  bboxMinLng: number;
  bboxMinLat: number;
  bboxMaxLng: number;
  bboxMaxLat: number;
  geometry: unknown;
}

interface Feature {
  type?: unknown;
  properties?: Record<string, unknown> | null;
  geometry?: { type?: unknown; coordinates?: unknown } | null;
}

/** Visits every [lng, lat] position of a (Multi)Polygon's nested coordinate arrays. */
function visitPositions(coordinates: unknown, visit: (lng: number, lat: number) => void): void {
  if (!Array.isArray(coordinates)) return;
  if (coordinates.length >= 2 && typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
    visit(coordinates[0], coordinates[1]);
    return;
  }
  for (const item of coordinates) visitPositions(item, visit);
}

export function parseSuburbFeature(feature: Feature): RowResult<SuburbRecord> {
  const properties = feature.properties ?? {};
  const salCode = properties.SAL_CODE21;
  const name = properties.SAL_NAME21;
  const state = STATE_BY_ABS_CODE[String(properties.STE_CODE21)];
  if (typeof salCode !== 'string' || salCode === '') return reject('missing_field', 'SAL_CODE21 is missing');
  if (typeof name !== 'string' || name === '') return reject('missing_field', `SAL_NAME21 is missing for ${salCode}`);
  if (state === undefined) return reject('invalid_value', `STE_CODE21 "${String(properties.STE_CODE21)}" is not a state code`);
  const geometry = feature.geometry;
  if (!geometry || (geometry.type !== 'Polygon' && geometry.type !== 'MultiPolygon')) {
    return reject('invalid_value', `geometry of ${salCode} is not a Polygon or MultiPolygon`);
  }
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  visitPositions(geometry.coordinates, (lng, lat) => {
    minLng = Math.min(minLng, lng);
    minLat = Math.min(minLat, lat);
    maxLng = Math.max(maxLng, lng);
    maxLat = Math.max(maxLat, lat);
  });
  if (!Number.isFinite(minLng)) return reject('invalid_value', `geometry of ${salCode} has no positions`);
  const area = properties.AREASQKM21;
  return {
    ok: true,
    adjustments: [],
    value: {
      salCode,
      name,
      state,
      areaKm2: typeof area === 'number' && Number.isFinite(area) ? area : null,
      bboxMinLng: minLng,
      bboxMinLat: minLat,
      bboxMaxLng: maxLng,
      bboxMaxLat: maxLat,
      geometry,
    },
  };
}
