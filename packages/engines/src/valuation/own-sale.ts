/**
 * A property's own recent sale anchors its valuation, weighed as a valuer weighs it
 * (docs/methodology/valuation.md, "Own sale").
 *
 * The evidence is the address's latest earlier record (found however the address is written:
 * addressKey), moved to the as-at date by the market's own index, and blended with the model in log
 * space:
 *
 *   log estimate = w * log(time-adjusted sale) + (1 - w) * log(model)
 *   w = 0.95 for a market sale up to 6 months old, falling linearly to 0 at 24 months,
 *       and discounted only for a stated reason:
 *         a partial interest (a share's price is not the whole's value): w = 0
 *         not a market sale (a bid at an auction that passed in, a vendor bid): 0.8 in place of 0.95
 *         a sale more than twice or less than half the model's estimate: w * 0.5
 *
 * The answer carries each reason (`discountReason`). The range narrows with the weight: its log
 * half-widths are multiplied by (1 - 0.6 w), and it is widened where needed to reach the
 * time-adjusted sale. Only records strictly before the as-at date count, so a hold-out sale never
 * sees itself.
 */
import { addressKey, fractionalYear, monthNumber, segmentOf, timeAdjustment, type SalesIndex } from './sales-index.ts';
import type { IndexedSale } from './types.ts';

export const OWN_SALE_WINDOW_MONTHS = 24;
/** A recent market sale's weight: the rest is the model's (a sale's price holds a few per cent of negotiation). */
export const OWN_SALE_MAX_WEIGHT = 0.95;
/** Months during which a market sale keeps its full weight; it then falls linearly to 0 at the window's end. */
export const OWN_SALE_FULL_WEIGHT_MONTHS = 6;
/**
 * A record that is not a market sale (the highest bid at an auction that passed in, a vendor bid)
 * weighs 0.8 at most. Measured on Melbourne's houses (bench:own-sale, "records followed by a market
 * sale"): of 91 such records followed by a sale of the same house within 12 months, the sale lay
 * within 10% of the time-adjusted bid in 70% (passed in; about 4.5% above the bid) and 89% (vendor
 * bid) of cases, against 54% and 51% for the model alone; the inverse-variance weight of the bid
 * against the model (robust standard deviations 0.074 and 0.151, 0.058 and 0.123) is 0.81 and 0.82.
 */
export const NON_MARKET_MAX_WEIGHT = 0.8;
/**
 * |log(time-adjusted sale / model estimate)| beyond which a recent sale is taken as possibly
 * misrecorded and weighs half: ln 2, a sale more than twice or less than half the model's
 * estimate. Chosen from the data (bench:own-sale, "how far market sales lie from the model"): of
 * 3,000 market sales valued as at their own date, 1 in 100 lies further from the model (0.73 at the
 * 99th percentile, 0.53 at the 97.5th, 0.41 at the 95th: a limit of 0.35 would discount about 7
 * genuine sales in 100).
 */
export const OWN_SALE_DEVIATION_LIMIT = Math.LN2;
/** The weight's factor beyond the deviation limit: the sale and the model then have an equal say. */
export const OWN_SALE_DEVIATION_FACTOR = 0.5;
/** How much of the range a full-weight anchor removes. */
export const OWN_SALE_RANGE_SHRINK = 0.6;

/** The blend's settings (bench:own-sale compares alternatives). */
export interface OwnSaleSettings {
  windowMonths: number;
  fullWeightMonths: number;
  deviationLimit: number;
}
export const OWN_SALE_SETTINGS: OwnSaleSettings = { windowMonths: OWN_SALE_WINDOW_MONTHS, fullWeightMonths: OWN_SALE_FULL_WEIGHT_MONTHS, deviationLimit: OWN_SALE_DEVIATION_LIMIT };

/** Why the own sale weighs less than a recent market sale's full weight, one code per reason. */
export type OwnSaleDiscount = 'age' | 'partial_interest' | 'non_market' | 'deviation';

export interface OwnSaleAnchor {
  saleId: number;
  saleDate: string;
  priceAud: number;
  timeAdjustedPriceAud: number;
  ageMonths: number;
  /** Standard deviations between the time-adjusted sale and the model's estimate. */
  zScore: number;
  weight: number;
  /** False for a record that is not a market sale (a passed-in bid, a vendor bid). */
  isMarketSale: boolean;
  /** Each reason the weight is below a recent market sale's, as the answer says it; null at full weight. */
  discountReason: string | null;
  discounts: OwnSaleDiscount[];
}

type SubjectAddress = { address?: string | null; suburb?: string | null };

const isMarket = (sale: IndexedSale) => sale.isMarketSale !== false;

/**
 * The address's latest market sale strictly before `asAt` (`market`: the model's ownSale features),
 * and the record that anchors the estimate (`evidence`): that sale, unless a later record that is
 * not a market sale (a passed-in bid) would weigh more (it is more recent and within the window).
 * One look-up for both: an address holds a few records, read from the latest back.
 */
export function findOwnSaleRecords(index: SalesIndex, subject: SubjectAddress, asAt: string, settings: OwnSaleSettings = OWN_SALE_SETTINGS): { market: IndexedSale | null; evidence: IndexedSale | null } {
  if (!subject.address || !subject.suburb) return { market: null, evidence: null };
  const records = index.addressSales.get(addressKey(subject.address, subject.suburb));
  let latest: IndexedSale | null = null;
  let market: IndexedSale | null = null;
  for (let position = (records?.length ?? 0) - 1; position >= 0 && market === null; position -= 1) {
    const record = records![position]!;
    if (record.saleDate >= asAt) continue;
    latest ??= record;
    if (isMarket(record)) market = record;
  }
  if (latest === null || latest === market) return { market, evidence: market };
  const weightOf = (record: IndexedSale) => weighOwnSale({ ageMonths: ageInMonths(record.saleDate, asAt), isMarketSale: isMarket(record), saleMethod: record.saleMethod ?? null, partialInterest: record.partialInterest === true, deviation: 0 }, settings).weight;
  return { market, evidence: market === null || weightOf(latest) > weightOf(market) ? latest : market };
}

/** The address's latest market sale strictly before `asAt`, of any age, or null (the model's ownSale features). */
export function findPreviousSale(index: SalesIndex, subject: SubjectAddress, asAt: string): IndexedSale | null {
  return findOwnSaleRecords(index, subject, asAt).market;
}

/** The record that anchors the estimate (findOwnSaleRecords), or null when the address has no earlier record. */
export function findOwnSaleEvidence(index: SalesIndex, subject: SubjectAddress, asAt: string, settings: OwnSaleSettings = OWN_SALE_SETTINGS): IndexedSale | null {
  return findOwnSaleRecords(index, subject, asAt, settings).evidence;
}

/** The own-sale evidence within the window before `asAt`, or null. */
export function findOwnSale(index: SalesIndex, subject: SubjectAddress, asAt: string): IndexedSale | null {
  const evidence = findOwnSaleEvidence(index, subject, asAt);
  return evidence && ageInMonths(evidence.saleDate, asAt) <= OWN_SALE_WINDOW_MONTHS ? evidence : null;
}

/** The previous sale as the valuation shows it, time-adjusted to asAt by the market's own index. */
export interface PreviousSale {
  saleId: number;
  saleDate: string;
  priceAud: number;
  timeAdjustedPriceAud: number;
  ageMonths: number;
}

export type PreviousSaleFeature = PreviousSale & {
  logAdjusted: number;
  sale: IndexedSale;
  isMarketSale: boolean;
  saleMethod: string | null;
  partialInterest: boolean;
};

export function describePreviousSale(index: SalesIndex, sale: IndexedSale, state: string | null | undefined, propertyType: string, asAt: string): PreviousSaleFeature {
  const logAdjusted = Math.log(sale.priceAud) + timeAdjustment(index, state ?? sale.state, segmentOf(propertyType), monthNumber(sale.saleDate), monthNumber(asAt));
  return {
    saleId: sale.id,
    saleDate: sale.saleDate,
    priceAud: Math.round(sale.priceAud),
    timeAdjustedPriceAud: Math.round(Math.exp(logAdjusted)),
    ageMonths: Math.round(ageInMonths(sale.saleDate, asAt) * 10) / 10,
    logAdjusted,
    sale,
    isMarketSale: isMarket(sale),
    saleMethod: sale.saleMethod ?? null,
    partialInterest: sale.partialInterest === true,
  };
}

export function ageInMonths(saleDate: string, asAt: string): number {
  return Math.max(0, (fractionalYear(asAt) - fractionalYear(saleDate)) * 12);
}

/** What the weight depends on. `deviation` is log(time-adjusted sale / model estimate). */
export interface OwnSaleEvidence {
  ageMonths: number;
  isMarketSale: boolean;
  saleMethod: string | null;
  partialInterest: boolean;
  deviation: number;
}

/** How a record that is not a market sale is named in the reason. */
const NON_MARKET_METHODS: Readonly<Record<string, string>> = {
  passed_in: 'passed in at auction: the price is the highest bid, not a sale price',
  vendor_bid: "a vendor bid at auction: the price is the vendor's bid, not a sale price",
  withdrawn: 'withdrawn before auction: the price is not a sale price',
};

/** A log deviation as a ratio in words: 0.92 -> "2.5 times", -0.92 -> "0.4 of". */
function describeDeviation(deviation: number): string {
  return deviation >= 0 ? `${Math.exp(deviation).toFixed(1)} times` : `${Math.exp(deviation).toFixed(2)} of`;
}

/**
 * The anchor's weight and every reason it is below a recent market sale's.
 * @example weighOwnSale({ ageMonths: 0.5, isMarketSale: true, saleMethod: 'sold', partialInterest: false, deviation: 0.1 }).weight // 0.95
 * @example weighOwnSale({ ageMonths: 0.5, isMarketSale: false, saleMethod: 'passed_in', partialInterest: false, deviation: 0.1 }).weight // 0.8
 * @example weighOwnSale({ ageMonths: 15, isMarketSale: true, saleMethod: 'sold', partialInterest: false, deviation: 0.8 }).weight // 0.2375 (0.95 x 0.5 for age x 0.5 for the deviation)
 */
export function weighOwnSale(evidence: OwnSaleEvidence, settings: OwnSaleSettings = OWN_SALE_SETTINGS): { weight: number; discounts: OwnSaleDiscount[]; reasons: string[] } {
  const discounts: OwnSaleDiscount[] = [];
  const reasons: string[] = [];
  const ageFactor = Math.min(1, Math.max(0, (settings.windowMonths - evidence.ageMonths) / (settings.windowMonths - settings.fullWeightMonths)));
  let weight = (evidence.isMarketSale ? OWN_SALE_MAX_WEIGHT : NON_MARKET_MAX_WEIGHT) * ageFactor;
  if (ageFactor < 1) {
    discounts.push('age');
    reasons.push(`sold ${Math.round(evidence.ageMonths * 10) / 10} months before: a sale weighs fully for ${settings.fullWeightMonths} months, then less until ${settings.windowMonths} months (age factor ${ageFactor.toFixed(2)})`);
  }
  if (evidence.partialInterest) {
    weight = 0;
    discounts.push('partial_interest');
    reasons.push("a partial interest: the price is for a share of the property, not the whole, so it is shown but not used");
  }
  if (!evidence.isMarketSale) {
    discounts.push('non_market');
    const method = (evidence.saleMethod && NON_MARKET_METHODS[evidence.saleMethod]) ?? `not a market sale (${evidence.saleMethod ?? 'method unknown'})`;
    reasons.push(`${method} (weight at most ${NON_MARKET_MAX_WEIGHT} instead of ${OWN_SALE_MAX_WEIGHT})`);
  }
  if (Math.abs(evidence.deviation) > settings.deviationLimit) {
    weight *= OWN_SALE_DEVIATION_FACTOR;
    discounts.push('deviation');
    reasons.push(
      `the time-adjusted price is ${describeDeviation(evidence.deviation)} the model's estimate; a market sale lies more than ${describeDeviation(settings.deviationLimit)} or less than ${describeDeviation(-settings.deviationLimit)} it about once in 100, so it may be misrecorded and weighs half`,
    );
  }
  return { weight: Math.round(weight * 1e4) / 1e4, discounts, reasons };
}

export interface AnchoredEstimate {
  logEstimate: number;
  lowLog: number;
  highLog: number;
  anchor: OwnSaleAnchor | null;
}

/**
 * Blends the model's log estimate and range with the property's own recent sale, if any:
 * `previous` is the own-sale evidence (computeFeatures' previousSale); beyond the window it is a
 * feature of the trees only.
 */
export function anchorOnOwnSale(
  previous: PreviousSaleFeature | null,
  model: { logEstimate: number; lowLog: number; highLog: number },
  settings: OwnSaleSettings = OWN_SALE_SETTINGS,
): AnchoredEstimate {
  if (!previous || previous.ageMonths >= settings.windowMonths) return { ...model, anchor: null };
  const anchorLog = previous.logAdjusted;
  const fsd = Math.max(0.02, (model.highLog - model.lowLog) / (2 * 1.2816));
  const deviation = anchorLog - model.logEstimate;
  const zScore = Math.abs(deviation) / fsd;
  const { weight, discounts, reasons } = weighOwnSale({ ageMonths: previous.ageMonths, isMarketSale: previous.isMarketSale, saleMethod: previous.saleMethod, partialInterest: previous.partialInterest, deviation }, settings);
  const logEstimate = weight * anchorLog + (1 - weight) * model.logEstimate;
  const shrink = 1 - OWN_SALE_RANGE_SHRINK * weight;
  // The property sold (or was bid for) at that time-adjusted price within the window: the range
  // always reaches it, so a sale the model disagrees with widens the range (and lowers the
  // confidence) instead of falling outside it.
  return {
    logEstimate,
    lowLog: Math.min(anchorLog, logEstimate - (model.logEstimate - model.lowLog) * shrink),
    highLog: Math.max(anchorLog, logEstimate + (model.highLog - model.logEstimate) * shrink),
    anchor: {
      saleId: previous.saleId,
      saleDate: previous.saleDate,
      priceAud: previous.priceAud,
      timeAdjustedPriceAud: previous.timeAdjustedPriceAud,
      ageMonths: previous.ageMonths,
      zScore: Math.round(zScore * 100) / 100,
      weight,
      isMarketSale: previous.isMarketSale,
      discountReason: reasons.length > 0 ? `${reasons.join('; ')}.` : null,
      discounts,
    },
  };
}
