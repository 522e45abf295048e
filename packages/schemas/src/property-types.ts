/**
 * The property-type vocabulary: the model's six types and the names Australians (and our data
 * sets) use for them. One module, read by the ingest of the bundled data, the user's import, the
 * CLI's `value --csv` and the valuation API.
 */
import { z } from 'zod';

/** The model's property types (the valuation model and the sales table know these six). */
export const PROPERTY_TYPES = ['house', 'unit', 'townhouse', 'villa', 'land', 'other'] as const;
export const propertyTypeSchema = z.enum(PROPERTY_TYPES);
export type PropertyType = z.infer<typeof propertyTypeSchema>;

/**
 * Names -> model types. Semi-detached, duplex and terrace houses are houses (Melbourne's `h` code
 * groups them the same way); flats, apartments and studios are units (`u`); townhouses `t`.
 * Acreage, rural and commercial buildings are 'other': the model has no type for them.
 */
const PROPERTY_TYPE_NAMES: Readonly<Record<string, PropertyType>> = {
  H: 'house',
  HOUSE: 'house',
  COTTAGE: 'house',
  TERRACE: 'house',
  'TERRACE HOUSE': 'house',
  SEMI: 'house',
  'SEMI-DETACHED': 'house',
  'SEMI DETACHED': 'house',
  DUPLEX: 'house',
  'DUPLEX/SEMI-DETACHED': 'house',
  U: 'unit',
  UNIT: 'unit',
  'HOME UNIT': 'unit',
  APARTMENT: 'unit',
  'APARTMENT/UNIT/FLAT': 'unit',
  FLAT: 'unit',
  STUDIO: 'unit',
  T: 'townhouse',
  TOWNHOUSE: 'townhouse',
  'TOWN HOUSE': 'townhouse',
  VILLA: 'villa',
  LAND: 'land',
  'VACANT LAND': 'land',
  'RESIDENTIAL LAND': 'land',
  OTHER: 'other',
  ACREAGE: 'other',
  'ACREAGE/SEMI-RURAL': 'other',
  RURAL: 'other',
  'SEMI-RURAL': 'other',
  FARM: 'other',
  WAREHOUSE: 'other',
};

/**
 * A property-type name (case and spacing ignored) as a model type, or null when it is not one we
 * know; the caller decides what an unknown name means (ingest: 'other'; a valuation: the
 * locality's typical type, said so).
 * @example readPropertyType('Duplex/Semi-detached') // 'house'
 * @example readPropertyType('Apartment') // 'unit'
 * @example readPropertyType('castle') // null
 */
export function readPropertyType(name: string): PropertyType | null {
  const key = name.trim().toUpperCase().replace(/\s+/g, ' ').replace(/\s*\/\s*/g, '/');
  return PROPERTY_TYPE_NAMES[key] ?? null;
}

/** Some of the names, for messages and API documentation. */
export const PROPERTY_TYPE_EXAMPLES = 'house, semi-detached, duplex, terrace, townhouse, villa, unit, apartment, flat, studio, land, acreage, rural, warehouse';
