/**
 * What a listing's estimate rests on when its record lacks the property's attributes (issue 34):
 * the values filled from the suburb's typical sales make it the estimate of a typical property
 * there, so four units of one building without attributes share one figure. The card says so.
 */

/** The attributes that set a dwelling apart; all of them typical means a typical property was valued. */
const DWELLING_ATTRIBUTES = ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2'] as const;

const ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  propertyType: 'property type',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  carSpaces: 'car spaces',
  landSizeM2: 'land size',
  buildingSizeM2: 'building size',
  yearBuilt: 'year built',
};

/**
 * The line a card shows when attributes were filled from the suburb's typical values, else null.
 * @example describeAttributeBasis('unit', ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2']) // 'Typical unit in this suburb: attributes not in the data'
 * @example describeAttributeBasis('house', ['yearBuilt']) // "The suburb's typical year built for a house: not in the data"
 */
export function describeAttributeBasis(propertyType: string | undefined, typicalAttributes: readonly string[]): string | null {
  if (typicalAttributes.length === 0) return null;
  const kind = propertyType ?? 'property';
  const isTypicalDwelling = typicalAttributes.includes('propertyType') || DWELLING_ATTRIBUTES.every((key) => typicalAttributes.includes(key));
  if (isTypicalDwelling) return `Typical ${kind} in this suburb: attributes not in the data`;
  const names = typicalAttributes.map((key) => ATTRIBUTE_NAMES[key] ?? key);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `The suburb's typical ${list} for a ${kind}: not in the data`;
}
