import type { SaleListingRow } from '@propguard/db';
import { PASSED_IN_METHODS } from '@propguard/db';
import type { Listing, ListingKind, SaleHistoryEntry } from '@propguard/schemas';
import type { ListingEnrichment } from './listing-enrichment-cache.ts';

const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-AU', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "12 March 2017", or "March 2017" where the record gives the month only (Perth). */
export function formatSaleDate(isoDate: string, precision: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return precision === 'month' ? MONTH_YEAR.format(date) : LONG_DATE.format(date);
}

const METHOD_LABELS: Readonly<Record<string, string>> = {
  sold: 'Sold',
  sold_prior: 'Sold prior to auction',
  sold_after_auction: 'Sold after auction',
  sold_not_disclosed: 'Sold (price not disclosed)',
  sold_prior_not_disclosed: 'Sold prior to auction (price not disclosed)',
  sold_after_auction_not_disclosed: 'Sold after auction (price not disclosed)',
  passed_in: 'Passed in at auction',
  vendor_bid: 'Passed in on a vendor bid',
  withdrawn: 'Withdrawn',
};

export function describeSaleMethod(method: string): string {
  return METHOD_LABELS[method] ?? method.replaceAll('_', ' ');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The facts our records hold about the property, as short lines (no invented features). */
export function describeFeatures(row: SaleListingRow): string[] {
  const features: string[] = [];
  if (row.bedrooms) features.push(plural(row.bedrooms, 'bedroom'));
  if (row.bathrooms) features.push(plural(row.bathrooms, 'bathroom'));
  if (row.carSpaces) features.push(plural(row.carSpaces, 'car space'));
  if (row.landSizeM2) features.push(`Land ${Math.round(row.landSizeM2).toLocaleString('en-AU')} m²`);
  if (row.buildingSizeM2) features.push(`Building ${Math.round(row.buildingSizeM2).toLocaleString('en-AU')} m²`);
  if (row.yearBuilt) features.push(`Built ${row.yearBuilt}`);
  if (row.locationPrecision === 'locality') features.push('Suburb-level record: the data give no street address');
  return features;
}

export function listingIdOf(saleId: number): string {
  return `sale-${saleId}`;
}

/** What a record of ours is: a past event, a sale or an auction passed in or withdrawn (never a current listing). */
export function listingKindOf(row: SaleListingRow): ListingKind {
  if ((PASSED_IN_METHODS as readonly string[]).includes(row.saleMethod)) return 'passed-in';
  return row.saleMethod === 'withdrawn' ? 'withdrawn' : 'sold';
}

/** A sale and what our engines add to it, as SPEC.md's Listing. */
export function toListing(row: SaleListingRow, enrichment: ListingEnrichment): Listing {
  return {
    listing_id: listingIdOf(row.id),
    address: row.address ?? row.suburb,
    street_address: row.address,
    suburb: row.suburb,
    state: row.state,
    postcode: row.postcode,
    lat: row.lat,
    lng: row.lng,
    location_precision: row.locationPrecision === 'address' ? 'address' : 'locality',
    property_type: row.propertyType,
    listing_type: listingKindOf(row),
    status_label: `${describeSaleMethod(row.saleMethod)}, ${formatSaleDate(row.saleDate, row.datePrecision)}`,
    price: row.priceAud,
    sale_date: row.saleDate,
    sale_method: row.saleMethod,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    car_spaces: row.carSpaces,
    land_size: row.landSizeM2,
    building_size: row.buildingSizeM2,
    year_built: row.yearBuilt,
    features: describeFeatures(row),
    photos: [],
    data_source: row.source,
    ...enrichment,
  };
}

export function toHistoryEntry(row: SaleListingRow): SaleHistoryEntry {
  return {
    sale_id: row.id,
    listing_id: listingIdOf(row.id),
    sale_date: row.saleDate,
    price: row.priceAud,
    sale_method: row.saleMethod,
    property_type: row.propertyType,
    data_source: row.source,
  };
}
