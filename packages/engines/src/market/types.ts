/** One recorded sale or auction result, as the market engine reads it (packages/db loadMarketSales). */
export interface MarketSale {
  id: number;
  address: string | null;
  suburb: string;
  state: string | null;
  postcode: string | null;
  propertyType: string;
  bedrooms: number | null;
  bathrooms: number | null;
  landSizeM2: number | null;
  buildingSizeM2: number | null;
  /** Null for results without a disclosed price (passed in without a bid, withdrawn...). */
  priceAud: number | null;
  /** YYYY-MM-DD */
  saleDate: string;
  /** Our normalised method: sold, sold_prior, passed_in, vendor_bid, withdrawn, sold_after_auction... */
  saleMethod: string;
  /** True when the source recorded the method (Melbourne's auction results); false for plain "sold" records. */
  hasRecordedMethod: boolean;
  /** A priced, arm's-length sale (docs/data.md cleaning rules). */
  isMarketSale: boolean;
}

/** A month as a count of months since year 0: 2018-03 -> 2018 * 12 + 2. */
export function monthOf(date: string): number {
  return Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
}

/** The 'YYYY-MM' label of a month count. */
export function monthLabel(month: number): string {
  const year = Math.floor(month / 12);
  return `${year}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/** The median of a list of numbers (NaN when empty). */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The date twelve months before a YYYY-MM-DD date (same day; 29 Feb falls back to 28 Feb). */
export function yearBefore(date: string): string {
  const year = Number(date.slice(0, 4)) - 1;
  const rest = date.slice(5);
  return rest === '02-29' ? `${year}-02-28` : `${year}-${rest}`;
}
