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
 * The range narrows with the weight: its log half-widths are multiplied by (1 - 0.6 w), and it is
 * widened where needed to reach the time-adjusted sale. Only sales strictly before the as-at date
 * count, so a hold-out sale never sees itself.
 */
import { addressKey, fractionalYear, lowerBound, monthNumber, segmentOf, timeAdjustment, type SalesIndex } from './sales-index.ts';
import type { IndexedSale } from './types.ts';

export const OWN_SALE_WINDOW_MONTHS = 24;
export const OWN_SALE_MAX_WEIGHT = 0.95;
/** Forecast standard deviations within which the sale is followed at full weight. */
export const OWN_SALE_FREE_Z = 2;
/** How much of the range a full-weight anchor removes. */
export const OWN_SALE_RANGE_SHRINK = 0.6;

/** The blend's settings (bench:own-sale compares alternatives on the repeat sales). */
export interface OwnSaleSettings {
  windowMonths: number;
  freeZ: number;
}
export const OWN_SALE_SETTINGS: OwnSaleSettings = { windowMonths: OWN_SALE_WINDOW_MONTHS, freeZ: OWN_SALE_FREE_Z };

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

/** The address's latest sale strictly before `asAt`, of any age, or null. */
export function findPreviousSale(index: SalesIndex, subject: { address?: string | null; suburb?: string | null }, asAt: string): IndexedSale | null {
  if (!subject.address || !subject.suburb) return null;
  const sales = index.addressSales.get(addressKey(subject.address, subject.suburb));
  if (!sales) return null;
  const before = lowerBound(sales.map((sale) => sale.saleDate), asAt);
  return before > 0 ? sales[before - 1]! : null;
}

/** The address's latest sale strictly before `asAt` and within the window, or null. */
export function findOwnSale(index: SalesIndex, subject: { address?: string | null; suburb?: string | null }, asAt: string): IndexedSale | null {
  const latest = findPreviousSale(index, subject, asAt);
  if (!latest) return null;
  return ageInMonths(latest.saleDate, asAt) <= OWN_SALE_WINDOW_MONTHS ? latest : null;
}

/** The previous sale as the valuation shows it, time-adjusted to asAt by the market's own index. */
export interface PreviousSale {
  saleId: number;
  saleDate: string;
  priceAud: number;
  timeAdjustedPriceAud: number;
  ageMonths: number;
}

export type PreviousSaleFeature = PreviousSale & { logAdjusted: number; sale: IndexedSale };

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
  };
}

export function ageInMonths(saleDate: string, asAt: string): number {
  return Math.max(0, (fractionalYear(asAt) - fractionalYear(saleDate)) * 12);
}

/**
 * The anchor's weight.
 * @example ownSaleWeight(0.5, 0) // 0.93 (a fortnight-old sale in line with the model)
 * @example ownSaleWeight(12, 4) // 0.0643 (a year old, 4 sd from the model)
 */
export function ownSaleWeight(ageMonths: number, zScore: number, settings: OwnSaleSettings = OWN_SALE_SETTINGS): number {
  const age = Math.max(0, 1 - ageMonths / settings.windowMonths);
  const outlier = zScore <= settings.freeZ ? 1 : Math.exp(-(zScore - settings.freeZ));
  return Math.round(OWN_SALE_MAX_WEIGHT * age * outlier * 1e4) / 1e4;
}

export interface AnchoredEstimate {
  logEstimate: number;
  lowLog: number;
  highLog: number;
  anchor: OwnSaleAnchor | null;
}

/**
 * Blends the model's log estimate and range with the property's own recent sale, if any:
 * `previous` is the address's latest earlier sale (computeFeatures' previousSale); beyond the
 * window it is a feature of the trees only.
 */
export function anchorOnOwnSale(
  previous: PreviousSaleFeature | null,
  model: { logEstimate: number; lowLog: number; highLog: number },
  settings: OwnSaleSettings = OWN_SALE_SETTINGS,
): AnchoredEstimate {
  if (!previous || previous.ageMonths > settings.windowMonths) return { ...model, anchor: null };
  const anchorLog = previous.logAdjusted;
  const fsd = Math.max(0.02, (model.highLog - model.lowLog) / (2 * 1.2816));
  const zScore = Math.abs(anchorLog - model.logEstimate) / fsd;
  const weight = ownSaleWeight(previous.ageMonths, zScore, settings);
  const logEstimate = weight * anchorLog + (1 - weight) * model.logEstimate;
  const shrink = 1 - OWN_SALE_RANGE_SHRINK * weight;
  // The property sold at that (time-adjusted) price within the window: the range always reaches it,
  // so a sale the model disagrees with widens the range (and lowers the confidence) instead of
  // falling outside it.
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
    },
  };
}
