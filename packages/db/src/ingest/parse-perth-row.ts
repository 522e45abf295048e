/** One row of perth_house_sales.csv -> a sale (columns: data/perth-house-sales/SOURCE.md). */
import { parseCountCell, parseDateCell, parseNumberCell, parsePostcodeCell, parseTextCell } from './field-parsers.ts';
import { reject, type RowResult, type SaleRecord } from './sale-record.ts';

export const PERTH_DATASET = 'perth-house-sales';

export function parsePerthRow(row: Record<string, string>, sourceRow: number): RowResult<SaleRecord> {
  const suburb = parseTextCell(row.SUBURB);
  if (suburb === null) return reject('missing_field', 'SUBURB is empty');
  const date = parseDateCell('DATE_SOLD', row.DATE_SOLD);
  if (!date.ok) return date;
  if (date.value === null) return reject('missing_field', 'DATE_SOLD is empty');
  const postcode = parsePostcodeCell('POSTCODE', row.POSTCODE);
  if (!postcode.ok) return postcode;
  const numbers = {
    price: parseNumberCell('PRICE', row.PRICE),
    bedrooms: parseCountCell('BEDROOMS', row.BEDROOMS),
    bathrooms: parseCountCell('BATHROOMS', row.BATHROOMS),
    garage: parseCountCell('GARAGE', row.GARAGE),
    landArea: parseNumberCell('LAND_AREA', row.LAND_AREA),
    floorArea: parseNumberCell('FLOOR_AREA', row.FLOOR_AREA),
    buildYear: parseCountCell('BUILD_YEAR', row.BUILD_YEAR),
    lat: parseNumberCell('LATITUDE', row.LATITUDE),
    lng: parseNumberCell('LONGITUDE', row.LONGITUDE),
  };
  for (const parsed of Object.values(numbers)) if (!parsed.ok) return parsed;
  const value = (key: keyof typeof numbers): number | null => {
    const parsed = numbers[key];
    return parsed.ok ? parsed.value : null;
  };
  const adjustments: string[] = [];
  let carSpaces = value('garage');
  // SOURCE.md: every copy stores the original file's missing GARAGE as 0, so a 0 cannot be told
  // apart from "no garage"; it is recorded as unknown.
  if (carSpaces === 0) {
    carSpaces = null;
    adjustments.push('perth_garage_zero_unknown');
  }
  const lat = value('lat');
  const lng = value('lng');
  const hasCoordinates = lat !== null && lng !== null;

  return {
    ok: true,
    adjustments,
    value: {
      source: PERTH_DATASET,
      sourceRow,
      address: parseTextCell(row.ADDRESS),
      suburb,
      state: 'WA',
      postcode: postcode.value,
      lat: hasCoordinates ? lat : null,
      lng: hasCoordinates ? lng : null,
      locationPrecision: hasCoordinates ? 'address' : null,
      // The set holds houses only (SOURCE.md) and has no type column.
      propertyType: 'house',
      propertyTypeRaw: null,
      bedrooms: value('bedrooms'),
      bathrooms: value('bathrooms'),
      carSpaces,
      landSizeM2: value('landArea'),
      buildingSizeM2: value('floorArea'),
      yearBuilt: value('buildYear'),
      priceAud: value('price'),
      saleDate: date.value.isoDate,
      datePrecision: date.value.precision,
      // "Sold" listing records: every row is a completed sale with its price.
      saleMethod: 'sold',
      saleMethodRaw: null,
      isMarketSale: false,
      agency: null,
      localityId: null,
    },
  };
}
