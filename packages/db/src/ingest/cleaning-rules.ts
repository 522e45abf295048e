/**
 * Cleaning rules applied to every parsed sale, whatever its source (docs/data.md lists each rule
 * with the number of rows it touched in the bundled data). A rule either rejects the sale (the
 * price or the date it rests on cannot be trusted) or sets one attribute to null (the sale is
 * real, one descriptive field is not) and records the rule's name as an adjustment.
 */
// Counts above 20, land above 10 ha, floor areas below 10 m² or above 5,000 m², years built before
// 1800: the bounds by which a value a caller gives is read as not given (sanitiseGivenAttributes of
// packages/engines, which says why each), so the model meets given values as it met its sales'.
import { MAX_BUILDING_SIZE_M2, MAX_LAND_SIZE_M2, MAX_ROOM_COUNT, MIN_BUILDING_SIZE_M2, MIN_YEAR_BUILT } from '@propguard/engines';
import { reject, type RowResult, type SaleMethod, type SaleRecord } from './sale-record.ts';

/**
 * Values that are software artefacts, not prices: 2,147,483,647 is the largest 32-bit integer;
 * 431,176,576 appears in SydneyHousePrices.csv (its SOURCE.md caveats list both).
 */
export const SENTINEL_PRICES_AUD: ReadonlySet<number> = new Set([2_147_483_647, 431_176_576]);
/**
 * No established-dwelling sale in these capital-city markets is genuinely below $50,000; Sydney's
 * SOURCE.md finds 106 rows below it, several equal to 1 (transfers or typing errors). Perth's
 * smallest price is exactly 51,000 and Melbourne's 85,000, so the bound removes no plausible sale.
 */
export const PRICE_MIN_AUD = 50_000;
/**
 * Sydney's set (median $985,000) has 28 rows above $20M, topping out at 58M-130M before the
 * sentinels: whole buildings, development sites or errors. A dwelling-valuation model should
 * not learn from them, and no other set comes near the bound (Melbourne's maximum is $11.2M).
 */
export const PRICE_MAX_AUD = 50_000_000;
/** Methods where the stated price is what the buyer paid (PI/VB prices are bids, not sales). */
const PRICED_SALE_METHODS: ReadonlySet<SaleMethod> = new Set(['sold', 'sold_prior', 'sold_after_auction']);

export function isMarketSale(saleMethod: SaleMethod, priceAud: number | null): boolean {
  return priceAud !== null && PRICED_SALE_METHODS.has(saleMethod);
}

function checkPrice(priceAud: number | null): RowResult<null> {
  if (priceAud === null) return { ok: true, value: null, adjustments: [] };
  if (SENTINEL_PRICES_AUD.has(priceAud)) return reject('price_sentinel', `price ${priceAud} is a sentinel value, not a price`);
  if (priceAud < PRICE_MIN_AUD) return reject('price_below_minimum', `price ${priceAud} is below the ${PRICE_MIN_AUD} AUD minimum`);
  if (priceAud > PRICE_MAX_AUD) return reject('price_above_maximum', `price ${priceAud} is above the ${PRICE_MAX_AUD} AUD maximum`);
  return { ok: true, value: null, adjustments: [] };
}

/** Applies every rule; returns the cleaned sale (with is_market_sale set) or the first rejection. */
export function applyCleaningRules(sale: SaleRecord): RowResult<SaleRecord> {
  const priceCheck = checkPrice(sale.priceAud);
  if (!priceCheck.ok) return priceCheck;
  const cleaned: SaleRecord = { ...sale, priceAud: sale.priceAud === null ? null : Math.round(sale.priceAud) };
  const adjustments: string[] = [];
  const saleYear = Number(sale.saleDate.slice(0, 4));

  if (cleaned.yearBuilt !== null) {
    // A dwelling finished after the sale (plus a year for off-the-plan sales) is not what was
    // sold: the row's bedrooms and floor area describe a later house, so the price cannot be
    // paired with them. Perth has 317 such rows.
    if (cleaned.yearBuilt > saleYear + 1) {
      return reject('year_built_after_sale', `year built ${cleaned.yearBuilt} is after the sale year ${saleYear} + 1`);
    }
    if (cleaned.yearBuilt < MIN_YEAR_BUILT) {
      cleaned.yearBuilt = null;
      adjustments.push('year_built_before_1800');
    }
  }
  if (cleaned.bedrooms !== null && cleaned.bedrooms > MAX_ROOM_COUNT) {
    cleaned.bedrooms = null;
    adjustments.push('bedrooms_above_20');
  }
  if (cleaned.bathrooms !== null && cleaned.bathrooms > MAX_ROOM_COUNT) {
    cleaned.bathrooms = null;
    adjustments.push('bathrooms_above_20');
  }
  if (cleaned.carSpaces !== null && cleaned.carSpaces > MAX_ROOM_COUNT) {
    cleaned.carSpaces = null;
    adjustments.push('car_spaces_above_20');
  }
  if (cleaned.landSizeM2 !== null) {
    // 0 is how the sources write "no land of its own" (units) or "unknown": not a measured lot.
    if (cleaned.landSizeM2 <= 0) {
      cleaned.landSizeM2 = null;
      adjustments.push('land_size_zero');
    } else if (cleaned.landSizeM2 > MAX_LAND_SIZE_M2) {
      cleaned.landSizeM2 = null;
      adjustments.push('land_size_above_100000_m2');
    }
  }
  if (cleaned.buildingSizeM2 !== null) {
    if (cleaned.buildingSizeM2 < MIN_BUILDING_SIZE_M2) {
      cleaned.buildingSizeM2 = null;
      adjustments.push('building_size_below_10_m2');
    } else if (cleaned.buildingSizeM2 > MAX_BUILDING_SIZE_M2) {
      cleaned.buildingSizeM2 = null;
      adjustments.push('building_size_above_5000_m2');
    }
  }
  cleaned.isMarketSale = isMarketSale(cleaned.saleMethod, cleaned.priceAud);
  return { ok: true, value: cleaned, adjustments };
}

/**
 * Exact duplicate rows: the same cells in every column except `ignoredColumns` (a row id such as
 * Sydney's `Id`). The first occurrence is kept. Stateful by design: one detector per file.
 */
export function createDuplicateDetector(ignoredColumns: readonly string[] = []): (row: Record<string, string>) => boolean {
  const seen = new Set<string>();
  const ignored = new Set(ignoredColumns);
  return (row) => {
    // The cells in the row's column order (one file's rows share it): the columns need not be in the key.
    const cells: string[] = [];
    for (const column in row) if (!ignored.has(column)) cells.push(row[column]!);
    const key = JSON.stringify(cells);
    if (seen.has(key)) return true;
    seen.add(key);
    return false;
  };
}
