/**
 * The attributes a caller gives, read as a valuer reads them (issue 31, item 6): a value that is
 * unknown in practice is treated as not given, and the answer's `assumed` says so. Every door
 * passes through here (resolveSubject of packages/db: the API, `propguard value --csv`, portfolios,
 * listings). What is refused with a 4xx (a negative count, a size that is not a number) is the
 * request schema's business; what reaches here is a number a source may well write for "unknown".
 *
 * The bounds are the bundled data's cleaning rules (docs/data.md), so a given value is read the way
 * the sales the model learnt from were read:
 *   land size     0 (how listings write a unit's lot, or an unknown one)      -> not given
 *                 above 100,000 m² (10 ha: a farm, not a residential lot)        -> not given
 *   building size 0, or below 10 m² (smaller than a studio)                      -> not given
 *                 above 5,000 m² (larger than any dwelling of our sales)         -> not given
 *   year built    0, or before 1800                                              -> not given
 *                 after the valuation date's year + 1 (off the plan: one year)   -> not given
 *   rooms         bedrooms, bathrooms or car spaces above 20                     -> not given
 */

/** 10 ha. Perth's 999,999 m² is a sentinel; above 10 ha a "house sale" is a farm or rural holding whose price is not set by a residential land rate. */
export const MAX_LAND_SIZE_M2 = 100_000;
/** Smaller than a 10 m² studio is a data-entry error (Perth has 1 m² floor areas). */
export const MIN_BUILDING_SIZE_M2 = 10;
/** Larger than any dwelling in our sales' plausible range (Melbourne has a 44,515 m² typo). */
export const MAX_BUILDING_SIZE_M2 = 5_000;
/** Earliest plausible year built for a dwelling still standing (Melbourne has 1196, a typo). */
export const MIN_YEAR_BUILT = 1800;
/** A dwelling may be sold off the plan a year before it is finished; later than that it is not yet built. */
export const YEAR_BUILT_AFTER_DATE_YEARS = 1;
/** Counts above 20 are typing errors or whole-building listings, not a dwelling's rooms. */
export const MAX_ROOM_COUNT = 20;

export interface GivenAttributeValues {
  bedrooms?: number;
  bathrooms?: number;
  carSpaces?: number;
  landSizeM2?: number;
  buildingSizeM2?: number;
  yearBuilt?: number;
}

const ROOM_KEYS = ['bedrooms', 'bathrooms', 'carSpaces'] as const;
const AREA_FORMAT = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });
const area = (value: number) => `${AREA_FORMAT.format(value)} m²`;

/**
 * The given attributes without the values that are unknown in practice, and one line per value
 * dropped ("landSizeM2: 0 m² given for a unit, treated as not given"). `propertyType` is the type as
 * known so far (given, or the address's), `valuationDate` the date the property is valued as at.
 * @example sanitiseGivenAttributes({ landSizeM2: 0, bedrooms: 2 }, { propertyType: 'unit', valuationDate: '2018-03-17' })
 *   // { attributes: { bedrooms: 2 }, notes: ['landSizeM2: 0 m² given for a unit, treated as not given (a unit has no lot of its own)'] }
 */
export function sanitiseGivenAttributes<T extends GivenAttributeValues>(given: T, context: { propertyType?: string | null; valuationDate: string }): { attributes: T; notes: string[] } {
  const attributes = { ...given };
  const notes: string[] = [];
  const drop = (key: keyof GivenAttributeValues, given: string, why: string) => {
    delete attributes[key];
    notes.push(`${key}: ${given}, treated as not given (${why})`);
  };
  const land = attributes.landSizeM2;
  if (land !== undefined) {
    if (land <= 0) {
      if (context.propertyType === 'unit') drop('landSizeM2', `${area(land)} given for a unit`, 'a unit has no lot of its own');
      else drop('landSizeM2', `${area(land)} given`, '0 is how listings write a lot that is not known');
    } else if (land > MAX_LAND_SIZE_M2) drop('landSizeM2', `${area(land)} given`, `more than ${area(MAX_LAND_SIZE_M2)} (10 ha) is a farm rather than a residential lot`);
  }
  const building = attributes.buildingSizeM2;
  if (building !== undefined) {
    if (building <= 0) drop('buildingSizeM2', `${area(building)} given`, '0 is how listings write a floor area that is not known');
    else if (building < MIN_BUILDING_SIZE_M2) drop('buildingSizeM2', `${area(building)} given`, `smaller than a ${area(MIN_BUILDING_SIZE_M2)} studio`);
    else if (building > MAX_BUILDING_SIZE_M2) drop('buildingSizeM2', `${area(building)} given`, `larger than any dwelling of our sales (${area(MAX_BUILDING_SIZE_M2)})`);
  }
  const year = attributes.yearBuilt;
  const latestYear = Number(context.valuationDate.slice(0, 4)) + YEAR_BUILT_AFTER_DATE_YEARS;
  if (year !== undefined) {
    if (year === 0) drop('yearBuilt', '0 given', '0 is how listings write a year that is not known');
    else if (year < MIN_YEAR_BUILT) drop('yearBuilt', `${year} given`, `before ${MIN_YEAR_BUILT}`);
    else if (year > latestYear) drop('yearBuilt', `${year} given`, `after the valuation date, ${context.valuationDate}, by more than the year a dwelling sold off the plan may take to finish`);
  }
  for (const key of ROOM_KEYS) {
    const count = attributes[key];
    if (count !== undefined && count > MAX_ROOM_COUNT) drop(key, `${count} given`, `more than ${MAX_ROOM_COUNT} is a whole building rather than a dwelling`);
  }
  return { attributes, notes };
}
