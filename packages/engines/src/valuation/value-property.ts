/**
 * Value one property as at a date: estimate, calibrated 80% range, confidence, factors in dollars,
 * comparables, land/building/intangible breakdown and a timeline. Pure: the model, the sales index
 * and the date are arguments. Method: docs/methodology/valuation.md.
 */
import type { ValuationResult } from '@propguard/schemas';
import { computeFeatures, FEATURE_NAMES, type SubjectFeatures } from './features.ts';
import { explainGbm, predictCompiled } from './gbm.ts';
import type { ValuationModel, ValuationModelArtifact } from './model.ts';
import { smoothingCorrection } from './residual-smoothing.ts';
import { anchorOnOwnSale, type OwnSaleAnchor, type PreviousSale } from './own-sale.ts';
import { findNearestEarlierSales, fractionalYear, median, type Neighbour, type SalesIndex } from './sales-index.ts';
import type { SubjectProperty } from './types.ts';

export type PropertyValuation = Omit<ValuationResult, 'property' | 'assumed' | 'dataSource' | 'asAt' | 'market' | 'subject'> & {
  asAt: string;
  /** exp(base log value): the estimate before any factor; base + the factors' dollars = estimate */
  baseValueAud: number;
};

export interface ValuePropertyOptions {
  /** 'YYYY-MM-DD': only sales strictly before this date are used. */
  asAt: string;
  /** Dates for the timeline (default: 3, 2 and 1 years before asAt, and asAt). */
  timelineDates?: string[];
}

/** Quantile z of the standard normal at 90% (an 80% two-sided range spans +-1.2816 sd). */
const Z_80 = 1.2816;

/** The model's log-price prediction for prepared features. */
export function predictLogPrice(model: ValuationModel, features: SubjectFeatures): number {
  return features.anchor + predictCompiled(model.compiled, features.values);
}

/** A region's calibration quantiles of the scaled residuals ('*' for a region without its own). */
export function intervalFor(artifact: ValuationModelArtifact, state: string | null) {
  return artifact.intervals.byRegion[state ?? '*'] ?? artifact.intervals.byRegion['*']!;
}

/**
 * The row's scale: exp of the scale model's estimate of log |residual| from the features (how far
 * the comparables are, how much they disagree, which attributes are missing...). The range is the
 * region's quantiles times this, so it is narrow where the evidence is strong.
 */
export function intervalScaleOf(model: ValuationModel, features: SubjectFeatures): number {
  return Math.exp(predictCompiled(model.intervalScale, features.values));
}

export interface PointValuation {
  logEstimate: number;
  estimate: number;
  /** The model's own estimate, before the property's own recent sale (if any) anchored it. */
  modelLogEstimate: number;
  modelEstimate: number;
  ownSale: OwnSaleAnchor | null;
  /** The address's own latest earlier sale (any age, time-adjusted): a feature, and the anchor when recent. */
  previousSale: PreviousSale | null;
  /** The second stage's log correction (residual-smoothing.ts), part of modelLogEstimate. */
  smoothingCorrection: number;
  /** The model's log estimate and 80% range before the own-sale anchor. */
  modelRange: { logEstimate: number; lowLog: number; highLog: number };
  low: number;
  high: number;
  confidence: number;
  confidenceLevel: 'High' | 'Medium' | 'Low';
  features: SubjectFeatures;
}

/**
 * Confidence 0-100 from the forecast standard deviation (FSD, the range's log half-width / 1.2816)
 * and data density: 100 - 250 * FSD - 10 * (1 - nearby/12); High >= 70 (FSD <= 12% with full
 * evidence), Medium 45-69, Low < 45. Thresholds follow the convention of Australian AVM vendors
 * (CoreLogic, PropTrack) of grading by FSD, with our own cut-offs.
 */
export function confidenceFrom(lowLog: number, highLog: number, nearbyCount: number): { confidence: number; level: 'High' | 'Medium' | 'Low' } {
  const fsd = (highLog - lowLog) / (2 * Z_80);
  const raw = 100 - 250 * fsd - 10 * Math.max(0, 1 - nearbyCount / 12);
  const confidence = Math.round(Math.min(100, Math.max(0, raw)));
  return { confidence, level: confidence >= 70 ? 'High' : confidence >= 45 ? 'Medium' : 'Low' };
}

/** Estimate and range only (the batch CLI and the benchmark use this; no explanations). */
export function valuePoint(model: ValuationModel, index: SalesIndex, subject: SubjectProperty, asAt: string): PointValuation {
  const features = computeFeatures(index, subject, asAt, model.artifact.meanAnchor);
  const correction = smoothingCorrection(model.smoothing, features.comparables, asAt);
  const modelLogEstimate = predictLogPrice(model, features) + correction;
  const quantiles = intervalFor(model.artifact, features.state);
  const scale = intervalScaleOf(model, features);
  // The range always contains the estimate: the residual quantiles are clamped to either side of 0.
  const modelRange = {
    logEstimate: modelLogEstimate,
    lowLog: modelLogEstimate + Math.min(0, quantiles.low) * scale,
    highLog: modelLogEstimate + Math.max(0, quantiles.high) * scale,
  };
  const { logEstimate, lowLog, highLog, anchor } = anchorOnOwnSale(features.previousSale, modelRange);
  const estimate = Math.round(Math.exp(logEstimate));
  const { confidence, level } = confidenceFrom(lowLog, highLog, features.values[FEATURE_NAMES.indexOf('nearbyCount')]!);
  return {
    logEstimate,
    estimate,
    modelLogEstimate,
    modelEstimate: Math.round(Math.exp(modelLogEstimate)),
    ownSale: anchor,
    previousSale: features.previousSale,
    modelRange,
    smoothingCorrection: correction,
    low: Math.min(estimate, Math.round(Math.exp(lowLog))),
    high: Math.max(estimate, Math.round(Math.exp(highLog))),
    confidence,
    confidenceLevel: level,
    features,
  };
}

/** "1 bedroom", "3 bedrooms". */
function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

const FACTOR_GROUPS: { feature: string; members: string[]; label: (subject: SubjectProperty, features: SubjectFeatures) => string }[] = [
  { feature: 'location', members: ['lat', 'lng', 'cbdDistanceKm', 'cbdBearing', 'rotatedA', 'rotatedB'], label: (s) => `Location (${s.lat.toFixed(4)}, ${s.lng.toFixed(4)})` },
  {
    feature: 'localPriceLevel',
    members: ['nearbyLevel', 'nearbyDistanceKm', 'nearbyDispersion', 'nearbyCount', 'compRel', 'compSpread', 'compAgeYears'],
    label: (_s, f) => `Recent nearby sales (${f.neighbours.length}, time-adjusted)`,
  },
  { feature: 'suburbPriceLevel', members: ['suburbLevel', 'suburbSaleCount', 'suburbRel'], label: (s) => `Suburb sales${s.suburb ? ` in ${s.suburb}` : ''}` },
  { feature: 'marketTrend', members: ['regionLevel', 'regionRel'], label: () => 'Market level at the valuation date (the market\'s own quality-adjusted index)' },
  { feature: 'propertyType', members: ['propertyType'], label: (_s, f) => `Property type ${f.propertyType}` },
  { feature: 'bedrooms', members: ['bedrooms', 'bedroomDiff', 'suburbBedroomRel', 'suburbBedroomCount'], label: (s) => (s.bedrooms == null ? 'Bedrooms unknown' : plural(s.bedrooms, 'bedroom')) },
  { feature: 'bathrooms', members: ['bathrooms', 'bathroomDiff'], label: (s) => (s.bathrooms == null ? 'Bathrooms unknown' : plural(s.bathrooms, 'bathroom')) },
  { feature: 'carSpaces', members: ['carSpaces'], label: (s) => (s.carSpaces == null ? 'Car spaces unknown' : plural(s.carSpaces, 'car space')) },
  { feature: 'landSizeM2', members: ['landSizeM2', 'landRatio', 'landPpmRel'], label: (s) => (s.landSizeM2 == null ? 'Land size unknown' : `Land size ${Math.round(s.landSizeM2)} m²`) },
  { feature: 'buildingSizeM2', members: ['buildingSizeM2', 'buildingRatio', 'buildingPpmRel'], label: (s) => (s.buildingSizeM2 == null ? 'Building size unknown' : `Building size ${Math.round(s.buildingSizeM2)} m²`) },
  { feature: 'yearBuilt', members: ['yearBuilt'], label: (s) => (s.yearBuilt == null ? 'Year built unknown' : `Built ${s.yearBuilt}`) },
];

/** Every feature belongs to exactly one factor group (checked by the unit tests), except the own sale's, which joins the own-sale factor. */
export const OWN_SALE_FEATURES: readonly string[] = ['ownSaleRel', 'ownSaleAgeMonths'];
export const FACTOR_GROUP_MEMBERS: readonly string[] = FACTOR_GROUPS.flatMap((group) => group.members);

/**
 * Factors in dollars. In log space, prediction = base + sum(c_f) exactly, with base = meanAnchor +
 * the trees' bias and c_f the Saabas contributions (the anchor's deviation from meanAnchor is
 * credited to the local price level). Each c_f becomes dollars by the logarithmic mean
 * L = (E - B) / (ln E - ln B) (log-mean Divisia decomposition): $_f = c_f * L, so the dollars sum
 * to E - B exactly; L -> E when E ~ B. Rounding residue goes to the largest factor.
 */
function computeFactors(model: ValuationModel, subject: SubjectProperty, point: PointValuation) {
  const { bias, contributions } = explainGbm(model.gbm, point.features.values);
  const baseLog = model.artifact.meanAnchor + bias;
  const logContributions = new Map<string, number>();
  FEATURE_NAMES.forEach((name, feature) => logContributions.set(name, contributions[feature]!));
  logContributions.set('nearbyLevel', logContributions.get('nearbyLevel')! + point.features.anchor - model.artifact.meanAnchor);
  // The second stage's correction from the comparables' residuals belongs to the nearby sales.
  logContributions.set('compRel', logContributions.get('compRel')! + point.smoothingCorrection);
  const baseValue = Math.round(Math.exp(baseLog));
  const estimateExact = Math.exp(point.modelLogEstimate);
  const deltaLog = point.modelLogEstimate - baseLog;
  const logMean = Math.abs(deltaLog) < 1e-9 ? estimateExact : (estimateExact - Math.exp(baseLog)) / deltaLog;
  const groups = [...FACTOR_GROUPS, { feature: 'ownSale', members: [...OWN_SALE_FEATURES], label: () => '' }];
  const factors = groups.map((group) => {
    const log = group.members.reduce((sum, member) => sum + (logContributions.get(member) ?? 0), 0);
    return { feature: group.feature, label: group.label(subject, point.features), contributionAud: Math.round(log * logMean) };
  });
  const residue = point.modelEstimate - baseValue - factors.reduce((sum, factor) => sum + factor.contributionAud, 0);
  const largest = factors.reduce((best, factor) => (Math.abs(factor.contributionAud) > Math.abs(best.contributionAud) ? factor : best), factors[0]!);
  largest.contributionAud += residue;
  // The own sale's factor: what the trees made of it (a feature) plus what the anchor blend moved
  // the model's estimate by (the second stage); absent when the address has no earlier sale.
  const ownFactor = factors.pop()!;
  const own = point.ownSale;
  const previous = point.previousSale;
  if (own) {
    ownFactor.contributionAud += point.estimate - point.modelEstimate;
    ownFactor.label = `This property's own sale on ${own.saleDate} for $${own.priceAud.toLocaleString('en-AU')} (time-adjusted $${own.timeAdjustedPriceAud.toLocaleString('en-AU')}, ${own.ageMonths} months before; anchor weight ${Math.round(own.weight * 100)}%)`;
    factors.push(ownFactor);
  } else if (previous) {
    ownFactor.label = `This property's own sale on ${previous.saleDate} for $${previous.priceAud.toLocaleString('en-AU')} (time-adjusted $${previous.timeAdjustedPriceAud.toLocaleString('en-AU')}, ${previous.ageMonths} months before)`;
    factors.push(ownFactor);
  } else if (ownFactor.contributionAud !== 0) {
    // No earlier sale: the trees' credit to the missing own sale stays in the sum under its own name.
    ownFactor.label = 'No earlier sale of this property in our data';
    factors.push(ownFactor);
  }
  factors.sort((a, b) => Math.abs(b.contributionAud) - Math.abs(a.contributionAud));
  return { baseValue, factors };
}

/**
 * Similarity 0-1 of a comparable to the subject: the product of
 * exp(-distanceKm / 2) * exp(-0.3 |bedrooms diff|) * exp(-0.3 |bathrooms diff|)
 * * exp(-|ln(land ratio)|) * exp(-yearsSinceSale / 5); a term is 1 where either side is unknown.
 */
export function comparableSimilarity(subject: SubjectProperty, neighbour: Neighbour, asAt: string): number {
  const sale = neighbour.sale;
  let similarity = Math.exp(-neighbour.distanceKm / 2);
  if (subject.bedrooms != null && sale.bedrooms != null) similarity *= Math.exp(-0.3 * Math.abs(subject.bedrooms - sale.bedrooms));
  if (subject.bathrooms != null && sale.bathrooms != null) similarity *= Math.exp(-0.3 * Math.abs(subject.bathrooms - sale.bathrooms));
  if (subject.landSizeM2 != null && sale.landSizeM2 != null && subject.landSizeM2 > 0 && sale.landSizeM2 > 0) {
    similarity *= Math.exp(-Math.abs(Math.log(subject.landSizeM2 / sale.landSizeM2)));
  }
  similarity *= Math.exp(-Math.max(0, fractionalYear(asAt) - fractionalYear(sale.saleDate)) / 5);
  return Math.round(similarity * 1000) / 1000;
}

/** A valuation shows at least this many comparables when any earlier sales exist nearby. */
const MIN_COMPARABLES = 3;
/** Similarity factor for a sale of another property type, used only to reach MIN_COMPARABLES. */
const OTHER_TYPE_SIMILARITY = 0.5;

function findComparables(index: SalesIndex, subject: SubjectProperty, point: PointValuation, asAt: string) {
  const type = point.features.propertyType;
  const pool = findNearestEarlierSales(index, type, subject.lat, subject.lng, asAt, 40, point.features.state)
    .map((neighbour) => ({ neighbour, similarity: comparableSimilarity(subject, neighbour, asAt) }));
  if (pool.length < MIN_COMPARABLES) {
    // Too few sales of this type (e.g. units in a data set of houses): top up with the nearest
    // sales of other types, marked down so that a same-type sale always ranks first.
    for (const otherType of index.trees.keys()) {
      if (otherType === type) continue;
      for (const neighbour of findNearestEarlierSales(index, otherType, subject.lat, subject.lng, asAt, MIN_COMPARABLES, point.features.state)) {
        pool.push({ neighbour, similarity: Math.round(comparableSimilarity(subject, neighbour, asAt) * OTHER_TYPE_SIMILARITY * 1000) / 1000 });
      }
    }
  }
  // The property's own earlier sale (any age) comes first, marked as such; the others follow by similarity.
  const previous = point.features.previousSale;
  const ownSale = previous?.sale;
  const others = pool
    .filter(({ neighbour }) => neighbour.sale.id !== previous?.saleId)
    .sort((a, b) => b.similarity - a.similarity || a.neighbour.distanceKm - b.neighbour.distanceKm);
  const ordered =
    ownSale && previous
      ? [{ neighbour: { sale: ownSale, distanceKm: 0, adjustedLogPrice: Math.log(previous.timeAdjustedPriceAud) }, similarity: 1, own: true }, ...others.map((item) => ({ ...item, own: false }))]
      : others.map((item) => ({ ...item, own: false }));
  return ordered
    .slice(0, ownSale ? 6 : 5)
    .map(({ neighbour, similarity, own }) => ({
      saleId: neighbour.sale.id,
      address: neighbour.sale.address,
      suburb: neighbour.sale.suburb,
      state: neighbour.sale.state,
      postcode: neighbour.sale.postcode,
      saleDate: neighbour.sale.saleDate,
      distanceKm: Math.round(neighbour.distanceKm * 100) / 100,
      propertyType: neighbour.sale.propertyType,
      bedrooms: neighbour.sale.bedrooms,
      bathrooms: neighbour.sale.bathrooms,
      landSizeM2: neighbour.sale.landSizeM2,
      priceAud: Math.round(neighbour.sale.priceAud),
      timeAdjustedPriceAud: Math.round(Math.exp(neighbour.adjustedLogPrice)),
      similarity,
      ownSale: own,
    }));
}

/** Intangible share of value (goodwill of presentation, transaction premia): 2%, kept small. */
const INTANGIBLE_SHARE = 0.02;
/** Replacement cost of a dwelling, AUD per m² of floor area (assumed 2018 project-home rate). */
const BUILD_COST_AUD_PER_M2 = 1_800;
/** Straight-line depreciation of the building over 60 years, to a 25% floor (assumption). */
const BUILDING_LIFE_YEARS = 60;
const BUILDING_FLOOR_SHARE = 0.25;

/**
 * Land / building / intangible split. With a land size and at least 8 nearby earlier sales of the
 * same type with land sizes, the local land rate is the least-squares slope of their time-adjusted
 * prices on land size (AUD/m², at most 90% of their median price per m²); land = size * rate
 * (capped at 90% of the non-intangible value), building = the residual. Otherwise (no land size,
 * units, thin data) the cost approach: building = floor area (given, or 40 + 30 * bedrooms m²)
 * * $1,800/m² depreciated straight-line over 60 years (floor 25%), capped at 80% of the
 * non-intangible value; land = the residual. A unit has no lot of its own: its "land" is its
 * notional share of the strata site, the residual after the depreciated building.
 */
function computeBreakdown(subject: SubjectProperty, point: PointValuation, asAt: string) {
  const estimate = point.estimate;
  const intangibleAud = Math.round(estimate * INTANGIBLE_SHARE);
  const tangible = estimate - intangibleAud;
  const isUnit = point.features.propertyType === 'unit';
  if (!isUnit && subject.landSizeM2 != null && subject.landSizeM2 > 0) {
    const withLand = point.features.neighbours.filter((neighbour) => neighbour.sale.landSizeM2 != null && neighbour.sale.landSizeM2 > 0);
    if (withLand.length >= 8) {
      const xs = withLand.map((neighbour) => neighbour.sale.landSizeM2!);
      const ys = withLand.map((neighbour) => Math.exp(neighbour.adjustedLogPrice));
      const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
      const meanY = ys.reduce((a, b) => a + b, 0) / ys.length;
      let sxy = 0;
      let sxx = 0;
      xs.forEach((x, i) => {
        sxy += (x - meanX) * (ys[i]! - meanY);
        sxx += (x - meanX) ** 2;
      });
      const cap = 0.9 * median(ys.map((y, i) => y / xs[i]!));
      const rate = sxx > 0 ? Math.min(Math.max(sxy / sxx, 0), cap) : 0;
      if (rate > 0) {
        const landAud = Math.round(Math.min(subject.landSizeM2 * rate, 0.9 * tangible));
        return {
          landAud,
          buildingAud: tangible - landAud,
          intangibleAud,
          method: `Land: ${Math.round(subject.landSizeM2)} m² at a local land rate of $${Math.round(rate)}/m² (least-squares slope of ${withLand.length} nearby earlier sales' time-adjusted prices on land size); building: the residual; intangible: 2% of the estimate.`,
        };
      }
    }
  }
  const floorArea = subject.buildingSizeM2 ?? 40 + 30 * (subject.bedrooms ?? 3);
  const age = subject.yearBuilt != null ? Math.max(0, fractionalYear(asAt) - subject.yearBuilt) : 30;
  const remaining = Math.max(BUILDING_FLOOR_SHARE, 1 - age / BUILDING_LIFE_YEARS);
  const buildingAud = Math.round(Math.min(floorArea * BUILD_COST_AUD_PER_M2 * remaining, 0.8 * tangible));
  return {
    landAud: tangible - buildingAud,
    buildingAud,
    intangibleAud,
    method:
      `Building: ${Math.round(floorArea)} m² at $${BUILD_COST_AUD_PER_M2}/m² replacement cost, depreciated to ${Math.round(remaining * 100)}% for ${Math.round(age)} years of age` +
      `${subject.yearBuilt == null ? ' (age assumed 30)' : ''}; ${isUnit ? 'land: the unit has no lot of its own, this is its notional share of the strata site, the residual' : 'land: the residual'}; intangible: 2% of the estimate.`,
  };
}

function shiftYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' ? '02-28' : monthDay}`;
}

/**
 * Value a property as at `options.asAt` using only sales before that date.
 *
 * @example valueProperty(model, index, { lat: -37.8, lng: 144.99, propertyType: 'house', bedrooms: 3 }, { asAt: '2018-01-01' })
 *   // -> { estimate: 1234000, low: ..., high: ..., confidence: 72, confidenceLevel: 'High', factors: [...], ... }
 */
export function valueProperty(model: ValuationModel, index: SalesIndex, subject: SubjectProperty, options: ValuePropertyOptions): PropertyValuation {
  const asAt = options.asAt;
  const point = valuePoint(model, index, subject, asAt);
  const { baseValue, factors } = computeFactors(model, subject, point);
  const timelineDates = options.timelineDates ?? [shiftYears(asAt, -3), shiftYears(asAt, -2), shiftYears(asAt, -1), asAt];
  const timeline = timelineDates.map((date) => {
    const past = date === asAt ? point : valuePoint(model, index, subject, date);
    return { date, valuationAud: past.estimate, lowAud: past.low, highAud: past.high, confidence: past.confidence };
  });
  const artifact = model.artifact;
  return {
    estimate: point.estimate,
    low: point.low,
    high: point.high,
    confidence: point.confidence,
    confidenceLevel: point.confidenceLevel,
    asAt,
    factors,
    modelEstimate: point.modelEstimate,
    ownSale: point.ownSale,
    comparables: findComparables(index, subject, point, asAt),
    breakdown: computeBreakdown(subject, point, asAt),
    timeline,
    model: { id: artifact.id, trainedOn: `${artifact.createdFrom.firstSaleDate} to ${artifact.createdFrom.lastSaleDate}`, method: artifact.method },
    baseValueAud: baseValue,
  };
}
