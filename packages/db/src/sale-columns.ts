import type { SaleAttributes } from '@propguard/schemas';
import { sales } from './schema.ts';

/** The columns of a sale row as the listing and data endpoints read it (the sales row shape of packages/schemas). */
export const SALE_ROW_COLUMNS = {
  id: sales.id,
  source: sales.source,
  address: sales.address,
  suburb: sales.suburb,
  state: sales.state,
  postcode: sales.postcode,
  lat: sales.lat,
  lng: sales.lng,
  locationPrecision: sales.locationPrecision,
  propertyType: sales.propertyType,
  bedrooms: sales.bedrooms,
  bathrooms: sales.bathrooms,
  carSpaces: sales.carSpaces,
  landSizeM2: sales.landSizeM2,
  buildingSizeM2: sales.buildingSizeM2,
  yearBuilt: sales.yearBuilt,
  priceAud: sales.priceAud,
  saleDate: sales.saleDate,
  datePrecision: sales.datePrecision,
  saleMethod: sales.saleMethod,
};

/** A number from a row's value (a number, or its text form from Database.queryText); null stays null. */
export const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** A sale's or an address's attributes from its row (snake_case columns). */
export function attributesOfRow(row: Record<string, unknown>): SaleAttributes {
  return {
    bedrooms: numberOrNull(row.bedrooms),
    bathrooms: numberOrNull(row.bathrooms),
    carSpaces: numberOrNull(row.car_spaces),
    landSizeM2: numberOrNull(row.land_size_m2),
    buildingSizeM2: numberOrNull(row.building_size_m2),
    yearBuilt: numberOrNull(row.year_built),
  };
}
