/**
 * The valuation features of one property as at a date. Every neighbour, suburb and index feature
 * uses only sales strictly before `asAt`, so a training row never sees its own price or later ones.
 */
import {
  findNearestEarlierSales,
  indexLevelAt,
  median,
  monthNumber,
  PROPERTY_TYPE_CODES,
  segmentOf,
  suburbLevel,
  type Neighbour,
  type SalesIndex,
} from './sales-index.ts';
import type { SubjectProperty } from './types.ts';

export const FEATURE_NAMES = [
  'lat',
  'lng',
  'propertyType',
  'bedrooms',
  'bathrooms',
  'carSpaces',
  'landSizeM2',
  'buildingSizeM2',
  'yearBuilt',
  'regionLevel',
  'nearbyLevel',
  'nearbyDistanceKm',
  'nearbyDispersion',
  'nearbyCount',
  'suburbLevel',
  'suburbSaleCount',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Monotone constraints (+1: more never lowers the estimate): land size and building size. */
export const FEATURE_MONOTONE: readonly number[] = FEATURE_NAMES.map((name) => (name === 'landSizeM2' || name === 'buildingSizeM2' ? 1 : 0));

/** Nearest earlier sales of the same type behind the local price level. */
export const NEARBY_K = 12;
/** Most recent earlier sales of the suburb and type behind the suburb level. */
export const SUBURB_LIMIT = 25;

export interface SubjectFeatures {
  values: Float64Array;
  /** The log-price level the model predicts a deviation from (nearby, else suburb, else region). */
  anchor: number;
  propertyType: string;
  state: string | null;
  neighbours: Neighbour[];
}

function orNaN(value: number | null | undefined): number {
  return value === null || value === undefined || !Number.isFinite(value) ? Number.NaN : value;
}

/** The property type used when none is given. */
export const DEFAULT_PROPERTY_TYPE = 'house';

/**
 * Features of `subject` as at `asAt` ('YYYY-MM-DD'), from the sales before asAt in `index`;
 * `fallbackAnchor` (the training mean log price) anchors a property with no earlier sales at all.
 */
export function computeFeatures(index: SalesIndex, subject: SubjectProperty, asAt: string, fallbackAnchor: number): SubjectFeatures {
  const propertyType = subject.propertyType ?? DEFAULT_PROPERTY_TYPE;
  const neighbours = findNearestEarlierSales(index, propertyType, subject.lat, subject.lng, asAt, NEARBY_K, subject.state);
  const state = subject.state ?? neighbours[0]?.sale.state ?? null;
  const segment = segmentOf(propertyType);
  const regionLevel = indexLevelAt(index, state, segment, monthNumber(asAt));
  const nearbyLevel = neighbours.length > 0 ? median(neighbours.map((neighbour) => neighbour.adjustedLogPrice)) : Number.NaN;
  const nearbyDistance = neighbours.length > 0 ? median(neighbours.map((neighbour) => neighbour.distanceKm)) : Number.NaN;
  const nearbyDispersion =
    neighbours.length > 1 ? median(neighbours.map((neighbour) => Math.abs(neighbour.adjustedLogPrice - nearbyLevel))) : Number.NaN;
  const suburb = suburbLevel(index, subject.suburb, subject.postcode, propertyType, state, asAt, SUBURB_LIMIT);
  const values = Float64Array.from([
    subject.lat,
    subject.lng,
    PROPERTY_TYPE_CODES[propertyType] ?? PROPERTY_TYPE_CODES.other!,
    orNaN(subject.bedrooms),
    orNaN(subject.bathrooms),
    orNaN(subject.carSpaces),
    orNaN(subject.landSizeM2),
    orNaN(subject.buildingSizeM2),
    orNaN(subject.yearBuilt),
    regionLevel,
    nearbyLevel,
    nearbyDistance,
    nearbyDispersion,
    neighbours.length,
    suburb.level,
    suburb.count,
  ]);
  const anchor = [nearbyLevel, suburb.level, regionLevel, fallbackAnchor].find((level) => Number.isFinite(level))!;
  return { values, anchor, propertyType, state, neighbours };
}
