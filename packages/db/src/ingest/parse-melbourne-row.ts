/** One row of melbourne_housing_full.csv -> a sale (columns: data/melbourne-housing-sales/SOURCE.md). */
import { parseCountCell, parseDateCell, parseNumberCell, parsePostcodeCell, parseTextCell } from './field-parsers.ts';
import { readPropertyType } from '@propguard/schemas';
import { normaliseSaleMethod } from './sale-methods.ts';
import { reject, type RowResult, type SaleRecord } from './sale-record.ts';

export const MELBOURNE_DATASET = 'melbourne-housing-sales';

export function parseMelbourneRow(row: Record<string, string>, sourceRow: number): RowResult<SaleRecord> {
  const suburb = parseTextCell(row.Suburb);
  if (suburb === null) return reject('missing_field', 'Suburb is empty');
  const date = parseDateCell('Date', row.Date);
  if (!date.ok) return date;
  if (date.value === null) return reject('missing_field', 'Date is empty');
  const propertyType = readPropertyType(row.Type ?? '');
  if (propertyType === null) return reject('invalid_value', `Type "${row.Type}" is not h, u or t`);
  const methodRaw = parseTextCell(row.Method);
  const saleMethod = methodRaw === null ? null : normaliseSaleMethod(methodRaw);
  if (saleMethod === null) return reject('invalid_value', `Method "${row.Method}" is not a known sale method code`);
  const postcode = parsePostcodeCell('Postcode', row.Postcode);
  if (!postcode.ok) return postcode;

  const numbers = {
    price: parseNumberCell('Price', row.Price),
    bedroom2: parseCountCell('Bedroom2', row.Bedroom2),
    rooms: parseCountCell('Rooms', row.Rooms),
    bathroom: parseCountCell('Bathroom', row.Bathroom),
    car: parseCountCell('Car', row.Car),
    landsize: parseNumberCell('Landsize', row.Landsize),
    buildingArea: parseNumberCell('BuildingArea', row.BuildingArea),
    yearBuilt: parseCountCell('YearBuilt', row.YearBuilt),
    lat: parseNumberCell('Lattitude', row.Lattitude),
    lng: parseNumberCell('Longtitude', row.Longtitude),
  };
  for (const parsed of Object.values(numbers)) if (!parsed.ok) return parsed;
  const value = (key: keyof typeof numbers): number | null => {
    const parsed = numbers[key];
    return parsed.ok ? parsed.value : null;
  };
  const lat = value('lat');
  const lng = value('lng');
  const hasCoordinates = lat !== null && lng !== null;
  // Bedroom2 is the bedroom count. Where it is empty (23% of the priced rows), Rooms stands in: on
  // the priced rows that have both, Rooms equals Bedroom2 in 96.4% (18,563 of 19,262; SOURCE.md).
  const adjustments: string[] = [];
  let bedrooms = value('bedroom2');
  if (bedrooms === null && value('rooms') !== null) {
    bedrooms = value('rooms');
    adjustments.push('melbourne_bedrooms_from_rooms');
  }

  return {
    ok: true,
    adjustments,
    value: {
      source: MELBOURNE_DATASET,
      sourceRow,
      address: parseTextCell(row.Address),
      suburb,
      state: 'VIC',
      postcode: postcode.value,
      lat: hasCoordinates ? lat : null,
      lng: hasCoordinates ? lng : null,
      locationPrecision: hasCoordinates ? 'address' : null,
      propertyType,
      propertyTypeRaw: parseTextCell(row.Type),
      bedrooms,
      bathrooms: value('bathroom'),
      carSpaces: value('car'),
      landSizeM2: value('landsize'),
      buildingSizeM2: value('buildingArea'),
      yearBuilt: value('yearBuilt'),
      priceAud: value('price'),
      saleDate: date.value.isoDate,
      datePrecision: date.value.precision,
      saleMethod,
      saleMethodRaw: methodRaw,
      isMarketSale: false,
      agency: parseTextCell(row.SellerG),
      localityId: null,
    },
  };
}
