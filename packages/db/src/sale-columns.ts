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
