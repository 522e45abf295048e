/**
 * A property's own recent sale anchors its valuation (docs/methodology/valuation.md, "Own sale").
 *
 * When the address sold within OWN_SALE_WINDOW_MONTHS before the as-at date, that price, moved to
 * the as-at date by the market's own index, is blended with the model in log space:
 *
 *   log estimate = w * log(time-adjusted sale) + (1 - w) * log(model)
 *   w = 0.95 * (1 - age in months / 24) * outlier factor
 *   outlier factor = 1 where the sale lies within 2 forecast standard deviations of the model,
 *                    exp(-(z - 2)) beyond (a sale far outside the model's range is shown, not followed blindly)
 *
 * The range narrows with the weight: its log half-widths are multiplied by (1 - 0.6 w). Only sales
 * strictly before the as-at date count, so a hold-out sale never sees itself.
 */
import { addressKey, fractionalYear, lowerBound, monthNumber, segmentOf, timeAdjustment, type SalesIndex } from './sales-index.ts';
import type { IndexedSale } from './types.ts';

export const OWN_SALE_WINDOW_MONTHS = 24;
export const OWN_SALE_MAX_WEIGHT = 0.95;
/** Forecast standard deviations within which the sale is followed at full weight. */
export const OWN_SALE_FREE_Z = 2;
/** How much of the range a full-weight anchor removes. */
export const OWN_SALE_RANGE_SHRINK = 0.6;

export interface OwnSaleAnchor {
  saleId: number;
  saleDate: string;
  priceAud: number;
  timeAdjustedPriceAud: number;
  ageMonths: number;
  /** Standard deviations between the time-adjusted sale and the model's estimate. */
  zScore: number;
  weight: number;
}

/** The address's latest sale strictly before `asAt` and within the window, or null. */
export function findOwnSale(index: SalesIndex, subject: { address?: string | null; suburb?: string | null }, asAt: string): IndexedSale | null {
  if (!subject.address || !subject.suburb) return null;
  const sales = index.addressSales.get(addressKey(subject.address, subject.suburb));
  if (!sales) return null;
  const before = lowerBound(sales.map((sale) => sale.saleDate), asAt);
  const latest = before > 0 ? sales[before - 1]! : null;
  if (!latest) return null;
  return ageInMonths(latest.saleDate, asAt) <= OWN_SALE_WINDOW_MONTHS ? latest : null;
}

export function ageInMonths(saleDate: string, asAt: string): number {
  return Math.max(0, (fractionalYear(asAt) - fractionalYear(saleDate)) * 12);
}

/**
 * The anchor's weight.
 * @example ownSaleWeight(0.5, 0) // 0.93 (a fortnight-old sale in line with the model)
 * @example ownSaleWeight(12, 4) // 0.0643 (a year old, 4 sd from the model)
 */
export function ownSaleWeight(ageMonths: number, zScore: number): number {
  const age = Math.max(0, 1 - ageMonths / OWN_SALE_WINDOW_MONTHS);
  const outlier = zScore <= OWN_SALE_FREE_Z ? 1 : Math.exp(-(zScore - OWN_SALE_FREE_Z));
  return Math.round(OWN_SALE_MAX_WEIGHT * age * outlier * 1e4) / 1e4;
}

export interface AnchoredEstimate {
  logEstimate: number;
  lowLog: number;
  highLog: number;
  anchor: OwnSaleAnchor | null;
}

/** Blends the model's log estimate and range with the property's own recent sale, if any. */
export function anchorOnOwnSale(
  index: SalesIndex,
  subject: { address?: string | null; suburb?: string | null; state?: string | null; propertyType?: string | null },
  asAt: string,
  model: { logEstimate: number; lowLog: number; highLog: number },
): AnchoredEstimate {
  const sale = findOwnSale(index, subject, asAt);
  if (!sale) return { ...model, anchor: null };
  const segment = segmentOf(subject.propertyType ?? sale.propertyType);
  const anchorLog = Math.log(sale.priceAud) + timeAdjustment(index, subject.state ?? sale.state, segment, monthNumber(sale.saleDate), monthNumber(asAt));
  const fsd = Math.max(0.02, (model.highLog - model.lowLog) / (2 * 1.2816));
  const zScore = Math.abs(anchorLog - model.logEstimate) / fsd;
  const ageMonths = ageInMonths(sale.saleDate, asAt);
  const weight = ownSaleWeight(ageMonths, zScore);
  const logEstimate = weight * anchorLog + (1 - weight) * model.logEstimate;
  const shrink = 1 - OWN_SALE_RANGE_SHRINK * weight;
  return {
    logEstimate,
    lowLog: logEstimate - (model.logEstimate - model.lowLog) * shrink,
    highLog: logEstimate + (model.highLog - model.logEstimate) * shrink,
    anchor: {
      saleId: sale.id,
      saleDate: sale.saleDate,
      priceAud: Math.round(sale.priceAud),
      timeAdjustedPriceAud: Math.round(Math.exp(anchorLog)),
      ageMonths: Math.round(ageMonths * 10) / 10,
      zScore: Math.round(zScore * 100) / 100,
      weight,
    },
  };
}
