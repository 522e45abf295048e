// Snapshots of the bulk reads of a start (snapshot.ts; issue 32: a restart reads ~280k sales from the embedded
// database in 10-15 s, from the snapshot in about 2 s): the same rows as the table, read from the
// file while the table is unchanged, and read from the table again once a load changes it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDataLoaded, importSales, loadAddressCandidates, loadAddressSearchEntries, loadIndexedSales, openDatabase, type Database } from '../src/index.ts';
import { createTempHome, FIXTURE_DATA_DIR } from './support/test-databases.ts';

describe('snapshots of the bulk reads of a start: sales, address book, address suggestions (embedded database)', () => {
  let database: Database;
  let home: Awaited<ReturnType<typeof createTempHome>>;
  let snapshotDir: string;
  const snapshots = () => fs.readdirSync(snapshotDir).filter((name) => name.startsWith('indexed-sales-with-own-'));

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
    const fromTable = await loadIndexedSales(database, { ownSaleRecords: true });
    expect(fromTable.length).toBeGreaterThan(10);
    expect(await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir })).toEqual(fromTable);
    expect(snapshots()).toHaveLength(1);
    expect(await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir })).toEqual(fromTable);

    // Proof that the second read came from the file: a change no load makes (no writer of the
    // product does this; write-sales.ts always inserts or deletes rows and records a load) is not seen.
    const [first] = fromTable;
    await database.query('UPDATE sales SET suburb = $1 WHERE id = $2', ['Snapshot Check', first!.id]);
    expect((await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir }))[0]!.suburb).toBe(first!.suburb);
    await database.query('UPDATE sales SET suburb = $1 WHERE id = $2', [first!.suburb, first!.id]);
  });

  it('reads the table again after a load changes it, and keeps only the newest snapshot', async () => {
    const before = await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir });
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
    const after = await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir });
    expect(after).toHaveLength(before.length + 1);
    expect(after).toEqual(await loadIndexedSales(database, { ownSaleRecords: true }));
    expect(snapshots()).toHaveLength(1);
    expect(snapshots()[0]).not.toBe(oldSnapshot);
    // The new address is in the address book and the suggestions, read from the tables again.
    const addressesAfter = await loadAddressCandidates(database, snapshotDir);
    expect(addressesAfter.map((candidate) => candidate.address)).toContain('9 Snapshot St');
    expect(addressesAfter).toEqual(await loadAddressCandidates(database));
    expect((await loadAddressSearchEntries(database, snapshotDir)).length).toBe(entriesBefore.length + 1);
  });

  it('reads the table when the snapshot is damaged', async () => {
    const fromTable = await loadIndexedSales(database, { ownSaleRecords: true });
    await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir });
    fs.writeFileSync(path.join(snapshotDir, snapshots()[0]!), 'not a snapshot');
    expect(await loadIndexedSales(database, { ownSaleRecords: true, snapshotDir })).toEqual(fromTable);
  });
});
