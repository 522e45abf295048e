/**
 * A first load's way in (issue 32: a fresh start). ensureDataLoaded found `sales` and `addresses`
 * empty and dropped their foreign keys (deferred-schema.ts), and nothing else writes them until it
 * ends. Each sale is then copied straight into `sales` with its address's id, the ids given here in
 * order of first appearance, and each address is written once, complete (its latest sale's
 * attributes, its number of sales, its latest market price), when its set ends: no stage for the
 * sales, no join to `addresses`, and no second pass over the set's sales (refreshAddresses), which
 * took about half of a set with street addresses on PGlite. The tables end as the batch-by-batch way
 * (insertSales or upsertKeyedSales, then refreshAddresses) leaves them, but for the gaps that way
 * leaves in the addresses' ids. A set that meets an address or a keyed sale an earlier set of the
 * load wrote goes that way from there (FreshSet.insert), and so does every later set. PGlite only
 * (ensureDataLoaded): the sales' ids follow the rows' order in its COPY, and the server's bulk way
 * (JSON, bulk-copy.ts) promises no order without a stage.
 */
import { sql } from 'drizzle-orm';
import { copyRows, stageRows, type CopyColumn } from '../bulk-copy.ts';
import type { DrizzleDatabase } from '../open-database.ts';
import type { IndexedSale } from '@propguard/engines';
import { indexedSaleOfRecord } from '../valuation/load-indexed-sales.ts';
import { buildAddressKey } from './place-sale.ts';
import type { SaleRecord } from './sale-record.ts';
import { countByPrecision, INSERT_COLUMNS, insertSales, refreshAddresses, upsertKeyedSales, type KeyedWriteCounts } from './write-sales.ts';

/** What a first load knows of what it wrote so far, across its sets. */
export class FreshLoad {
  /** Address keys written by the load's earlier sets. */
  readonly addressKeys = new Set<string>();
  /** Whether an earlier set wrote keyed sales (sales.source_key). */
  hasKeyedSales = false;
  /** False once a set went the batch-by-batch way: what is stored is then no longer only what this load knows. */
  isActive = true;
  /**
   * Each set's sales as the sales index reads them (indexedSaleOfRecord, with the ids the COPY gave
   * them), by source, for the sets written the fresh way to their end; a first start sends them to the
   * index's thread from here instead of reading them back (ensureDataLoaded's afterSalesDataset).
   */
  readonly indexedSales = new Map<string, IndexedSale[]>();

  private hasCheckedAddresses = false;

  /**
   * A set's writer, after the set's stored sales were deleted (`deletedSales` of them: any, and the
   * load is no longer fresh); call finish() at its end, in the same transaction.
   */
  async startSet(tx: DrizzleDatabase, source: string, deletedSales: number): Promise<FreshSet> {
    if (deletedSales > 0) this.isActive = false;
    if (!this.hasCheckedAddresses) {
      // The load's first set: the addresses must be empty too (they are made from sales).
      const result = await tx.execute(sql`SELECT NOT EXISTS (SELECT 1 FROM addresses) AS empty`);
      this.isActive &&= (result as { rows: Array<{ empty: boolean }> }).rows[0]?.empty === true;
      this.hasCheckedAddresses = true;
    }
    const set = new FreshSet(this, tx, source);
    if (this.isActive) await set.readNextAddressId();
    return set;
  }
}

/** An address as its set's sales make it: the latest sale, the latest market sale, how many. */
interface AddressTally {
  id: number;
  latest: SaleRecord;
  priced: SaleRecord | null;
  count: number;
}

const SALE_COLUMNS: readonly CopyColumn[] = [...INSERT_COLUMNS.map(([column, type]): CopyColumn => [column, type]), ['address_id', 'integer']];
/** How each of INSERT_COLUMNS is read from a record, and where the address key goes (computed once a sale). */
const SALE_READS = INSERT_COLUMNS.map(([, , read]) => read);
const ADDRESS_KEY_AT = INSERT_COLUMNS.findIndex(([column]) => column === 'address_key');

/** The address columns a set's end writes; search_text is made from them in SQL, as the other way makes it. */
const ADDRESS_COLUMNS: readonly CopyColumn[] = [
  ['id', 'integer'],
  ['address_key', 'text'],
  ['address', 'text'],
  ['suburb', 'text'],
  ['state', 'text'],
  ['postcode', 'text'],
  ['lat', 'double precision'],
  ['lng', 'double precision'],
  ['location_precision', 'text'],
  ['property_type', 'text'],
  ['bedrooms', 'integer'],
  ['bathrooms', 'integer'],
  ['car_spaces', 'integer'],
  ['land_size_m2', 'double precision'],
  ['building_size_m2', 'double precision'],
  ['year_built', 'integer'],
  ['sale_count', 'integer'],
  ['last_sale_date', 'date'],
  ['last_price_aud', 'bigint'],
];
const ADDRESS_COLUMN_LIST = ADDRESS_COLUMNS.map(([column]) => column).join(', ');
const ADDRESS_STAGE = 'fresh_addresses_stage';

/** One set of a first load: its sales as they come, its addresses at its end. */
export class FreshSet {
  private readonly addresses = new Map<string, AddressTally>();
  private nextAddressId = 1;
  /** Whether this set went the batch-by-batch way (and so refreshAddresses ends it). */
  private isBatchByBatch: boolean;
  /** The set's sales as the sales index reads them, while it goes the fresh way. */
  private readonly indexed: IndexedSale[] = [];

  constructor(
    private readonly load: FreshLoad,
    private readonly tx: DrizzleDatabase,
    private readonly source: string,
  ) {
    this.isBatchByBatch = !load.isActive;
  }

  async readNextAddressId(): Promise<void> {
    const result = await this.tx.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM addresses`);
    this.nextAddressId = Number((result as { rows: Array<{ id: number }> }).rows[0]?.id ?? 0) + 1;
  }

  /** Writes a batch of the set's sales (records without a source key: insertSales's). */
  async insert(records: readonly SaleRecord[]): Promise<void> {
    const keys = records.map(buildAddressKey);
    if (await this.leaveIfMet(keys)) return insertSales(this.tx, records);
    await this.copySales(records, keys);
  }

  /** Writes keyed sales (upsertKeyedSales's: distinct keys); on an empty table each is an insert. */
  async upsertKeyed(records: readonly SaleRecord[]): Promise<KeyedWriteCounts> {
    const keys = records.map(buildAddressKey);
    if (await this.leaveIfMet(keys, this.load.hasKeyedSales)) return upsertKeyedSales(this.tx, records);
    await this.copySales(records, keys);
    this.load.hasKeyedSales = true;
    const writtenByPrecision: Record<string, number> = {};
    countByPrecision(writtenByPrecision, records.map((record) => record.locationPrecision));
    return { inserted: records.length, updated: 0, keptLater: 0, writtenByPrecision };
  }

  /** Ends the set: its addresses written (or, gone batch by batch, brought up to date by refreshAddresses). */
  async finish(): Promise<void> {
    if (this.isBatchByBatch) {
      await refreshAddresses(this.tx, this.source);
      return;
    }
    await this.writeAddresses();
    for (const key of this.addresses.keys()) this.load.addressKeys.add(key);
    this.load.indexedSales.set(this.source, this.indexed);
  }

  /** One COPY straight into `sales`, each sale with its address's id (`keys`: each sale's address key). */
  private async copySales(records: readonly SaleRecord[], keys: readonly (string | null)[]): Promise<void> {
    const rows = records.map((record, i) => {
      const row: unknown[] = new Array(SALE_READS.length + 1);
      for (let column = 0; column < SALE_READS.length; column += 1) row[column] = column === ADDRESS_KEY_AT ? keys[i] : SALE_READS[column]!(record);
      row[SALE_READS.length] = this.addressIdOf(record, keys[i] ?? null);
      return row;
    });
    await copyRows(this.tx, 'sales', SALE_COLUMNS, rows);
    // COPY gives the rows the sequence's next ids in their order (one session, nothing else writing): the batch ends at its current value.
    const result = await this.tx.execute(sql`SELECT currval(pg_get_serial_sequence('sales', 'id'))::int AS id`);
    const firstId = Number((result as { rows: Array<{ id: number }> }).rows[0]!.id) - records.length + 1;
    records.forEach((record, i) => {
      const sale = indexedSaleOfRecord(record, firstId + i);
      if (sale) this.indexed.push(sale);
    });
  }

  /** The id of the sale's address `key` (given on its first sale), its tally updated; null without an address. */
  private addressIdOf(record: SaleRecord, key: string | null): number | null {
    if (key === null) return null;
    let tally = this.addresses.get(key);
    if (tally === undefined) {
      tally = { id: this.nextAddressId++, latest: record, priced: null, count: 0 };
      this.addresses.set(key, tally);
    }
    tally.count += 1;
    // A later sale of the same date wins, as the later id does in refreshAddresses (sale_date DESC, id DESC).
    if (record.saleDate >= tally.latest.saleDate) tally.latest = record;
    if (record.isMarketSale && (tally.priced === null || record.saleDate >= tally.priced.saleDate)) tally.priced = record;
    return tally.id;
  }

  /**
   * True (and this set goes batch by batch from here, the load too) when a batch's address `keys` meet
   * an address an earlier set wrote, or `met` (keyed sales an earlier set wrote), or the load was no
   * longer fresh: the addresses tallied so far are written first, and refreshAddresses completes them
   * at the set's end.
   */
  private async leaveIfMet(keys: readonly (string | null)[], met = false): Promise<boolean> {
    if (this.isBatchByBatch) return true;
    const meets = met || (this.load.addressKeys.size > 0 && keys.some((key) => key !== null && this.load.addressKeys.has(key)));
    if (!meets) return false;
    await this.writeAddresses();
    this.addresses.clear();
    this.isBatchByBatch = true;
    this.load.isActive = false;
    return true;
  }

  private async writeAddresses(): Promise<void> {
    if (this.addresses.size === 0) return;
    const rows = [...this.addresses].map(([key, { id, latest, priced, count }]) => [
      id, key, latest.address, latest.suburb, latest.state, latest.postcode, latest.lat, latest.lng, latest.locationPrecision, latest.propertyType,
      latest.bedrooms, latest.bathrooms, latest.carSpaces, latest.landSizeM2, latest.buildingSizeM2, latest.yearBuilt, count, latest.saleDate, priced?.priceAud ?? null,
    ]);
    await stageRows(this.tx, ADDRESS_STAGE, ADDRESS_COLUMNS, rows);
    await this.tx.execute(sql.raw(`INSERT INTO addresses (${ADDRESS_COLUMN_LIST}, search_text)
      SELECT ${ADDRESS_COLUMN_LIST}, upper(concat_ws(' ', address, suburb, state, postcode)) FROM ${ADDRESS_STAGE}`));
    await this.tx.execute(sql`SELECT setval(pg_get_serial_sequence('addresses', 'id'), (SELECT max(id) FROM addresses))`);
  }
}
