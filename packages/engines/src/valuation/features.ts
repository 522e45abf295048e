/**
 * The valuation features of one property as at a date. Every neighbour, suburb and index feature
 * uses only sales strictly before `asAt`, so a training row never sees its own price or later ones.
 */
import {
  findNearestEarlierSales,
  fractionalYear,
  indexLevelAt,
  median,
  monthNumber,
  projectKm,
  PROPERTY_TYPE_CODES,
  segmentOf,
  streetNameKey,
  suburbLevel,
  type LeaveOut,
  type Neighbour,
  type SalesIndex,
} from './sales-index.ts';
import { describePreviousSale, findOwnSaleRecords, type PreviousSaleFeature } from './own-sale.ts';
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
  // Issue 17: comparable-sales, relative-level, attribute-difference and location features.
  'compRel',
  'compSpread',
  'compAgeYears',
  'suburbRel',
  'regionRel',
  'landRatio',
  'buildingRatio',
  'bedroomDiff',
  'bathroomDiff',
  'cbdDistanceKm',
  'cbdBearing',
  'rotatedA',
  'rotatedB',
  'ownSaleRel',
  'ownSaleAgeMonths',
  'suburbBedroomRel',
  'suburbBedroomCount',
  'landPpmRel',
  'buildingPpmRel',
  // Issue 31: sales placed at their locality's point (no geocode), of the subject's street.
  'streetRel',
  'streetCount',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Features that grow with land or building size and with nothing else the subject states: land
 * and building size themselves, their ratios to the nearby sales' medians, and the comparables'
 * price per m² carried to them.
 */
const MONOTONE_FEATURES: ReadonlySet<string> = new Set(['landSizeM2', 'buildingSizeM2', 'landRatio', 'buildingRatio', 'landPpmRel', 'buildingPpmRel']);

/** Monotone constraints (+1: more never lowers the estimate): land size and building size. */
export const FEATURE_MONOTONE: readonly number[] = FEATURE_NAMES.map((name) => (MONOTONE_FEATURES.has(name) ? 1 : 0));

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
  /** The COMPARABLE_K nearest earlier sales of the same type (neighbours are their first NEARBY_K). */
  comparables: Neighbour[];
  /**
   * The address's own earlier sale that anchors the estimate (own-sale.ts, findOwnSaleRecords):
   * its latest market sale (any age), or a later record that is not one (a passed-in bid) when that
   * weighs more; time-adjusted to the as-at date. The trees' ownSale features read the latest
   * market sale only, as in training.
   */
  previousSale: PreviousSaleFeature | null;
}

function orNaN(value: number | null | undefined): number {
  return value === null || value === undefined || !Number.isFinite(value) ? Number.NaN : value;
}

/** The property type used when none is given. */
export const DEFAULT_PROPERTY_TYPE = 'house';

/** Most recent earlier sales of the suburb, type and bedroom count behind suburbBedroomRel. */
export const SUBURB_BEDROOM_LIMIT = 15;
/** Nearest earlier sales of the same type behind the comparable-sales features (the first NEARBY_K are the nearby ones). */
export const COMPARABLE_K = 24;
/** Comparable weights: distance scale (km), recency scale (years), per bedroom/bathroom of difference. */
const COMP_DISTANCE_KM = 1;
const COMP_RECENCY_YEARS = 2;
const COMP_ROOM_PENALTY = 0.35;

/** The capital's centre (GPO) of each state: distance and bearing to the CBD. */
const CBD_BY_STATE: Readonly<Record<string, { lat: number; lng: number }>> = {
  NSW: { lat: -33.8688, lng: 151.2093 },
  VIC: { lat: -37.8136, lng: 144.9631 },
  QLD: { lat: -27.4698, lng: 153.0251 },
  WA: { lat: -31.9523, lng: 115.8613 },
  SA: { lat: -34.9285, lng: 138.6007 },
  TAS: { lat: -42.8821, lng: 147.3272 },
  ACT: { lat: -35.2809, lng: 149.13 },
  NT: { lat: -12.4634, lng: 130.8456 },
};

/** log(subject / median of the neighbours' values), NaN when either side is unknown. */
function logRatioToNeighbours(subjectValue: number | null | undefined, neighbourValues: (number | null)[]): number {
  if (subjectValue == null || !(subjectValue > 0)) return Number.NaN;
  const known = neighbourValues.filter((value): value is number => value != null && value > 0);
  if (known.length < 3) return Number.NaN;
  return Math.log(subjectValue / median(known));
}

function differenceToNeighbours(subjectValue: number | null | undefined, neighbourValues: (number | null)[]): number {
  if (subjectValue == null || !Number.isFinite(subjectValue)) return Number.NaN;
  const known = neighbourValues.filter((value): value is number => value != null);
  if (known.length < 3) return Number.NaN;
  return subjectValue - median(known);
}

/**
 * Comparable-sales level: the similarity-weighted mean of the comparables' time-adjusted log prices,
 * weights exp(-distance / 1 km) * exp(-age / 2 years) * exp(-0.35 per bedroom and per bathroom of
 * difference) (land and building sizes stay out of the weights: the estimate must stay monotone in
 * them), with the weighted standard deviation and mean age.
 */
function comparableLevel(subject: SubjectProperty, neighbours: readonly Neighbour[], asAtYear: number): { level: number; spread: number; ageYears: number; weights: number[] } {
  const weights: number[] = [];
  let weightSum = 0;
  let levelSum = 0;
  let ageSum = 0;
  for (const neighbour of neighbours) {
    const sale = neighbour.sale;
    // Years between the sale and the as-at date (a leave-one-out training row's comparables may be later).
    const age = Math.abs(asAtYear - fractionalYear(sale.saleDate));
    let weight = Math.exp(-neighbour.distanceKm / COMP_DISTANCE_KM - age / COMP_RECENCY_YEARS);
    if (subject.bedrooms != null && sale.bedrooms != null) weight *= Math.exp(-COMP_ROOM_PENALTY * Math.abs(subject.bedrooms - sale.bedrooms));
    if (subject.bathrooms != null && sale.bathrooms != null) weight *= Math.exp(-COMP_ROOM_PENALTY * Math.abs(subject.bathrooms - sale.bathrooms));
    weight = Math.max(weight, 1e-9);
    weights.push(weight);
    weightSum += weight;
    levelSum += weight * neighbour.adjustedLogPrice;
    ageSum += weight * age;
  }
  if (weightSum === 0) return { level: Number.NaN, spread: Number.NaN, ageYears: Number.NaN, weights };
  const level = levelSum / weightSum;
  let variance = 0;
  neighbours.forEach((neighbour, i) => {
    variance += (weights[i] ?? 0) * (neighbour.adjustedLogPrice - level) ** 2;
  });
  return { level, spread: neighbours.length > 1 ? Math.sqrt(variance / weightSum) : Number.NaN, ageYears: ageSum / weightSum, weights };
}

/**
 * The comparables' price per square metre carried to the subject's size: the weighted mean (the
 * comparables' weights) of log(time-adjusted price / size) over the comparables whose size is known,
 * plus log(subject size). NaN when the subject's size or fewer than 3 comparables' sizes are known.
 * It grows with the subject's size alone (the weights never look at it).
 */
function perSquareMetreLevel(subjectSize: number | null | undefined, neighbours: readonly Neighbour[], weights: readonly number[], sizeOf: (sale: Neighbour['sale']) => number | null | undefined): number {
  if (subjectSize == null || !(subjectSize > 0)) return Number.NaN;
  let weightSum = 0;
  let sum = 0;
  let count = 0;
  neighbours.forEach((neighbour, i) => {
    const size = sizeOf(neighbour.sale);
    if (size == null || !(size > 0)) return;
    count += 1;
    weightSum += weights[i]!;
    sum += weights[i]! * (neighbour.adjustedLogPrice - Math.log(size));
  });
  return count < 3 || weightSum === 0 ? Number.NaN : sum / weightSum + Math.log(subjectSize);
}

/**
 * The comparables of the subject's street among those placed at their locality's point (where the
 * distance says nothing; findNearestEarlierSales marks them): their mean time-adjusted log price and
 * count (NaN and 0 without any).
 */
function streetEvidence(comparables: readonly Neighbour[]): { level: number; count: number } {
  let sum = 0;
  let count = 0;
  for (const neighbour of comparables) {
    if (!neighbour.sameStreet) continue;
    sum += neighbour.adjustedLogPrice;
    count += 1;
  }
  return count === 0 ? { level: Number.NaN, count: 0 } : { level: sum / count, count };
}

/**
 * Features of `subject` as at `asAt` ('YYYY-MM-DD'), from the sales before asAt in `index`;
 * `fallbackAnchor` (the training mean log price) anchors a property with no earlier sales at all.
 * `leaveOut` (training rows only): every other sale is evidence, later ones too (LeaveOut); the
 * address's own previous sale is still only an earlier one.
 */
export function computeFeatures(index: SalesIndex, subject: SubjectProperty, asAt: string, fallbackAnchor: number, leaveOut?: LeaveOut): SubjectFeatures {
  const propertyType = subject.propertyType ?? DEFAULT_PROPERTY_TYPE;
  const similar = { street: subject.address ? streetNameKey(subject.address) : null, landSizeM2: subject.landSizeM2 };
  const comparables = findNearestEarlierSales(index, propertyType, subject.lat, subject.lng, asAt, COMPARABLE_K, subject.state, leaveOut, similar);
  const neighbours = comparables.slice(0, NEARBY_K);
  const state = subject.state ?? neighbours[0]?.sale.state ?? null;
  const segment = segmentOf(propertyType);
  const regionLevel = indexLevelAt(index, state, segment, monthNumber(asAt));
  const nearbyLevel = neighbours.length > 0 ? median(neighbours.map((neighbour) => neighbour.adjustedLogPrice)) : Number.NaN;
  const nearbyDistance = neighbours.length > 0 ? median(neighbours.map((neighbour) => neighbour.distanceKm)) : Number.NaN;
  const nearbyDispersion =
    neighbours.length > 1 ? median(neighbours.map((neighbour) => Math.abs(neighbour.adjustedLogPrice - nearbyLevel))) : Number.NaN;
  const suburb = suburbLevel(index, subject.suburb, subject.postcode, propertyType, state, asAt, SUBURB_LIMIT, undefined, leaveOut);
  const anchor = [nearbyLevel, suburb.level, regionLevel, fallbackAnchor].find((level) => Number.isFinite(level))!;
  const suburbBedrooms = subject.bedrooms == null ? { level: Number.NaN, count: 0 } : suburbLevel(index, subject.suburb, subject.postcode, propertyType, state, asAt, SUBURB_BEDROOM_LIMIT, subject.bedrooms, leaveOut);
  const comp = comparableLevel(subject, comparables, fractionalYear(asAt));
  const cbd = state ? CBD_BY_STATE[state] : undefined;
  const here = projectKm(subject.lat, subject.lng);
  const centre = cbd ? projectKm(cbd.lat, cbd.lng) : null;
  const dx = centre ? here.x - centre.x : Number.NaN;
  const dy = centre ? here.y - centre.y : Number.NaN;
  const records = findOwnSaleRecords(index, subject, asAt);
  const own = records.market ? describePreviousSale(index, records.market, state, propertyType, asAt) : null;
  const previousSale = records.evidence === records.market ? own : describePreviousSale(index, records.evidence!, state, propertyType, asAt);
  const comparableSales = comparables.map((neighbour) => neighbour.sale);
  const street = streetEvidence(comparables);
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
    comp.level - anchor,
    comp.spread,
    comp.ageYears,
    suburb.level - anchor,
    regionLevel - anchor,
    logRatioToNeighbours(subject.landSizeM2, comparableSales.map((sale) => sale.landSizeM2)),
    logRatioToNeighbours(subject.buildingSizeM2, comparableSales.map((sale) => sale.buildingSizeM2)),
    differenceToNeighbours(subject.bedrooms, comparableSales.map((sale) => sale.bedrooms)),
    differenceToNeighbours(subject.bathrooms, comparableSales.map((sale) => sale.bathrooms)),
    Math.sqrt(dx * dx + dy * dy),
    centre ? Math.atan2(dy, dx) : Number.NaN,
    centre ? (dx + dy) / Math.SQRT2 : Number.NaN,
    centre ? (dx - dy) / Math.SQRT2 : Number.NaN,
    own ? own.logAdjusted - anchor : Number.NaN,
    own ? own.ageMonths : Number.NaN,
    suburbBedrooms.level - anchor,
    suburbBedrooms.count,
    perSquareMetreLevel(subject.landSizeM2, comparables, comp.weights, (sale) => sale.landSizeM2) - anchor,
    perSquareMetreLevel(subject.buildingSizeM2, comparables, comp.weights, (sale) => sale.buildingSizeM2) - anchor,
    street.level - anchor,
    street.count,
  ]);
  return { values, anchor, propertyType, state, neighbours, comparables, previousSale };
}
