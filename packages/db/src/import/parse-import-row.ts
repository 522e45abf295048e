/**
 * A row of a user's sales CSV (already keyed by our field names) -> a sale. Pure: the same
 * checks as the bundled data, with messages that name the field and the value.
 */
import { parseCountCell, parseDateCell, parseNumberCell, parsePostcodeCell, parseTextCell } from '../ingest/field-parsers.ts';
import { PROPERTY_TYPE_EXAMPLES, readPropertyType } from '@propguard/schemas';
import { normaliseSaleMethod } from '../ingest/sale-methods.ts';
import { reject, type RowResult, type SaleRecord } from '../ingest/sale-record.ts';

export const IMPORT_FIELDS = [
  'address', 'suburb', 'state', 'postcode', 'lat', 'lng', 'property_type', 'bedrooms', 'bathrooms', 'car_spaces',
  'land_size', 'building_size', 'year_built', 'price', 'date', 'sale_method', 'agency',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** A file without these columns is refused as a whole; `postcode` or `state` must also be present. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['suburb', 'date', 'price'];

const STATES = new Set(['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']);
/** Australia's mainland and Tasmania lie within these bounds (Geoscience Australia, "Area of Australia"). */
const AUSTRALIA_BOUNDS = { minLat: -44, maxLat: -10, minLng: 112, maxLng: 154 };

export function parseImportRow(row: Partial<Record<ImportField, string>>, sourceRow: number, source: string): RowResult<SaleRecord> {
  const suburb = parseTextCell(row.suburb);
  if (suburb === null) return reject('missing_field', 'suburb is empty');
  const date = parseDateCell('date', row.date);
  if (!date.ok) return date;
  if (date.value === null) return reject('missing_field', 'date is empty');
  const postcode = parsePostcodeCell('postcode', row.postcode);
  if (!postcode.ok) return postcode;
  const stateText = parseTextCell(row.state)?.toUpperCase() ?? null;
  if (stateText !== null && !STATES.has(stateText)) return reject('invalid_value', `state "${row.state}" is not one of ${[...STATES].join(', ')}`);
  if (stateText === null && postcode.value === null) return reject('missing_field', 'postcode and state are both empty');
  const propertyTypeRaw = parseTextCell(row.property_type);
  const propertyType = propertyTypeRaw === null ? 'other' : readPropertyType(propertyTypeRaw);
  if (propertyType === null) return reject('invalid_value', `property_type "${propertyTypeRaw}" is not a property type we know (${PROPERTY_TYPE_EXAMPLES}, other)`);
  const methodRaw = parseTextCell(row.sale_method);
  const saleMethod = methodRaw === null ? 'sold' : normaliseSaleMethod(methodRaw);
  if (saleMethod === null) return reject('invalid_value', `sale_method "${methodRaw}" is not a known sale method (e.g. sold, sold_prior, passed_in, S, SP, PI)`);

  const numbers = {
    price: parseNumberCell('price', row.price),
    bedrooms: parseCountCell('bedrooms', row.bedrooms),
    bathrooms: parseCountCell('bathrooms', row.bathrooms),
    car_spaces: parseCountCell('car_spaces', row.car_spaces),
    land_size: parseNumberCell('land_size', row.land_size),
    building_size: parseNumberCell('building_size', row.building_size),
    year_built: parseCountCell('year_built', row.year_built),
    lat: parseNumberCell('lat', row.lat),
    lng: parseNumberCell('lng', row.lng),
  };
  for (const parsed of Object.values(numbers)) if (!parsed.ok) return parsed;
  const value = (key: keyof typeof numbers): number | null => {
    const parsed = numbers[key];
    return parsed.ok ? parsed.value : null;
  };
  const lat = value('lat');
  const lng = value('lng');
  if ((lat === null) !== (lng === null)) return reject('missing_field', 'lat and lng must both be given or both be empty');
  if (lat !== null && lng !== null) {
    const bounds = AUSTRALIA_BOUNDS;
    if (lat < bounds.minLat || lat > bounds.maxLat || lng < bounds.minLng || lng > bounds.maxLng) {
      return reject('invalid_value', `lat/lng ${lat}, ${lng} is not in Australia`);
    }
  }
  return {
    ok: true,
    adjustments: [],
    value: {
      source,
      sourceRow,
      address: parseTextCell(row.address),
      suburb,
      state: stateText,
      postcode: postcode.value,
      lat,
      lng,
      locationPrecision: lat === null ? null : 'address',
      propertyType,
      propertyTypeRaw,
      bedrooms: value('bedrooms'),
      bathrooms: value('bathrooms'),
      carSpaces: value('car_spaces'),
      landSizeM2: value('land_size'),
      buildingSizeM2: value('building_size'),
      yearBuilt: value('year_built'),
      priceAud: value('price'),
      saleDate: date.value.isoDate,
      datePrecision: date.value.precision,
      saleMethod,
      saleMethodRaw: methodRaw,
      isMarketSale: false,
      agency: parseTextCell(row.agency),
      localityId: null,
    },
  };
}

/**
 * Which file column feeds each field: the mapping when given (our field -> the file's column),
 * else the header's own names matched case-insensitively. Returns the problems with the header.
 */
export function resolveImportColumns(header: readonly string[], mapping: Record<string, string> | undefined): { columns: Partial<Record<ImportField, string>>; problems: string[] } {
  const problems: string[] = [];
  const columns: Partial<Record<ImportField, string>> = {};
  const known = new Set<string>(IMPORT_FIELDS);
  if (mapping) {
    for (const [field, column] of Object.entries(mapping)) {
      if (!known.has(field)) problems.push(`mapping names unknown field "${field}" (fields: ${IMPORT_FIELDS.join(', ')})`);
      else if (!header.includes(column)) problems.push(`mapping maps ${field} to column "${column}", which is not in the file's header`);
      else columns[field as ImportField] = column;
    }
  } else {
    for (const column of header) {
      const field = column.trim().toLowerCase();
      if (known.has(field)) columns[field as ImportField] = column;
    }
  }
  if (problems.length === 0) {
    const missing = REQUIRED_IMPORT_FIELDS.filter((field) => columns[field] === undefined);
    if (missing.length > 0) problems.push(`missing required column(s): ${missing.join(', ')}`);
    if (columns.postcode === undefined && columns.state === undefined) problems.push('missing required column: postcode or state');
  }
  return { columns, problems };
}
