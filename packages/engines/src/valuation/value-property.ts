/**
 * Value one property as at a date: estimate, calibrated 80% range, confidence, factors in dollars,
 * comparables, land/building/intangible breakdown and a timeline. Pure: the model, the sales index
 * and the date are arguments. Method: docs/methodology/valuation.md.
 */
import { formatPlaceName, FSD_CONFIDENCE_LEVELS, type ValuationResult } from '@propguard/schemas';
import { computeFeatures, FEATURE_NAMES, type SubjectFeatures } from './features.ts';
import { explainCompiled, predictCompiled } from './gbm.ts';
import type { ValuationModel, ValuationModelArtifact } from './model.ts';
import { smoothingCorrection } from './residual-smoothing.ts';
import { anchorOnOwnSale, type OwnSaleAnchor, type PreviousSale } from './own-sale.ts';
import { formatLongDate } from './as-at.ts';
import { carryForward, evidenceLevelOf, fsdMultiplierAt, type CarryForward, type EvidenceLevel } from './market-movement.ts';
import { findNearestEarlierSales, fractionalYear, median, segmentOf, type Neighbour, type SalesIndex } from './sales-index.ts';
import type { SubjectProperty } from './types.ts';

export type PropertyValuation = Omit<ValuationResult, 'property' | 'assumed' | 'dataSource' | 'asAt' | 'market' | 'subject'> & {
  asAt: string;
  /** exp(base log value): the estimate before any factor; base + the factors' dollars = estimate */
  baseValueAud: number;
};

export interface ValuePropertyOptions {
  /** 'YYYY-MM-DD': the date the value is as at. */
  asAt: string;
  /** Only sales strictly before this date are used (default asAt); an earlier date is carried forward to asAt by the ABS series (resolveAsAt's evidenceDate). */
  evidenceDate?: string;
  /** valuePoint's answer for the same subject and dates, when the caller has it already. */
  point?: PointValuation;
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

/** A state's row of a model's `intervals.filledScale` ('*' for a state without its own; 1 without the table). */
export function filledScaleOf(table: Readonly<Record<string, number>> | undefined, state: string | null): number {
  return table?.[state ?? '*'] ?? table?.['*'] ?? 1;
}

/** How much wider a range is whose subject has attributes filled from its locality's typical values (1 when none are). */
export function filledRangeScale(artifact: ValuationModelArtifact, subject: SubjectProperty, state: string | null): number {
  return subject.filledFromTypical ? filledScaleOf(artifact.intervals.filledScale, state) : 1;
}

/**
 * The `assumed` line of a range widened for attributes that are the locality's typical values
 * (filledRangeScale), null when it is not widened.
 *
 * @example describeFilledRange(1.392) // 'range: 1.39 times as wide each side of the estimate, as the attributes filled from the locality's typical values make ...'
 */
export function describeFilledRange(scale: number): string | null {
  if (scale <= 1) return null;
  return `range: ${scale.toFixed(2)} times as wide each side of the estimate, as the attributes filled from the locality's typical values make the estimate less certain (the scale holds 80% of such hold-out rows in their 80% range)`;
}

/** A range widened by `scale` about its estimate. */
function widenRange<T extends { logEstimate: number; lowLog: number; highLog: number }>(range: T, scale: number): T {
  if (scale === 1) return range;
  return { ...range, lowLog: range.logEstimate - scale * (range.logEstimate - range.lowLog), highLog: range.logEstimate + scale * (range.highLog - range.logEstimate) };
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
  /** Forecast standard deviation (a fraction): ± 1 FSD around the estimate holds about 68% of sales (calibrated by horizon and evidence). */
  fsd: number;
  evidence: EvidenceLevel;
  /** How the value was carried from the evidence date to the as-at date; null when valued at its evidence date. */
  carryForward: CarryForward | null;
  features: SubjectFeatures;
}

/** FSD thresholds of the confidence levels (packages/schemas): High at or below 10%, Medium at or below 20%, Low above (docs/methodology/valuation.md, "FSD"). */
export const FSD_LEVELS = FSD_CONFIDENCE_LEVELS;

/**
 * Confidence 0-100 and its level from the forecast standard deviation (FSD, a fraction) and data
 * density: the score is 100 - 250 * FSD - 10 * (1 - nearby/12), clamped to 0-100; the level is read
 * off the FSD alone: High at FSD <= 10%, Medium <= 20%, Low above. Grading by FSD follows Australian
 * lenders' AVM policies (an estimate accepted below an FSD threshold, often 15-20%).
 */
export function confidenceFrom(fsd: number, nearbyCount: number): { confidence: number; level: 'High' | 'Medium' | 'Low' } {
  const raw = 100 - 250 * fsd - 10 * Math.max(0, 1 - nearbyCount / 12);
  const confidence = Math.round(Math.min(100, Math.max(0, raw)));
  return { confidence, level: fsd <= FSD_LEVELS.high ? 'High' : fsd <= FSD_LEVELS.medium ? 'Medium' : 'Low' };
}

/**
 * Carries an estimate and its range forward: the log estimate moves by ln(factor); each side of the
 * range is scaled by the horizon's range scale (1 unless the backtest found the model's own range
 * too wide there) and widened in quadrature by Z_80 times the carry's log standard deviation.
 */
export function carryRange(range: { logEstimate: number; lowLog: number; highLog: number }, carry: CarryForward | null) {
  if (!carry) return range;
  const shift = Math.log(carry.factor);
  const extra = (Z_80 * carry.sigmaLog) ** 2;
  const logEstimate = range.logEstimate + shift;
  const scale = carry.rangeScale;
  return {
    logEstimate,
    lowLog: logEstimate - Math.sqrt((scale * (range.logEstimate - range.lowLog)) ** 2 + extra),
    highLog: logEstimate + Math.sqrt((scale * (range.highLog - range.logEstimate)) ** 2 + extra),
  };
}

/** What the model makes of the sales before an evidence date: everything of a valuation but the carry to its as-at date. */
export interface EvidenceEstimate {
  features: SubjectFeatures;
  correction: number;
  /** The model's log estimate with the second stage's correction, before any carry-forward. */
  modelLogEstimate: number;
}

/** The features of a subject from the sales before `evidenceDate` and the model's estimate from them. */
export function estimateFromEvidence(model: ValuationModel, index: SalesIndex, subject: SubjectProperty, evidenceDate: string): EvidenceEstimate {
  const features = computeFeatures(index, subject, evidenceDate, model.artifact.meanAnchor);
  const correction = smoothingCorrection(model.smoothing, features.comparables, evidenceDate);
  return { features, correction, modelLogEstimate: predictLogPrice(model, features) + correction };
}

/** The evidence estimate a point was valued from (valuePoint's `evidence`), to value the same evidence at another as-at date. */
function evidenceOf(point: PointValuation): EvidenceEstimate {
  return { features: point.features, correction: point.smoothingCorrection, modelLogEstimate: point.modelRange.logEstimate };
}

/**
 * Estimate and range only (the batch CLI and the benchmark use this; no explanations). The model
 * values the property from the sales before `evidenceDate` (default `asAt`); a later `asAt` is
 * reached by the ABS series of the index's market movement (carryForward).
 */
export function valuePoint(model: ValuationModel, index: SalesIndex, subject: SubjectProperty, asAt: string, evidenceDate: string = asAt, fromEvidence: EvidenceEstimate = estimateFromEvidence(model, index, subject, evidenceDate)): PointValuation {
  const { features, correction, modelLogEstimate } = fromEvidence;
  const quantiles = intervalFor(model.artifact, features.state);
  const scale = intervalScaleOf(model, features);
  // The range always contains the estimate: the residual quantiles are clamped to either side of 0.
  const modelRange = {
    logEstimate: modelLogEstimate,
    lowLog: modelLogEstimate + Math.min(0, quantiles.low) * scale,
    highLog: modelLogEstimate + Math.max(0, quantiles.high) * scale,
  };
  // Attributes that are the locality's typical values are less certain than the property's own: wider (calibrated).
  const anchored = widenRange(anchorOnOwnSale(features.previousSale, modelRange), filledRangeScale(model.artifact, subject, features.state));
  const carry = index.movement && evidenceDate < asAt ? carryForward(index.movement, subject, features.propertyType, evidenceDate, asAt) : null;
  const { logEstimate, lowLog, highLog } = carryRange(anchored, carry);
  const estimate = Math.round(Math.exp(logEstimate));
  const evidence = evidenceLevelOf(anchored.anchor?.weight ?? null, features.values[FEATURE_NAMES.indexOf('nearbyDistanceKm')]!);
  const multiplier = index.movement ? fsdMultiplierAt(index.movement.calibration, carry?.months ?? 0, evidence) : 1;
  const fsd = ((highLog - lowLog) / (2 * Z_80)) * multiplier;
  const { confidence, level } = confidenceFrom(fsd, features.values[FEATURE_NAMES.indexOf('nearbyCount')]!);
  const carried = carry ? Math.log(carry.factor) : 0;
  return {
    logEstimate,
    estimate,
    modelLogEstimate: modelLogEstimate + carried,
    modelEstimate: Math.round(Math.exp(modelLogEstimate + carried)),
    ownSale: anchored.anchor,
    previousSale: features.previousSale,
    modelRange,
    smoothingCorrection: correction,
    low: Math.min(estimate, Math.round(Math.exp(lowLog))),
    high: Math.max(estimate, Math.round(Math.exp(highLog))),
    confidence,
    confidenceLevel: level,
    fsd: Math.round(fsd * 1000) / 1000,
    evidence,
    carryForward: carry,
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
  { feature: 'suburbPriceLevel', members: ['suburbLevel', 'suburbSaleCount', 'suburbRel'], label: (s) => `Suburb sales${s.suburb ? ` in ${formatPlaceName(s.suburb)}` : ''}` },
  {
    feature: 'streetPriceLevel',
    members: ['streetRel', 'streetCount'],
    label: (_s, f) => {
      const count = f.values[FEATURE_NAMES.indexOf('streetCount')]!;
      return count > 0 ? `Sales in the same street (${count}, time-adjusted)` : 'Same-street sales: none among the comparables';
    },
  },
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
  const { bias, contributions } = explainCompiled(model.compiled, point.features.values, model.gbm.featureNames.length);
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
  // The carry-forward from the last local sale to the as-at date is a factor of its own.
  const carry = point.carryForward;
  if (carry) logContributions.set('carryForward', Math.log(carry.factor));
  const movement = carry
    ? [{ feature: 'marketMovement', members: ['carryForward'], label: () => `Market movement from ${formatLongDate(carry.fromDate)} to ${formatLongDate(carry.toDate)} (×${carry.factor.toFixed(3)}, ${carry.series}, smoothed)` }]
    : [];
  const groups = [...FACTOR_GROUPS, ...movement, { feature: 'ownSale', members: [...OWN_SALE_FEATURES], label: () => '' }];
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
/** Sales of the subject's kind further than this (km) do not count toward MIN_COMPARABLES. */
const LOCAL_COMPARABLE_KM = 5;
/** Similarity factor for a sale of another type of the same kind (a townhouse for a house), used only to reach MIN_COMPARABLES. */
const OTHER_TYPE_SIMILARITY = 0.5;
/** Similarity factor for a sale of the other kind (a unit for a house), used only when the subject's kind has too few sales. */
const OTHER_KIND_SIMILARITY = 0.25;
/** Sales of each type whose median prices give the local price ratio between a unit and a house. */
const KIND_RATIO_SALES = 40;
/** Fewer sales than this on either side: the difference between the kinds is not priced. */
const KIND_RATIO_MIN_SALES = 8;

const KIND_NAMES: Readonly<Record<string, string>> = { house: 'house', unit: 'unit' };

/**
 * The local price ratio of a sale of `fromType` to one of `toType` as at `asAt`: exp of the
 * difference between the medians of the time-adjusted log prices of their nearest
 * KIND_RATIO_SALES earlier sales. Null when either side has fewer than KIND_RATIO_MIN_SALES.
 */
export function kindPriceRatio(index: SalesIndex, fromType: string, toType: string, at: { lat: number; lng: number; state: string | null }, asAt: string): { ratio: number; fromSales: number; toSales: number } | null {
  const from = findNearestEarlierSales(index, fromType, at.lat, at.lng, asAt, KIND_RATIO_SALES, at.state);
  const to = findNearestEarlierSales(index, toType, at.lat, at.lng, asAt, KIND_RATIO_SALES, at.state);
  if (from.length < KIND_RATIO_MIN_SALES || to.length < KIND_RATIO_MIN_SALES) return null;
  const level = (list: readonly Neighbour[]) => median(list.map((neighbour) => neighbour.adjustedLogPrice));
  return { ratio: Math.exp(level(to) - level(from)), fromSales: from.length, toSales: to.length };
}

interface Candidate {
  neighbour: Neighbour;
  similarity: number;
  own: boolean;
}

/**
 * The comparables a valuer would accept: sales of the subject's type first; only when fewer than
 * MIN_COMPARABLES exist within LOCAL_COMPARABLE_KM, other types of the same kind (house, townhouse, villa, land: the
 * house kind; units: the unit kind), and only when the kind still has too few, sales of the other
 * kind from within the same radius (listed after the subject's kind nearby, before its kind further
 * away). Such a sale is marked (`isSameKind` false) and priced: its time-adjusted price times the
 * local price ratio of the subject's type to the sale's type (kindPriceRatio) is the price the
 * premium is measured against. The property's own earlier sale comes first, unless it was recorded
 * as the other kind (another dwelling at the same street number).
 */
function findComparables(index: SalesIndex, subject: SubjectProperty, point: PointValuation, asAt: string) {
  const type = point.features.propertyType;
  const kind = segmentOf(type);
  const state = point.features.state;
  const near = (otherType: string, k: number, factor: number) =>
    findNearestEarlierSales(index, otherType, subject.lat, subject.lng, asAt, k, state).map((neighbour) => ({ neighbour, similarity: Math.round(comparableSimilarity(subject, neighbour, asAt) * factor * 1000) / 1000, own: false }));
  const pool: Candidate[] = near(type, 40, 1);
  const tooFew = () => pool.filter((candidate) => candidate.neighbour.distanceKm <= LOCAL_COMPARABLE_KM).length < MIN_COMPARABLES;
  const otherTypes = [...index.trees.keys()].filter((otherType) => otherType !== type);
  if (tooFew()) for (const otherType of otherTypes.filter((candidate) => segmentOf(candidate) === kind)) pool.push(...near(otherType, MIN_COMPARABLES, OTHER_TYPE_SIMILARITY));
  // The other kind only from within the same radius: a far unit is no better evidence than a far house.
  if (tooFew()) for (const otherType of otherTypes.filter((candidate) => segmentOf(candidate) !== kind)) pool.push(...near(otherType, MIN_COMPARABLES, OTHER_KIND_SIMILARITY).filter((candidate) => candidate.neighbour.distanceKm <= LOCAL_COMPARABLE_KM));
  const previous = point.features.previousSale;
  const ownSale = previous && previous.isMarketSale && segmentOf(previous.sale.propertyType) === kind ? previous.sale : null;
  // The subject's kind within the radius first, then the other kind's (if any were needed), then the subject's kind further away; by similarity within each.
  const tier = (candidate: Candidate) => (segmentOf(candidate.neighbour.sale.propertyType) !== kind ? 1 : candidate.neighbour.distanceKm <= LOCAL_COMPARABLE_KM ? 0 : 2);
  const others = pool
    .filter(({ neighbour }) => neighbour.sale.id !== previous?.saleId)
    .sort((a, b) => tier(a) - tier(b) || b.similarity - a.similarity || a.neighbour.distanceKm - b.neighbour.distanceKm);
  const ordered: Candidate[] = ownSale && previous ? [{ neighbour: { sale: ownSale, distanceKm: 0, adjustedLogPrice: Math.log(previous.timeAdjustedPriceAud) }, similarity: 1, own: true }, ...others] : others;
  const ratios = new Map<string, ReturnType<typeof kindPriceRatio>>();
  const ratioOf = (saleType: string) => {
    if (!ratios.has(saleType)) ratios.set(saleType, kindPriceRatio(index, saleType, type, { lat: subject.lat, lng: subject.lng, state }, asAt));
    return ratios.get(saleType)!;
  };
  // Moved to the evidence date by the market's own index, then on to the as-at date by the carry-forward.
  const carried = point.carryForward?.factor ?? 1;
  return ordered.slice(0, ownSale ? 6 : 5).map(({ neighbour, similarity, own }) => {
    const sale = neighbour.sale;
    const timeAdjustedPriceAud = Math.round(Math.exp(neighbour.adjustedLogPrice) * carried);
    const isSameKind = segmentOf(sale.propertyType) === kind;
    let kindAdjustedPriceAud = timeAdjustedPriceAud;
    let kindAdjustment: string | null = null;
    if (!isSameKind) {
      const priced = ratioOf(sale.propertyType);
      const from = KIND_NAMES[segmentOf(sale.propertyType)]!;
      const to = KIND_NAMES[kind]!;
      if (priced) {
        kindAdjustedPriceAud = Math.round(timeAdjustedPriceAud * priced.ratio);
        kindAdjustment = `A ${from} sale, used because fewer than ${MIN_COMPARABLES} ${to} sales are within ${LOCAL_COMPARABLE_KM} km: priced as a ${to} at ×${priced.ratio.toFixed(2)}, the ratio of the median time-adjusted prices of the nearest ${priced.toSales} ${type} and ${priced.fromSales} ${sale.propertyType} sales.`;
      } else {
        kindAdjustment = `A ${from} sale, used because fewer than ${MIN_COMPARABLES} ${to} sales are within ${LOCAL_COMPARABLE_KM} km; too few sales of one kind nearby to price the difference, so its price is shown unadjusted.`;
      }
    }
    return {
      saleId: sale.id,
      address: sale.address,
      suburb: sale.suburb,
      state: sale.state,
      postcode: sale.postcode,
      saleDate: sale.saleDate,
      distanceKm: Math.round(neighbour.distanceKm * 100) / 100,
      propertyType: sale.propertyType,
      bedrooms: sale.bedrooms,
      bathrooms: sale.bathrooms,
      landSizeM2: sale.landSizeM2,
      priceAud: Math.round(sale.priceAud),
      timeAdjustedPriceAud,
      isSameKind,
      kindAdjustedPriceAud,
      kindAdjustment,
      similarity,
      ownSale: own,
    };
  });
}

/** Intangible share of value (goodwill of presentation, transaction premia): 2%, kept small. */
const INTANGIBLE_SHARE = 0.02;
/** Replacement cost of a dwelling, AUD per m² of floor area (assumed 2018 project-home rate). */
const BUILD_COST_AUD_PER_M2 = 1_800;
/** Straight-line depreciation of the building over 60 years, to a 25% floor (assumption). */
const BUILDING_LIFE_YEARS = 60;
const BUILDING_FLOOR_SHARE = 0.25;

/** Earlier sales of the subject's type (with a land size) the local land-value surface is fitted on. */
const LAND_LOCAL_SALES = 200;
/** Earlier sales of the wider area whose slope the local one is shrunk toward. */
const LAND_AREA_SALES = 1000;
/** Shrinkage: the local slope's weight is nEff / (nEff + LAND_SHRINK_SALES), nEff its sales' effective number. */
const LAND_SHRINK_SALES = 60;
/** Fewer wider-area sales with a land size than this: no land surface (the cost approach instead). */
const LAND_MIN_SALES = 30;
/** Below this share of a typical local sale's price at its median lot, the land rate is not trusted. */
const LAND_MIN_TYPICAL_SHARE = 0.15;
/** Lots outside this range (m²) are left out of the fit (farms, data errors): they would set the slope alone. */
const LAND_FIT_RANGE_M2 = [80, 4000] as const;

interface LandSlope {
  slope: number;
  /** Effective number of sales: (sum of weights)² / sum of squared weights. */
  effectiveSales: number;
  sales: number;
  /** Weighted median of the time-adjusted price per m² of land. */
  medianPerM2: number;
}

/** Weighted least-squares slope of time-adjusted price on land size; null without spread in land size. */
function landSlope(sales: readonly Neighbour[], weights: readonly number[]): LandSlope | null {
  let sw = 0;
  let sww = 0;
  let sx = 0;
  let sy = 0;
  sales.forEach((neighbour, i) => {
    const w = weights[i]!;
    sw += w;
    sww += w * w;
    sx += w * neighbour.sale.landSizeM2!;
    sy += w * Math.exp(neighbour.adjustedLogPrice);
  });
  if (sw <= 0) return null;
  const meanX = sx / sw;
  const meanY = sy / sw;
  let sxy = 0;
  let sxx = 0;
  sales.forEach((neighbour, i) => {
    const dx = neighbour.sale.landSizeM2! - meanX;
    sxy += weights[i]! * dx * (Math.exp(neighbour.adjustedLogPrice) - meanY);
    sxx += weights[i]! * dx * dx;
  });
  if (sxx <= 0) return null;
  const perM2 = sales.map((neighbour, i) => ({ value: Math.exp(neighbour.adjustedLogPrice) / neighbour.sale.landSizeM2!, weight: weights[i]! })).sort((a, b) => a.value - b.value);
  let cumulative = 0;
  const medianPerM2 = perM2.find((item) => (cumulative += item.weight) >= sw / 2)?.value ?? perM2[perM2.length - 1]!.value;
  return { slope: sxy / sxx, effectiveSales: (sw * sw) / sww, sales: sales.length, medianPerM2 };
}

/**
 * The local land rate (AUD/m²) of a lot of `propertyType` at the subject's place as at `asAt`, from
 * a land-value surface: the distance-weighted (tricube over the farthest) least-squares slope of
 * time-adjusted price on land size over the LAND_LOCAL_SALES nearest earlier sales of that type
 * with a land size, shrunk toward the slope of the LAND_AREA_SALES around them by the local
 * sample's size (weight nEff / (nEff + 60)), then kept within 0 and 90% of the local weighted
 * median price per m². Neighbouring lots share most of their sales, so they get similar rates.
 * Null when the area has fewer than LAND_MIN_SALES such sales, or the rate would make the land of a
 * typical local sale (its median lot) less than 15% of its price (a slope that measures something else).
 */
export function localLandRate(index: SalesIndex, propertyType: string, at: { lat: number; lng: number; state: string | null }, asAt: string) {
  const [smallest, largest] = LAND_FIT_RANGE_M2;
  const withLand = (k: number) => findNearestEarlierSales(index, propertyType, at.lat, at.lng, asAt, k, at.state).filter((neighbour) => neighbour.sale.landSizeM2 != null && neighbour.sale.landSizeM2 >= smallest && neighbour.sale.landSizeM2 <= largest);
  const area = withLand(LAND_AREA_SALES);
  if (area.length < LAND_MIN_SALES) return null;
  const areaSlope = landSlope(area, area.map(() => 1));
  const local = area.slice(0, LAND_LOCAL_SALES);
  const reach = Math.max(local[local.length - 1]!.distanceKm, 0.05) * 1.01;
  const localSlope = landSlope(local, local.map((neighbour) => (1 - (neighbour.distanceKm / reach) ** 3) ** 3));
  if (!areaSlope || !localSlope) return null;
  const localWeight = localSlope.effectiveSales / (localSlope.effectiveSales + LAND_SHRINK_SALES);
  const shrunk = localWeight * localSlope.slope + (1 - localWeight) * areaSlope.slope;
  const rate = Math.min(Math.max(shrunk, 0), 0.9 * localSlope.medianPerM2);
  // A slope that would make land a sliver of a typical local sale's price measures something else
  // (bigger lots further out): no land surface there, the cost approach instead.
  const typicalShare = (rate * median(local.map((neighbour) => neighbour.sale.landSizeM2!))) / Math.exp(median(local.map((neighbour) => neighbour.adjustedLogPrice)));
  return typicalShare >= LAND_MIN_TYPICAL_SHARE ? { rate, localSales: local.length, areaSales: area.length, localWeight, localKm: reach } : null;
}

/**
 * Land / building / intangible split. A house-kind lot with a land size: land = size * the local
 * land rate of localLandRate (capped at 90% of the non-intangible value), building = the residual.
 * Otherwise (no land size, units, thin data) the cost approach: building = floor area (given, or
 * 40 + 30 * bedrooms m²) * $1,800/m² depreciated straight-line over 60 years (floor 25%), capped at
 * 80% of the non-intangible value; land = the residual. A unit has no lot of its own: its "land" is
 * its notional share of the strata site, the residual after the depreciated building.
 */
function computeBreakdown(index: SalesIndex, subject: SubjectProperty, point: PointValuation, asAt: string) {
  const estimate = point.estimate;
  const intangibleAud = Math.round(estimate * INTANGIBLE_SHARE);
  const tangible = estimate - intangibleAud;
  const isUnit = point.features.propertyType === 'unit';
  if (!isUnit && subject.landSizeM2 != null && subject.landSizeM2 > 0) {
    const land = localLandRate(index, point.features.propertyType, { lat: subject.lat, lng: subject.lng, state: point.features.state }, asAt);
    if (land) {
      // The rate of the evidence date, moved to the as-at date with the rest of the value.
      const rate = land.rate * (point.carryForward?.factor ?? 1);
      const landAud = Math.round(Math.min(subject.landSizeM2 * rate, 0.9 * tangible));
      return {
        landAud,
        buildingAud: tangible - landAud,
        intangibleAud,
        method:
          `Land: ${Math.round(subject.landSizeM2)} m² at a local land rate of $${Math.round(rate).toLocaleString('en-AU')}/m²${point.carryForward ? ' (carried forward with the estimate)' : ''}, from a land-value surface: the slope of time-adjusted price on land size over the ${land.localSales} nearest earlier ${point.features.propertyType} sales (within ${land.localKm.toFixed(1)} km, nearer sales weighing more), ` +
          `shrunk toward the slope of the ${land.areaSales} sales around them (local weight ${Math.round(land.localWeight * 100)}%), so neighbouring lots get similar rates; building: the residual; intangible: 2% of the estimate.`,
      };
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
      `Building: ${Math.round(floorArea)} m² at $${BUILD_COST_AUD_PER_M2.toLocaleString('en-AU')}/m² replacement cost, depreciated to ${Math.round(remaining * 100)}% for ${Math.round(age)} years of age` +
      `${subject.yearBuilt == null ? ' (age assumed 30)' : ''}; ${isUnit ? 'land: the unit has no lot of its own, this is its notional share of the strata site, the residual' : 'land: the residual'}; intangible: 2% of the estimate.`,
  };
}

function shiftYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' ? '02-28' : monthDay}`;
}

/**
 * Value a property as at `options.asAt` using only sales before `options.evidenceDate` (default
 * asAt), carried forward to asAt by the ABS series when the evidence date is earlier. The timeline's
 * earlier dates are valued the same way: from their own evidence, carried where they are later than it.
 *
 * @example valueProperty(model, index, { lat: -37.8, lng: 144.99, propertyType: 'house', bedrooms: 3 }, { asAt: '2018-01-01' })
 *   // -> { estimate: 1234000, low: ..., high: ..., fsd: 0.11, confidence: 72, confidenceLevel: 'High', factors: [...], ... }
 */
export function valueProperty(model: ValuationModel, index: SalesIndex, subject: SubjectProperty, options: ValuePropertyOptions): PropertyValuation {
  const asAt = options.asAt;
  const evidenceDate = options.evidenceDate ?? asAt;
  const point = options.point ?? valuePoint(model, index, subject, asAt, evidenceDate);
  const { baseValue, factors } = computeFactors(model, subject, point);
  const timelineDates = options.timelineDates ?? [shiftYears(asAt, -3), shiftYears(asAt, -2), shiftYears(asAt, -1), asAt];
  const timeline = timelineDates.map((date) => {
    // A date on or after the last evidence is the same evidence carried a shorter way: valued once.
    const past = date === asAt ? point : date >= evidenceDate ? valuePoint(model, index, subject, date, evidenceDate, evidenceOf(point)) : valuePoint(model, index, subject, date, date);
    return { date, valuationAud: past.estimate, lowAud: past.low, highAud: past.high, confidence: past.confidence, carriedForward: past.carryForward !== null };
  });
  const artifact = model.artifact;
  return {
    estimate: point.estimate,
    low: point.low,
    high: point.high,
    fsdPct: fsdPercent(point.fsd),
    evidenceLevel: point.evidence,
    confidence: point.confidence,
    confidenceLevel: point.confidenceLevel,
    asAt,
    carryForward: describeCarryForward(point.carryForward),
    factors,
    modelEstimate: point.modelEstimate,
    ownSale: point.ownSale,
    comparables: findComparables(index, subject, point, evidenceDate),
    breakdown: computeBreakdown(index, subject, point, evidenceDate),
    timeline,
    model: { id: artifact.id, trainedOn: `${artifact.createdFrom.firstSaleDate} to ${artifact.createdFrom.lastSaleDate}`, method: artifact.method },
    baseValueAud: baseValue,
  };
}

/** An FSD (a fraction) as the percentage every door shows, to one decimal. */
export function fsdPercent(fsd: number): number {
  return Math.round(fsd * 1000) / 10;
}

/** The carry-forward as the answer states it (the API's `carryForward`). */
export function describeCarryForward(carry: CarryForward | null) {
  if (!carry) return null;
  return {
    fromDate: carry.fromDate,
    toDate: carry.toDate,
    factor: Math.round(carry.factor * 10_000) / 10_000,
    months: carry.months,
    series: carry.series,
    smoothing: carry.smoothing,
    addedFsdPct: fsdPercent(carry.sigmaLog),
    summary: `Our latest local sale for this market is of ${formatLongDate(carry.fromDate)}. The value from that evidence is carried to ${formatLongDate(carry.toDate)} by ×${carry.factor.toFixed(3)} (${carry.factor >= 1 ? '+' : ''}${((carry.factor - 1) * 100).toFixed(1)}%), the change of the ${carry.series} (smoothed), and its range widened for ${Math.round(carry.months)} months of carry.`,
  };
}
