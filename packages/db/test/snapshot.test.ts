// Snapshots of the bulk reads of a start (snapshot.ts; issue 32: a restart read ~280k sales from the
// embedded database and built their index in 5-6 s, reads both from the snapshot in about 2 s): the
// same rows and index as the table gives, read from the file while the table is unchanged, and read
// from the table again once a load changes it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildSalesIndex, buildTypicalAttributesTable, packSalesAndIndex, type PackedSalesAndIndex } from '@propguard/engines';
import { ensureDataLoaded, importSales, loadAddressCandidates, loadAddressSearchEntries, loadHazardData, loadIndexedSales, loadSalesAndIndex, openDatabase, REPO_ROOT, startSalesIndexSnapshot, startSalesIndexThread, warmHazardSnapshot, type Database } from '../src/index.ts';
import { flushSnapshotWrites, holdSnapshotWrites, readThroughFileSnapshot, snapshotFile } from '../src/snapshot.ts';
import { hasHazardSnapshot } from '../src/hazards/load-hazard-data.ts';
import { createTempHome, FIXTURE_DATA_DIR } from './support/test-databases.ts';

describe('snapshots of the bulk reads of a start: sales and their index, address book, address suggestions (embedded database)', () => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;
  let snapshotDir: string;
  const snapshots = () => fs.readdirSync(snapshotDir).filter((name) => name.startsWith('sales-index-'));
  /** The sales and their index as a start keeps them: from the snapshot in `snapshotDir` while it matches the table. */
  const loadKept = async () => {
    const { sales, index } = await loadSalesAndIndex(database, null, snapshotDir);
    return { sales, index: comparable(packSalesAndIndex(sales, index)) };
  };
  /** The same, read from the table and built afresh. */
  const loadAfresh = async () => {
    const sales = await loadIndexedSales(database, { ownSaleRecords: true });
    return { sales, index: comparable(packSalesAndIndex(sales, buildSalesIndex(sales))) };
  };
  /** The kd-trees' buffers as bytes: toEqual does not compare the contents of ArrayBuffers. */
  const comparable = (packed: PackedSalesAndIndex) => ({ ...packed, trees: packed.trees.map((tree) => ({ ...tree, treeData: new Uint8Array(tree.treeData) })) });

  beforeAll(async () => {
    home = await createTempHome();
    snapshotDir = path.join(home.homeDir, 'cache');
    database = await openDatabase({ homeDir: home.homeDir });
    await ensureDataLoaded(database, { dataDir: FIXTURE_DATA_DIR });
  });

  afterAll(async () => {
    await database?.close();
    await home?.remove();
  });

  it('gives the rows the table gives, then reads them from the file while the table is unchanged', async () => {
    const fromTable = await loadAfresh();
    expect(fromTable.sales.length).toBeGreaterThan(10);
    // The sales alone, as starts before loadSalesAndIndex kept them: removed with the first new snapshot.
    fs.mkdirSync(snapshotDir, { recursive: true });
    const retired = path.join(snapshotDir, `indexed-sales-with-own-${'0'.repeat(24)}.v8`);
    fs.writeFileSync(retired, 'an earlier snapshot');
    expect(await loadKept()).toEqual(fromTable);
    expect(snapshots()).toHaveLength(1);
    expect(fs.existsSync(retired)).toBe(false);
    expect(await loadKept()).toEqual(fromTable);

    // Proof that the second read came from the file: a change no load makes (no writer of the
    // product does this; write-sales.ts always inserts or deletes rows and records a load) is not seen.
    const [first] = fromTable.sales;
    await database.query('UPDATE sales SET suburb = $1 WHERE id = $2', ['Snapshot Check', first!.id]);
    expect((await loadKept()).sales[0]!.suburb).toBe(first!.suburb);
    await database.query('UPDATE sales SET suburb = $1 WHERE id = $2', [first!.suburb, first!.id]);
  });

  it('reads the table again after a load changes it, and keeps only the newest snapshot', async () => {
    const before = await loadKept();
    const oldSnapshot = snapshots()[0];
    const csv = path.join(home.homeDir, 'more-sales.csv');
    fs.writeFileSync(
      csv,
      'address,suburb,state,postcode,lat,lng,property_type,bedrooms,bathrooms,car_spaces,land_size,building_size,year_built,price,date,sale_method\n' +
        '9 Snapshot St,Abbotsford,VIC,3067,-37.7996,144.9984,house,3,1,1,300,140,1920,1250000,2018-02-10,sold\n',
    );
    const addressesBefore = await loadAddressCandidates(database, snapshotDir);
    const entriesBefore = await loadAddressSearchEntries(database, snapshotDir);
    expect(addressesBefore).toEqual(await loadAddressCandidates(database));
    expect(entriesBefore).toEqual(await loadAddressSearchEntries(database));
    const report = await importSales(database, { file: csv, source: 'snapshot-check' });
    expect(report.rowsLoaded).toBe(1);
    const after = await loadKept();
    expect(after.sales).toHaveLength(before.sales.length + 1);
    expect(after).toEqual(await loadAfresh());
    expect(snapshots()).toHaveLength(1);
    expect(snapshots()[0]).not.toBe(oldSnapshot);
    // The new address is in the address book and the suggestions, read from the tables again.
    const addressesAfter = await loadAddressCandidates(database, snapshotDir);
    expect(addressesAfter.map((candidate) => candidate.address)).toContain('9 Snapshot St');
    expect(addressesAfter).toEqual(await loadAddressCandidates(database));
    expect((await loadAddressSearchEntries(database, snapshotDir)).length).toBe(entriesBefore.length + 1);
  });

  it("reads the address suggestions' rows in pages (one query held PGlite 1.2 s on the full data): every address and locality once, in id order", async () => {
    // Pages of 5 rows here (10,000 in the product), so that each table takes several queries.
    const queries = vi.spyOn(database, 'query');
    const entries = await loadAddressSearchEntries(database, undefined, 5);
    expect(queries.mock.calls.length).toBeGreaterThanOrEqual(Math.ceil(entries.length / 5));
    queries.mockRestore();
    expect(entries).toEqual(await loadAddressSearchEntries(database));
    const table = async (name: 'addresses' | 'localities') => (await database.query<{ id: number }>(`SELECT id FROM ${name} ORDER BY id`)).map((row) => Number(row.id));
    const localities = await table('localities');
    expect(localities.length).toBeGreaterThan(10);
    expect(entries.filter((entry) => entry.kind === 'locality').map((entry) => entry.rowId)).toEqual(localities);
    expect(entries.filter((entry) => entry.kind === 'address').map((entry) => entry.rowId)).toEqual(await table('addresses'));
  });

  it('is named by the loads of its tables: loading the suburb polygons (npm start does it after ready) leaves it, a sales load does not', async () => {
    const spec = { directory: snapshotDir, name: 'sales-index', tables: ['sales'] as const, code: 'test' };
    const named = await snapshotFile(database, spec);
    expect(named).not.toBeNull();
    await database.query(`UPDATE dataset_loads SET loaded_at = now() + interval '1 minute' WHERE dataset = 'abs-suburbs-localities-2021'`);
    expect(await snapshotFile(database, spec)).toBe(named);
    await database.query(`UPDATE dataset_loads SET loaded_at = now() + interval '2 minutes' WHERE dataset = 'perth-house-sales'`);
    expect(await snapshotFile(database, spec)).not.toBe(named);
  });

  it('reads the table when the snapshot is damaged', async () => {
    const fromTable = await loadAfresh();
    await loadKept();
    fs.writeFileSync(path.join(snapshotDir, snapshots()[0]!), 'not a snapshot');
    expect(await loadKept()).toEqual(fromTable);
  });

  it('a thread builds the sales index from the table\'s COPY text and keeps it; the start then reads it', async () => {
    const fromTable = await loadAfresh();
    for (const name of snapshots()) fs.rmSync(path.join(snapshotDir, name));
    // Started ahead of its job, as a first start does.
    const thread = startSalesIndexThread();
    const { done, written } = await startSalesIndexSnapshot(database, null, snapshotDir, thread);
    expect(await done).toBe(true);
    // Sent over before its file is written: the next load takes it from memory.
    expect(await loadKept()).toEqual(fromTable);
    expect(await written).toBe(true);
    expect(snapshots()).toHaveLength(1);
    const file = snapshots()[0];
    expect(await loadKept()).toEqual(fromTable);
    // Read, not built again: the same file, and nothing to do for a second thread (which is ended).
    expect(snapshots()).toEqual([file]);
    const second = startSalesIndexThread();
    expect(await (await startSalesIndexSnapshot(database, null, snapshotDir, second)).done).toBe(false);
    expect(second.worker).toBeNull();
  }, 120_000);

  it('a thread sent the sales set by set (a first load) builds the same index; sets changed after they were sent are read again', async () => {
    const fromTable = await loadAfresh();
    const sources = (await database.query<{ source: string }>('SELECT DISTINCT source FROM sales ORDER BY source DESC')).map((row) => row.source);
    expect(sources.length).toBeGreaterThan(1);
    for (const name of snapshots()) fs.rmSync(path.join(snapshotDir, name));
    const thread = startSalesIndexThread();
    // In an order other than the query's: the thread puts them in date and id order.
    for (const source of sources) await thread.sendSource(database, source);
    expect(thread.sent.rows).toBe(fromTable.sales.length);
    expect(await (await startSalesIndexSnapshot(database, null, snapshotDir, thread)).done).toBe(true);
    expect(await loadKept()).toEqual(fromTable);
    // The localities' typical attributes travel in the snapshot, as built from its sales.
    const kept = await loadSalesAndIndex(database, null, snapshotDir);
    expect(kept.typical.size).toBeGreaterThan(5);
    expect(kept.typical).toEqual(buildTypicalAttributesTable(kept.index.sales));

    // One set sent, then the table holds more: the parts are dropped and the whole table read.
    for (const name of snapshots()) fs.rmSync(path.join(snapshotDir, name));
    const partial = startSalesIndexThread();
    await partial.sendSource(database, sources[0]!);
    expect(partial.sent.rows).toBeLessThan(fromTable.sales.length);
    expect(await (await startSalesIndexSnapshot(database, null, snapshotDir, partial)).done).toBe(true);
    expect(await loadKept()).toEqual(fromTable);
  }, 120_000);

  it('npm start holds the writes until it is ready, then writes what was read; a stop writes them at once', async () => {
    const fromTable = await loadAfresh();
    for (const name of snapshots()) fs.rmSync(path.join(snapshotDir, name));
    let ready = () => undefined as void;
    holdSnapshotWrites(new Promise<void>((resolve) => (ready = resolve)));
    try {
      expect(await loadKept()).toEqual(fromTable);
      expect(snapshots()).toHaveLength(0);
      ready();
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(snapshots()).toHaveLength(1);
      expect(await loadKept()).toEqual(fromTable);

      // Stopped before the hold ends (flushSnapshotWrites, as the server's shutdown calls it).
      for (const name of snapshots()) fs.rmSync(path.join(snapshotDir, name));
      holdSnapshotWrites(new Promise<void>(() => undefined));
      await loadKept();
      expect(snapshots()).toHaveLength(0);
    } finally {
      flushSnapshotWrites();
    }
    expect(snapshots()).toHaveLength(1);
    expect(await loadKept()).toEqual(fromTable);
  });
});

describe('snapshots of what a start reads from files: the hazard data', () => {
  let work: Awaited<ReturnType<typeof createTempHome>>;
  beforeAll(async () => {
    work = await createTempHome();
  });
  afterAll(async () => {
    await work?.remove();
  });

  it('reads the files again when a file, a name or the code changes, else the snapshot', async () => {
    const inputs = path.join(work.homeDir, 'inputs');
    const directory = path.join(work.homeDir, 'cache-files');
    fs.mkdirSync(path.join(inputs, 'set'), { recursive: true });
    fs.writeFileSync(path.join(inputs, 'set', 'a.csv'), 'x\n1\n');
    let loads = 0;
    const read = (code = 'v1') => readThroughFileSnapshot({ directory, name: 'files', inputs, code }, async () => {
      loads += 1;
      return { rows: fs.readFileSync(path.join(inputs, 'set', 'a.csv'), 'utf8').split('\n').filter(Boolean), at: new Date(0), points: new Float64Array([1, 2]) };
    });
    const first = await read();
    expect(loads).toBe(1);
    expect(await read()).toStrictEqual(first);
    expect(loads).toBe(1);
    // The same size, another content.
    fs.writeFileSync(path.join(inputs, 'set', 'a.csv'), 'x\n2\n');
    expect((await read()).rows).toEqual(['x', '2']);
    expect(loads).toBe(2);
    fs.writeFileSync(path.join(inputs, 'set', 'b.csv'), '');
    await read();
    expect(loads).toBe(3);
    await read('v2');
    expect(loads).toBe(4);
    expect(fs.readdirSync(directory).filter((name) => name.startsWith('files-'))).toHaveLength(1);
    // No directory: no snapshot, always the load.
    await readThroughFileSnapshot({ directory: undefined, name: 'files', inputs, code: 'v2' }, async () => (loads += 1));
    expect(loads).toBe(5);
  });

  it('gives the bundled hazard data exactly as the files do (same shapes, dates and typed arrays)', async () => {
    const dataDir = path.join(REPO_ROOT, 'data');
    const snapshotDir = path.join(work.homeDir, 'cache-hazards');
    // Read from the files (and kept), then from the snapshot.
    const fromFiles = await loadHazardData(dataDir, { snapshotDir });
    expect(fs.readdirSync(snapshotDir).filter((name) => name.startsWith('hazard-data-'))).toHaveLength(1);
    const fromSnapshot = await loadHazardData(dataDir, { snapshotDir });
    expect(fromSnapshot).not.toBe(fromFiles);
    expect(fromSnapshot).toStrictEqual(fromFiles);
    expect(fromSnapshot.coastline.length).toBeGreaterThan(0);
  }, 120_000);

  it('a worker thread reads the files into the snapshot (npm start, beside the data load), which then gives what the files give', async () => {
    const dataDir = path.join(REPO_ROOT, 'data');
    const snapshotDir = path.join(work.homeDir, 'cache-warmed');
    expect(hasHazardSnapshot(dataDir, snapshotDir)).toBe(false);
    expect(await warmHazardSnapshot(dataDir, snapshotDir)).toBe(true);
    expect(hasHazardSnapshot(dataDir, snapshotDir)).toBe(true);
    // Nothing to do the second time.
    expect(await warmHazardSnapshot(dataDir, snapshotDir)).toBe(false);
    const kept = await loadHazardData(dataDir, { snapshotDir });
    expect(kept).toStrictEqual(await loadHazardData(dataDir));
    // A data directory it cannot read: the worker fails, and the caller's own load reports why.
    expect(await warmHazardSnapshot(path.join(work.homeDir, 'no-data'), path.join(work.homeDir, 'cache-none'))).toBe(false);
  }, 120_000);
});
