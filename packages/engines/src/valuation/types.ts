import type { SaleAttributes, SalePlace } from '@propguard/schemas';

/** One market sale as the valuation engine indexes it (loaded by @propguard/db loadIndexedSales). */
export interface IndexedSale extends SalePlace, SaleAttributes {
  id: number;
  lat: number;
  lng: number;
  propertyType: string;
  priceAud: number;
  /** YYYY-MM-DD */
  saleDate: string;
  /** The source's own id of the property (the NSW Valuer General's property id), when it has one: the evaluation holds out by property. */
  propertyKey?: string | null;
  /**
   * False for a priced record that is not a market sale (a bid at an auction that passed in, a
   * vendor bid): the index keeps it as its property's own-sale evidence only. Absent: a market sale.
   */
  isMarketSale?: boolean;
  /** The record's sale method in our vocabulary ('sold', 'passed_in', 'vendor_bid', ...), when loaded. */
  saleMethod?: string | null;
  /** True when the record sold a share of the property, not the whole (none of the bundled sources records it). */
  partialInterest?: boolean;
  /** True when the sale sits at its locality's point, not its own (no geocode in the source): such sales rank by street and land size among themselves. */
  placedAtLocality?: boolean;
}

/** The property to value; everything but the location may be missing. */
export interface SubjectProperty {
  lat: number;
  lng: number;
  /** The street line ("85 Turner St"), when the property is a known address: its own earlier sales anchor the estimate. */
  address?: string | null;
  state?: string | null;
  suburb?: string | null;
  postcode?: string | null;
  propertyType?: string | null;
  bedrooms?: number | null;
  bathrooms?: number | null;
  carSpaces?: number | null;
  landSizeM2?: number | null;
  buildingSizeM2?: number | null;
  yearBuilt?: number | null;
  /**
   * How many of the attributes (the property type included) are the locality's typical values, not
   * the property's (typical-attributes.ts): the range widens by the model's `filledScale` when any are.
   */
  filledFromTypical?: number;
}
