/** One row of SydneyHousePrices.csv -> a sale (columns: data/sydney-house-sales/SOURCE.md). */
import { parseCountCell, parseDateCell, parseNumberCell, parsePostcodeCell, parseTextCell } from './field-parsers.ts';
import { readPropertyType } from '@propguard/schemas';
import { reject, type RowResult, type SaleRecord } from './sale-record.ts';

export const SYDNEY_DATASET = 'sydney-house-sales';

export function parseSydneyRow(row: Record<string, string>, sourceRow: number): RowResult<SaleRecord> {
  const suburb = parseTextCell(row.suburb);
  if (suburb === null) return reject('missing_field', 'suburb is empty');
  const date = parseDateCell('Date', row.Date);
  if (!date.ok) return date;
  if (date.value === null) return reject('missing_field', 'Date is empty');
  const postcode = parsePostcodeCell('postalCode', row.postalCode);
  if (!postcode.ok) return postcode;
  const propertyTypeRaw = parseTextCell(row.propType);
  const propertyType = readPropertyType(propertyTypeRaw ?? 'other') ?? 'other';
  const numbers = {
    price: parseNumberCell('sellPrice', row.sellPrice),
    bed: parseCountCell('bed', row.bed),
    bath: parseCountCell('bath', row.bath),
    car: parseCountCell('car', row.car),
  };
  for (const parsed of Object.values(numbers)) if (!parsed.ok) return parsed;
  const value = (key: keyof typeof numbers): number | null => {
    const parsed = numbers[key];
    return parsed.ok ? parsed.value : null;
  };
  return {
    ok: true,
    adjustments: [],
    value: {
      source: SYDNEY_DATASET,
      sourceRow,
      // Suburb-level records: no street address and no coordinates; placed at the locality.
      address: null,
      suburb,
      // Taken from the gazetteer at placement: 15 rows carry Queensland or Victorian postcodes.
      state: null,
      postcode: postcode.value,
      lat: null,
      lng: null,
      locationPrecision: null,
      propertyType,
      propertyTypeRaw,
      bedrooms: value('bed'),
      bathrooms: value('bath'),
      carSpaces: value('car'),
      landSizeM2: null,
      buildingSizeM2: null,
      yearBuilt: null,
      priceAud: value('price'),
      saleDate: date.value.isoDate,
      datePrecision: date.value.precision,
      saleMethod: 'sold',
      saleMethodRaw: null,
      isMarketSale: false,
      agency: null,
      localityId: null,
    },
  };
}
