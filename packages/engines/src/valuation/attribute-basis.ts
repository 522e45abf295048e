/**
 * What a listing's estimate rests on when its record lacks the property's attributes (issue 34):
 * the values filled from the suburb's typical sales make it the estimate of a typical property
 * there, and rooms left to the model (typical-attributes.ts) leave nothing to tell apart units of one
 * building that differ in them, so such units share one figure. The card says so.
 */

/** The attributes that set a dwelling apart; all of them typical means a typical property was valued. */
const DWELLING_ATTRIBUTES = ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2'] as const;

/**
 * The rooms a card names when they were left to the model: sizes and the year built are missing from
 * whole markets' records (no Sydney record has a floor area), and the model expects that.
 */
const ROOM_ATTRIBUTES: readonly string[] = ['bedrooms', 'bathrooms', 'carSpaces'];

const ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  propertyType: 'property type',
  bedrooms: 'bedrooms',
  bathrooms: 'bathrooms',
  carSpaces: 'car spaces',
  landSizeM2: 'land size',
  buildingSizeM2: 'building size',
  yearBuilt: 'year built',
};

function listOf(keys: readonly string[]): string {
  const names = keys.map((key) => ATTRIBUTE_NAMES[key] ?? key);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The line a card shows when attributes were filled from the suburb's typical values or its rooms
 * were left to the model (`leftToModel`: the fields neither given nor filled), else null.
 * @example describeAttributeBasis('unit', ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2']) // 'Typical unit in this suburb: attributes not in the data'
 * @example describeAttributeBasis('house', ['yearBuilt']) // "The suburb's typical year built for a house: not in the data"
 * @example describeAttributeBasis('unit', [], ['bathrooms', 'carSpaces', 'landSizeM2']) // 'Valued without bathrooms and car spaces for this unit: not in the data'
 */
export function describeAttributeBasis(propertyType: string | undefined, typicalAttributes: readonly string[], leftToModel: readonly string[] = []): string | null {
  const rooms = leftToModel.filter((key) => ROOM_ATTRIBUTES.includes(key));
  if (typicalAttributes.length === 0 && rooms.length === 0) return null;
  const kind = propertyType ?? 'property';
  const isTypicalDwelling = typicalAttributes.includes('propertyType') || DWELLING_ATTRIBUTES.every((key) => typicalAttributes.includes(key));
  if (isTypicalDwelling) return `Typical ${kind} in this suburb: attributes not in the data`;
  if (typicalAttributes.length === 0) return `Valued without ${listOf(rooms)} for this ${kind}: not in the data`;
  const without = rooms.length > 0 ? `, valued without ${listOf(rooms)}` : '';
  return `The suburb's typical ${listOf(typicalAttributes)} for a ${kind}${without}: not in the data`;
}
