/**
 * The sales and their index as plain columns, to keep between starts and to hand from one thread to
 * another (issue 32.1): v8.serialize of 278,971 sale objects and of the index's lists of them took
 * 1.4 s, and v8.deserialize 2.1 s, for 119 MB. Here every sale is a row of typed arrays (repeated
 * texts such as suburbs and dates as codes into a list of their distinct values), and every list of
 * sales in the index a list of row numbers, so the value serialises as a few large arrays.
 * unpackSalesAndIndex(packSalesAndIndex(sales, index), index.movement) gives the same sales (equal
 * objects, each list of the index holding the same object as `sales` does) and an index that answers
 * as `index` does.
 */
import KDBush from 'kdbush';
import type { SalesIndex } from './sales-index.ts';
import type { IndexedSale } from './types.ts';
import type { MarketMovement } from './market-movement.ts';

/** Distinct texts and, per row, the number of its text in them (-1: none). */
interface TextColumn {
  values: string[];
  codes: Int32Array;
}

/** A number column: NaN stands for null. */
type NumberColumn = Float64Array;

interface SaleColumns {
  count: number;
  id: NumberColumn;
  lat: NumberColumn;
  lng: NumberColumn;
  state: TextColumn;
  suburb: TextColumn;
  postcode: TextColumn;
  address: (string | null)[];
  propertyType: TextColumn;
  bedrooms: NumberColumn;
  bathrooms: NumberColumn;
  carSpaces: NumberColumn;
  landSizeM2: NumberColumn;
  buildingSizeM2: NumberColumn;
  yearBuilt: NumberColumn;
  priceAud: NumberColumn;
  saleDate: TextColumn;
  propertyKey: (string | null)[];
  /** Present only on records that are not market sales (isMarketSale false). */
  saleMethod: TextColumn;
  /** Bit 1: isMarketSale is false; bit 2: placedAtLocality is true. */
  flags: Uint8Array;
}

/** Row numbers of a map's lists: list k holds rows[offsets[k]] to rows[offsets[k + 1] - 1]. */
interface RowLists {
  keys: string[];
  offsets: Int32Array;
  rows: Int32Array;
}

export interface PackedSalesAndIndex {
  sales: SaleColumns;
  /** The rows of index.sales. */
  indexRows: Int32Array;
  trees: Array<{
    type: string;
    rows: Int32Array;
    logPrices: Float64Array;
    months: Int32Array;
    xs: Float64Array;
    ys: Float64Array;
    treeData: ArrayBuffer;
    atLocality: Uint8Array;
    streets: (string | null)[];
    landSizes: Float64Array;
  }>;
  regionalIndex: SalesIndex['regionalIndex'];
  /** Each suburb cell's sales: ids, dates (codes into the sale dates' texts), log prices and months, concatenated. */
  suburbSales: { keys: string[]; offsets: Int32Array; ids: Int32Array; dates: Int32Array; logPrices: Float64Array; months: Int32Array };
  addressSales: RowLists;
  lastSaleDateByMarket: SalesIndex['lastSaleDateByMarket'];
  saleCountByMarket: SalesIndex['saleCountByMarket'];
  lastSaleDate: string;
  firstSaleDate: string;
}

const NOT_MARKET = 1;
const AT_LOCALITY = 2;

/** Distinct texts in order of first appearance, each row's written as its number among them. */
class TextCoder {
  readonly values: string[] = [];
  readonly codes: Int32Array;
  private readonly codeOf = new Map<string, number>();
  constructor(count: number) {
    this.codes = new Int32Array(count);
  }
  set(row: number, value: string | null | undefined): void {
    if (value == null) {
      this.codes[row] = -1;
      return;
    }
    let code = this.codeOf.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.values.push(value);
      this.codeOf.set(value, code);
    }
    this.codes[row] = code;
  }
  column(): TextColumn {
    return { values: this.values, codes: this.codes };
  }
}

const textAt = (column: TextColumn, row: number) => (column.codes[row]! < 0 ? null : column.values[column.codes[row]!]!);
const numberAt = (column: NumberColumn, row: number) => (Number.isNaN(column[row]!) ? null : column[row]!);

/** The sales as columns, in one pass (a pass per column, or Float64Array.from with a map, took several times longer on 278,971 rows). */
function packSales(sales: readonly IndexedSale[]): SaleColumns {
  const count = sales.length;
  const numbers = () => new Float64Array(count);
  const columns = {
    count,
    id: numbers(),
    lat: numbers(),
    lng: numbers(),
    address: new Array<string | null>(count),
    bedrooms: numbers(),
    bathrooms: numbers(),
    carSpaces: numbers(),
    landSizeM2: numbers(),
    buildingSizeM2: numbers(),
    yearBuilt: numbers(),
    priceAud: numbers(),
    propertyKey: new Array<string | null>(count),
    flags: new Uint8Array(count),
  };
  const texts = { state: new TextCoder(count), suburb: new TextCoder(count), postcode: new TextCoder(count), propertyType: new TextCoder(count), saleDate: new TextCoder(count), saleMethod: new TextCoder(count) };
  for (let row = 0; row < count; row += 1) {
    const sale = sales[row]!;
    columns.id[row] = sale.id;
    columns.lat[row] = sale.lat;
    columns.lng[row] = sale.lng;
    columns.address[row] = sale.address ?? null;
    columns.bedrooms[row] = sale.bedrooms ?? Number.NaN;
    columns.bathrooms[row] = sale.bathrooms ?? Number.NaN;
    columns.carSpaces[row] = sale.carSpaces ?? Number.NaN;
    columns.landSizeM2[row] = sale.landSizeM2 ?? Number.NaN;
    columns.buildingSizeM2[row] = sale.buildingSizeM2 ?? Number.NaN;
    columns.yearBuilt[row] = sale.yearBuilt ?? Number.NaN;
    columns.priceAud[row] = sale.priceAud;
    columns.propertyKey[row] = sale.propertyKey ?? null;
    columns.flags[row] = (sale.isMarketSale === false ? NOT_MARKET : 0) | (sale.placedAtLocality ? AT_LOCALITY : 0);
    texts.state.set(row, sale.state);
    texts.suburb.set(row, sale.suburb);
    texts.postcode.set(row, sale.postcode);
    texts.propertyType.set(row, sale.propertyType);
    texts.saleDate.set(row, sale.saleDate);
    texts.saleMethod.set(row, sale.saleMethod);
  }
  return {
    ...columns,
    state: texts.state.column(),
    suburb: texts.suburb.column(),
    postcode: texts.postcode.column(),
    propertyType: texts.propertyType.column(),
    saleDate: texts.saleDate.column(),
    saleMethod: texts.saleMethod.column(),
  };
}

/** The sales of packSales, each with its fields in the order the database's reader writes them (load-indexed-sales.ts). */
function unpackSales(columns: SaleColumns): IndexedSale[] {
  const sales = new Array<IndexedSale>(columns.count);
  for (let row = 0; row < columns.count; row += 1) {
    const sale: IndexedSale = {
      id: columns.id[row]!,
      lat: columns.lat[row]!,
      lng: columns.lng[row]!,
      state: textAt(columns.state, row),
      suburb: textAt(columns.suburb, row)!,
      postcode: textAt(columns.postcode, row),
      address: columns.address[row]!,
      propertyType: textAt(columns.propertyType, row)!,
      bedrooms: numberAt(columns.bedrooms, row),
      bathrooms: numberAt(columns.bathrooms, row),
      carSpaces: numberAt(columns.carSpaces, row),
      landSizeM2: numberAt(columns.landSizeM2, row),
      buildingSizeM2: numberAt(columns.buildingSizeM2, row),
      yearBuilt: numberAt(columns.yearBuilt, row),
      priceAud: columns.priceAud[row]!,
      saleDate: textAt(columns.saleDate, row)!,
      propertyKey: columns.propertyKey[row]!,
    };
    const flags = columns.flags[row]!;
    if (flags & NOT_MARKET) {
      sale.isMarketSale = false;
      sale.saleMethod = textAt(columns.saleMethod, row);
    }
    if (flags & AT_LOCALITY) sale.placedAtLocality = true;
    sales[row] = sale;
  }
  return sales;
}

/**
 * A sale's row by its id: a table indexed by id while the ids are dense enough (the database's serial
 * ids; 278,971 lookups, several times faster than a map keyed by the objects), else a map. -1: none.
 * The caller checks that the row holds the very object it looked up.
 */
function rowFinder(sales: readonly IndexedSale[]): (id: number) => number {
  let maxId = 0;
  const integers = sales.every((sale) => Number.isInteger(sale.id) && sale.id >= 0);
  for (const sale of sales) maxId = Math.max(maxId, sale.id);
  if (integers && maxId <= 4 * sales.length + 1_000_000) {
    const rowById = new Int32Array(maxId + 1).fill(-1);
    sales.forEach((sale, row) => (rowById[sale.id] = row));
    return (id) => (Number.isInteger(id) && id >= 0 && id <= maxId ? rowById[id]! : -1);
  }
  const rowById = new Map(sales.map((sale, row) => [sale.id, row]));
  return (id) => rowById.get(id) ?? -1;
}

/** Where each of several lists starts when they are laid end to end, and (last) their total length. */
function offsetsOf(lengths: readonly number[]): Int32Array {
  const offsets = new Int32Array(lengths.length + 1);
  lengths.forEach((length, k) => (offsets[k + 1] = offsets[k]! + length));
  return offsets;
}

/** values[codes[from]], ..., values[codes[to - 1]]: the sales of a list of rows, or the texts of a list of codes. */
function pick<T>(values: readonly T[], codes: Int32Array, from = 0, to = codes.length): T[] {
  const list = new Array<T>(to - from);
  for (let position = from; position < to; position += 1) list[position - from] = values[codes[position]!]!;
  return list;
}

/**
 * `sales` (every sale the process holds, own-sale records included) and their index as columns.
 * Every sale of the index must be one of `sales` (the same object).
 */
export function packSalesAndIndex(sales: readonly IndexedSale[], index: SalesIndex): PackedSalesAndIndex {
  const columns = packSales(sales);
  const rowOfId = rowFinder(sales);
  const rowsOf = (list: readonly IndexedSale[]) => {
    const rows = new Int32Array(list.length);
    for (let position = 0; position < list.length; position += 1) {
      const sale = list[position]!;
      const row = rowOfId(sale.id);
      if (row < 0 || sales[row] !== sale) throw new Error(`packSalesAndIndex: sale ${sale.id} of the index is not one of the sales given`);
      rows[position] = row;
    }
    return rows;
  };
  const indexRows = rowsOf(index.sales);
  const cells = [...index.suburbSales];
  const cellOffsets = offsetsOf(cells.map(([, cell]) => cell.ids.length));
  const total = cellOffsets[cells.length]!;
  const suburbSales = { keys: cells.map(([key]) => key), offsets: cellOffsets, ids: new Int32Array(total), dates: new Int32Array(total), logPrices: new Float64Array(total), months: new Int32Array(total) };
  cells.forEach(([, cell], k) => {
    const at = cellOffsets[k]!;
    suburbSales.ids.set(cell.ids, at);
    // A cell's dates are its sales' own: their codes, found by id.
    cell.ids.forEach((id, position) => {
      const row = rowOfId(id);
      if (row < 0 || sales[row]!.saleDate !== cell.dates[position]) throw new Error(`packSalesAndIndex: sale ${id} of a suburb cell is not one of the sales given`);
      suburbSales.dates[at + position] = columns.saleDate.codes[row]!;
    });
    suburbSales.logPrices.set(cell.logPrices, at);
    suburbSales.months.set(cell.months, at);
  });
  const lists = [...index.addressSales];
  const listOffsets = offsetsOf(lists.map(([, list]) => list.length));
  const addressRows = new Int32Array(listOffsets[lists.length]!);
  lists.forEach(([, list], k) => addressRows.set(rowsOf(list), listOffsets[k]!));
  return {
    sales: columns,
    indexRows,
    trees: [...index.trees].map(([type, tree]) => ({
      type,
      rows: rowsOf(tree.sales),
      logPrices: tree.logPrices,
      months: tree.months,
      xs: tree.xs,
      ys: tree.ys,
      treeData: tree.tree.data as ArrayBuffer,
      atLocality: tree.atLocality,
      streets: tree.streets,
      landSizes: tree.landSizes,
    })),
    regionalIndex: index.regionalIndex,
    suburbSales,
    addressSales: { keys: lists.map(([key]) => key), offsets: listOffsets, rows: addressRows },
    lastSaleDateByMarket: index.lastSaleDateByMarket,
    saleCountByMarket: index.saleCountByMarket,
    lastSaleDate: index.lastSaleDate,
    firstSaleDate: index.firstSaleDate,
  };
}

/** The sales and index of packSalesAndIndex, with `movement` (the caller holds the ABS series). */
export function unpackSalesAndIndex(packed: PackedSalesAndIndex, movement: MarketMovement | null): { sales: IndexedSale[]; index: SalesIndex } {
  const sales = unpackSales(packed.sales);
  const dates = packed.sales.saleDate.values;
  const trees: SalesIndex['trees'] = new Map();
  for (const { type, rows, treeData, ...arrays } of packed.trees) {
    const list = pick(sales, rows);
    trees.set(type, { sales: list, dates: list.map((sale) => sale.saleDate), ...arrays, tree: KDBush.from(treeData) });
  }
  const suburbSales: SalesIndex['suburbSales'] = new Map();
  const cells = packed.suburbSales;
  cells.keys.forEach((key, k) => {
    const from = cells.offsets[k]!;
    const to = cells.offsets[k + 1]!;
    suburbSales.set(key, {
      ids: cells.ids.slice(from, to),
      dates: pick(dates, cells.dates, from, to),
      logPrices: cells.logPrices.slice(from, to),
      months: cells.months.slice(from, to),
    });
  });
  const addressSales: SalesIndex['addressSales'] = new Map();
  const lists = packed.addressSales;
  lists.keys.forEach((key, k) => addressSales.set(key, pick(sales, lists.rows, lists.offsets[k]!, lists.offsets[k + 1]!)));
  return {
    sales,
    index: {
      sales: pick(sales, packed.indexRows),
      trees,
      regionalIndex: packed.regionalIndex,
      suburbSales,
      addressSales,
      lastSaleDateByMarket: packed.lastSaleDateByMarket,
      saleCountByMarket: packed.saleCountByMarket,
      lastSaleDate: packed.lastSaleDate,
      firstSaleDate: packed.firstSaleDate,
      movement,
    },
  };
}
