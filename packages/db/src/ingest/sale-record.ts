/** The normalised shape every sales source is parsed into, before it is written to `sales`. */

import type { PropertyType, SaleAttributes, SalePlace } from '@propguard/schemas';

export const SALE_METHODS = [
  'sold',
  'sold_prior',
  'sold_prior_not_disclosed',
  'sold_not_disclosed',
  'sold_after_auction',
  'sold_after_auction_not_disclosed',
  'passed_in',
  'vendor_bid',
  'withdrawn',
] as const;
export type SaleMethod = (typeof SALE_METHODS)[number];

export type LocationPrecision = 'address' | 'locality';
export type DatePrecision = 'day' | 'month';

/** A parsed sale row: its place and attributes (SalePlace, SaleAttributes of packages/schemas) and the source's fields. */
export interface SaleRecord extends SalePlace, SaleAttributes {
  source: string;
  sourceRow: number;
  /** `state` is null until placement when the source has no state column (Sydney: taken from the gazetteer). */
  lat: number | null;
  lng: number | null;
  locationPrecision: LocationPrecision | null;
  propertyType: PropertyType;
  propertyTypeRaw: string | null;
  priceAud: number | null;
  /** ISO date YYYY-MM-DD; month-precision dates use the first of the month. */
  saleDate: string;
  datePrecision: DatePrecision;
  saleMethod: SaleMethod;
  saleMethodRaw: string | null;
  isMarketSale: boolean;
  agency: string | null;
  localityId: number | null;
  /** The sale's identity and version where the source re-sends corrected sales (sales.source_key, source_version; NSW VG only). */
  sourceKey?: string;
  sourceVersion?: string;
}

/** Why a row was not loaded; the keys of dataset_loads.rejected_by_reason. */
export type RejectReason =
  | 'duplicate_row'
  | 'missing_field'
  | 'not_a_number'
  | 'invalid_date'
  | 'invalid_value'
  | 'price_sentinel'
  | 'price_below_minimum'
  | 'price_above_maximum'
  | 'year_built_after_sale'
  | 'locality_not_found'
  // NSW Valuer General files (parse-nsw-vg-dat.ts): records left out, not broken ones.
  | 'other_nature'
  | 'partial_interest'
  | 'multi_lot_dealing'
  | 'resent_duplicate'
  | 'later_download_stored';

export interface Rejection {
  ok: false;
  reason: RejectReason;
  /** Human-readable, names the field and the value, e.g. 'price "abc" is not a number'. */
  message: string;
}

export interface Accepted<T> {
  ok: true;
  value: T;
  /** Names of the cleaning rules that set an attribute to null (the row itself was kept). */
  adjustments: string[];
}

export type RowResult<T> = Accepted<T> | Rejection;

export function reject(reason: RejectReason, message: string): Rejection {
  return { ok: false, reason, message };
}
