// A first load's way in (fresh-load.ts) leaves the sales and the addresses as the batch-by-batch way
// (write-sales.ts) does, on the fixture data: every set loaded, and a set that meets the addresses of
// an earlier one, which goes batch by batch from there.
import { afterEach, describe, expect, it } from 'vitest';
import { compareSales, type IndexedSale } from '@propguard/engines';
import { BUNDLED_DATASETS, ensureDataLoaded, loadIndexedSales, openDatabase, type Database } from '../src/index.ts';
import { deferSchema, restoreDeferredSchema } from '../src/ingest/deferred-schema.ts';
import { FreshLoad } from '../src/ingest/fresh-load.ts';
import { loadSalesDataset } from '../src/ingest/load-datasets.ts';
import type { SalesDataset } from '../src/ingest/bundled-datasets.ts';
import { resolveDataFile } from '../src/ingest/read-source-file.ts';
import type { SaleRecord } from '../src/ingest/sale-record.ts';
import { inThreadSalesParser, type SalesParser } from '../src/ingest/sales-parser.ts';
import { createTempHome, FIXTURE_DATA_DIR } from './support/test-databases.ts';

const homes: Array<Awaited<ReturnType<typeof createTempHome>>> = [];
const databases: Database[] = [];

async function openFresh(): Promise<Database> {
  const home = await createTempHome();
  homes.push(home);
  const database = await openDatabase({ homeDir: home.homeDir });
  databases.push(database);
  return database;
}

afterEach(async () => {
  for (const database of databases.splice(0)) await database.close();
  for (const home of homes.splice(0)) await home.remove();
});

/** The sales in their order, each with its address's key instead of its id; the addresses by key, without their ids. */
async function tables(database: Database): Promise<{ sales: unknown[]; addresses: unknown[]; sequenceAhead: boolean }> {
  const sales = await database.query<{ row: unknown }>(
    `SELECT (to_jsonb(s) - 'id' - 'address_id' - 'created_at') || jsonb_build_object('address_key_of_id', a.address_key) AS row
       FROM sales s LEFT JOIN addresses a ON a.id = s.address_id ORDER BY s.id`,
  );
  const addresses = await database.query<{ row: unknown }>(`SELECT to_jsonb(a) - 'id' AS row FROM addresses a ORDER BY a.address_key`);
  // The next address the batch-by-batch way writes must take a new id.
  const [sequence] = await database.query<{ ahead: boolean }>(`SELECT (SELECT last_value FROM addresses_id_seq) >= coalesce((SELECT max(id) FROM addresses), 0) AS ahead`);
  return { sales: sales.map((row) => row.row), addresses: addresses.map((row) => row.row), sequenceAhead: sequence?.ahead === true };
}

describe('a first load written the fresh way (PGlite)', () => {
  it('gives each set\'s sales as the sales index reads them back (ids included), for the index\'s thread', async () => {
    const database = await openFresh();
    const sent = new Map<string, readonly IndexedSale[] | null>();
    await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR, afterSalesDataset: async (source, written) => void sent.set(source, written) });
    const salesSets = BUNDLED_DATASETS.filter((dataset) => dataset.kind === 'sales' || dataset.kind === 'nsw-vg').map((dataset) => dataset.id);
    expect([...sent.keys()].sort()).toEqual([...salesSets].sort());
    for (const source of salesSets) expect(sent.get(source)?.length, source).toBeGreaterThan(0);
    const fromTable = await loadIndexedSales(database, { ownSaleRecords: true });
    expect([...sent.values()].flatMap((sales) => sales ?? []).sort(compareSales)).toEqual(fromTable);
  });

  it('leaves the same sales, links and addresses as loading every set again batch by batch', async () => {
    const database = await openFresh();
    const first = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
    expect(first.datasets.filter((dataset) => dataset.status === 'loaded')).toHaveLength(6);
    const fresh = await tables(database);
    expect(fresh.sales).toHaveLength(23);
    expect(fresh.addresses.length).toBeGreaterThan(10);
    expect(fresh.sequenceAhead).toBe(true);
    // Every address has the number of its sales, and each sale with an address is linked to it.
    const [links] = await database.query<{ unlinked: number; miscounted: number }>(
      `SELECT (SELECT count(*)::int FROM sales WHERE address_key IS NOT NULL AND address_id IS NULL) AS unlinked,
              (SELECT count(*)::int FROM addresses a WHERE sale_count <> (SELECT count(*) FROM sales s WHERE s.address_id = a.id)) AS miscounted`,
    );
    expect(links).toEqual({ unlinked: 0, miscounted: 0 });

    // Not a first load (sales are stored): each set is deleted and written again batch by batch.
    await database.query('DELETE FROM dataset_loads');
    const again = await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
    expect(again.datasets.filter((dataset) => dataset.status === 'loaded')).toHaveLength(6);
    expect(await tables(database)).toEqual(fresh);
  });

  it('a set that meets an earlier set\'s addresses goes batch by batch from there, and ends as that way ends', async () => {
    const melbourne = BUNDLED_DATASETS.find((dataset): dataset is SalesDataset => dataset.id === 'melbourne-housing-sales');
    expect(melbourne).toBeDefined();
    const file = resolveDataFile(FIXTURE_DATA_DIR, melbourne!.file) as string;
    const report = () => undefined;
    // Melbourne's sales in batches of three; then under another source, three of them at new
    // addresses (written the fresh way), then all of them again (meeting the first set's addresses).
    const first = batchesOf(melbourne!.id, (sales) => [sales.slice(0, 3), sales.slice(3, 6), sales.slice(6)]);
    const second = batchesOf('melbourne-again', (sales) => [sales.slice(0, 3).map((sale) => ({ ...sale, address: `${sale.address} REAR` })), sales]);

    async function loadBoth(fresh: FreshLoad | undefined): Promise<Awaited<ReturnType<typeof tables>>> {
      const database = await openFresh();
      await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
      await database.query('DELETE FROM sales');
      await database.query('DELETE FROM addresses');
      await deferSchema(database);
      for (const [dataset, parser] of [[melbourne!, first], [{ ...melbourne!, id: 'melbourne-again' }, second]] as const) {
        await database.db.transaction((tx) => loadSalesDataset(tx, dataset, file, report, parser, undefined, fresh));
      }
      // The foreign keys come back, checked.
      await restoreDeferredSchema(database);
      return tables(database);
    }

    const fresh = new FreshLoad();
    const freshTables = await loadBoth(fresh);
    expect(fresh.isActive).toBe(false);
    // The set that went batch by batch has no sales for the index's thread (they are read back instead); the first has.
    expect([...fresh.indexedSales.keys()]).toEqual([melbourne!.id]);
    expect(freshTables).toEqual(await loadBoth(undefined));
    const counts = freshTables.addresses.map((row) => (row as { sale_count: number }).sale_count);
    expect(counts.filter((count) => count === 2)).toHaveLength(8);
    expect(counts.filter((count) => count === 1)).toHaveLength(3);

    // A set that replaces stored sales (the same source loaded again) goes batch by batch too.
    const replacing = new FreshLoad();
    const database = await openFresh();
    await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
    await database.query('DELETE FROM sales WHERE source <> $1', [melbourne!.id]);
    await database.db.transaction((tx) => loadSalesDataset(tx, melbourne!, file, report, second, undefined, replacing));
    expect(replacing.isActive).toBe(false);
    expect(replacing.indexedSales.size).toBe(0);
  });
});

/** A parser of the file's sales as `source`'s, in the batches `split` makes. */
function batchesOf(source: string, split: (sales: SaleRecord[]) => SaleRecord[][]): SalesParser {
  return {
    ...inThreadSalesParser,
    async *parse(dataset, path, localityIndex, batchRows) {
      const sales: SaleRecord[] = [];
      const parsed = inThreadSalesParser.parse(dataset, path, localityIndex, batchRows);
      let next = await parsed.next();
      for (; !next.done; next = await parsed.next()) sales.push(...next.value.map((sale) => ({ ...sale, source })));
      for (const batch of split(sales)) yield batch;
      return next.value;
    },
  };
}
