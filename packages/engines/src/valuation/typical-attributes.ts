/**
 * A locality's typical attributes: what the product assumes for a field a user leaves out (the
 * median of the locality's market sales of the same type), and what it leaves to the model.
 *
 * A field is filled only where the model rarely saw it missing: where at least TYPICAL_MIN_SHARE of
 * the market's (state's) sales of that type record it (every Melbourne house sale records its
 * bedrooms). Where a real share of them do not (the NSW Valuer General's files carry no bedrooms, a
 * strata lot no land area, half of Melbourne's sales no floor area), the model learned to value such
 * sales without it, and a median would make the subject look like another kind of sale: on the NSW
 * Valuer General's hold-out, houses in Sydney suburbs given the suburb's median bedrooms and
 * bathrooms were valued at 17.0% MdAPE with 57% in their 80% range, against 14.5% and 86% left to the
 * model (docs/benchmarks.md). The field is then left to the model, and the answer says so. The
 * product (resolve-subject.ts of packages/db) and the evaluation (train.ts) fill through these
 * functions, from the sales index's sales.
 */
import type { IndexedSale } from './types.ts';

/** The fields a typical value may fill, in the order the answer lists them. */
export const TYPICAL_ATTRIBUTE_KEYS = ['bedrooms', 'bathrooms', 'carSpaces', 'landSizeM2', 'buildingSizeM2', 'yearBuilt'] as const;
export type TypicalAttributeKey = (typeof TYPICAL_ATTRIBUTE_KEYS)[number];

/** The least share of a market's sales of one type that must record a field for a typical value to fill it. */
export const TYPICAL_MIN_SHARE = 0.95;

/** The median attributes of one property type's market sales in a locality (null: not filled). */
export interface TypicalAttributes extends Record<TypicalAttributeKey, number | null> {
  propertyType: string;
  /** The locality's market sales of this type. */
  sales: number;
  /** The market (state) the sales are in. */
  state: string;
  /** The fields fewer than TYPICAL_MIN_SHARE of the market's sales of this type record: never filled. */
  unrecordedInMarket: TypicalAttributeKey[];
}

/** Locality key -> its types' typical attributes, the most sold type first. */
export type TypicalAttributesTable = Map<string, TypicalAttributes[]>;

/** The key of a locality in a TypicalAttributesTable (suburb, postcode, state; upper case). */
export function typicalAttributesKey(suburb: string, postcode: string | null | undefined, state: string | null | undefined): string {
  return `${suburb}|${postcode ?? ''}|${state ?? ''}`.toUpperCase();
}

/** Counts (bedrooms, year built) take the lower middle value; sizes the middle, rounded to the m². */
const ROUNDED_MEDIAN: ReadonlySet<TypicalAttributeKey> = new Set(['landSizeM2', 'buildingSizeM2']);

function median(values: number[], key: TypicalAttributeKey): number {
  values.sort((a, b) => a - b);
  const middle = (values.length - 1) / 2;
  if (!ROUNDED_MEDIAN.has(key)) return values[Math.floor(middle)]!;
  return Math.round((values[Math.floor(middle)]! + values[Math.ceil(middle)]!) / 2);
}

const isRecorded = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * The typical attributes of one locality's sales of one type: the median of the sales that record
 * each field, except the fields in `unrecordedInMarket` (left null).
 */
export function typicalOf(propertyType: string, state: string, sales: readonly IndexedSale[], unrecordedInMarket: readonly TypicalAttributeKey[] = []): TypicalAttributes {
  const typical: TypicalAttributes = { propertyType, state, sales: sales.length, bedrooms: null, bathrooms: null, carSpaces: null, landSizeM2: null, buildingSizeM2: null, yearBuilt: null, unrecordedInMarket: [...unrecordedInMarket] };
  for (const key of TYPICAL_ATTRIBUTE_KEYS) {
    if (unrecordedInMarket.includes(key)) continue;
    const values: number[] = [];
    for (const sale of sales) {
      const value = sale[key];
      if (isRecorded(value)) values.push(value);
    }
    if (values.length > 0) typical[key] = median(values, key);
  }
  return typical;
}

/** Per market and type (`${state}|${type}`): the fields fewer than TYPICAL_MIN_SHARE of its sales record. */
export function unrecordedFields(sales: readonly IndexedSale[]): Map<string, TypicalAttributeKey[]> {
  const counts = new Map<string, { sales: number; recorded: number[] }>();
  for (const sale of sales) {
    const key = `${sale.state}|${sale.propertyType}`;
    let count = counts.get(key);
    if (!count) counts.set(key, (count = { sales: 0, recorded: TYPICAL_ATTRIBUTE_KEYS.map(() => 0) }));
    count.sales += 1;
    TYPICAL_ATTRIBUTE_KEYS.forEach((field, position) => {
      if (isRecorded(sale[field])) count.recorded[position]! += 1;
    });
  }
  return new Map([...counts].map(([key, count]) => [key, TYPICAL_ATTRIBUTE_KEYS.filter((_field, position) => count.recorded[position]! < TYPICAL_MIN_SHARE * count.sales)]));
}

/**
 * Every locality's typical attributes from market sales (a sales index's `sales`: the sales the
 * model values with).
 */
export function buildTypicalAttributesTable(sales: readonly IndexedSale[]): TypicalAttributesTable {
  const market = sales.filter((sale) => sale.isMarketSale !== false && sale.suburb && sale.postcode && sale.state);
  const unrecorded = unrecordedFields(market);
  const groups = new Map<string, Map<string, IndexedSale[]>>();
  for (const sale of market) {
    const key = typicalAttributesKey(sale.suburb, sale.postcode, sale.state);
    let byType = groups.get(key);
    if (!byType) groups.set(key, (byType = new Map()));
    const list = byType.get(sale.propertyType);
    if (list) list.push(sale);
    else byType.set(sale.propertyType, [sale]);
  }
  const table: TypicalAttributesTable = new Map();
  for (const [key, byType] of groups) {
    const rows = [...byType].map(([type, list]) => typicalOf(type, list[0]!.state!, list, unrecorded.get(`${list[0]!.state}|${type}`)));
    rows.sort((a, b) => b.sales - a.sales || (a.propertyType < b.propertyType ? -1 : a.propertyType > b.propertyType ? 1 : 0));
    table.set(key, rows);
  }
  return table;
}

/** What filling a subject's missing fields from its locality's typical values did. */
export interface TypicalFill<T> {
  attributes: T;
  /** The fields filled, in TYPICAL_ATTRIBUTE_KEYS order. */
  filled: TypicalAttributeKey[];
  /** One line per filled field, and one for the fields left to the model ("assumed" of the answer). */
  notes: string[];
}

/**
 * Fills each field of `attributes` that is undefined with `typical`'s value, where it has one;
 * the fields it has none for are left to the model, and said why.
 *
 * @example fillFromTypical({ landSizeM2: 650 }, typical, 'Abbotsford').filled // ['bedrooms', 'bathrooms', 'carSpaces']
 */
export function fillFromTypical<T extends Partial<Record<TypicalAttributeKey, number>>>(attributes: T, typical: TypicalAttributes, suburb: string): TypicalFill<T> {
  const filled: TypicalAttributeKey[] = [];
  const notes: string[] = [];
  const unrecorded: TypicalAttributeKey[] = [];
  const noneLocal: TypicalAttributeKey[] = [];
  const result = { ...attributes };
  const source = `median of ${typical.sales.toLocaleString('en-AU')} ${typical.propertyType} sales in ${suburb}`;
  for (const key of TYPICAL_ATTRIBUTE_KEYS) {
    if (result[key] !== undefined) continue;
    const value = typical[key];
    if (value === null) {
      (typical.unrecordedInMarket.includes(key) ? unrecorded : noneLocal).push(key);
      continue;
    }
    (result as Partial<Record<TypicalAttributeKey, number>>)[key] = value;
    filled.push(key);
    notes.push(`${key}: ${key === 'yearBuilt' ? String(value) : value.toLocaleString('en-AU')} (${source})`);
  }
  const them = (keys: readonly string[]) => (keys.length === 1 ? 'it' : 'them');
  if (unrecorded.length > 0) {
    notes.push(`${unrecorded.join(', ')}: left to the model (fewer than ${TYPICAL_MIN_SHARE * 100}% of ${typical.state} ${typical.propertyType} sales record ${them(unrecorded)}: the model learned to value without ${them(unrecorded)})`);
  }
  if (noneLocal.length > 0) notes.push(`${noneLocal.join(', ')}: left to the model (none of the ${typical.sales.toLocaleString('en-AU')} ${typical.propertyType} sales in ${suburb} record ${them(noneLocal)})`);
  return { attributes: result, filled, notes };
}
