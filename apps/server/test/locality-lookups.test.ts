// The in-memory locality look-ups (a batch, a portfolio and the server load the gazetteer once)
// answer as the database queries they replace: the same locality for a suburb, and the same
// nearest Delivery Area for coordinates (issue 28.8: a book of geocoded securities made one query
// per loan).
import { beforeAll, describe, expect, it } from 'vitest';
import { createPrng } from '@propguard/engines';
import { findLocality, findLocalityIn, findNearestLocality, findNearestLocalityIn, loadLocalityTable, type LocalityTable } from '@propguard/db';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

describe.skipIf(getApiSkipReason() !== null)('in-memory locality look-ups answer as the queries', () => {
  let testApp: TestApp;
  let table: LocalityTable;
  beforeAll(async () => {
    testApp = await createTestApp();
    table = await loadLocalityTable(testApp.context.database);
  });

  it('finds the nearest Delivery Area of 300 points (near our sales and anywhere in Australia) as findNearestLocality does', async () => {
    const database = testApp.context.database;
    const random = createPrng(28);
    const sales = await database.query<{ lat: number; lng: number }>('SELECT lat, lng FROM sales WHERE lat IS NOT NULL ORDER BY md5(id::text) LIMIT 200');
    const points = [
      ...sales.map((sale) => ({ lat: Number(sale.lat) + (random() - 0.5) * 0.05, lng: Number(sale.lng) + (random() - 0.5) * 0.05 })),
      ...Array.from({ length: 100 }, () => ({ lat: -43 + random() * 32, lng: 114 + random() * 39 })),
    ];
    let found = 0;
    for (const point of points) {
      const fromDatabase = await findNearestLocality(database, point.lat, point.lng);
      const fromTable = findNearestLocalityIn(table, point.lat, point.lng);
      if (fromDatabase === null) {
        expect(fromTable, JSON.stringify(point)).toBeNull();
        continue;
      }
      found += 1;
      expect(fromTable, JSON.stringify(point)).not.toBeNull();
      expect(fromTable!.distanceKm, JSON.stringify(point)).toBeCloseTo(fromDatabase.distanceKm, 6);
      // Two localities at the same distance (one point, two postcodes) may come in either order.
      if (Math.abs(fromTable!.distanceKm - fromDatabase.distanceKm) < 1e-9 && fromTable!.name !== fromDatabase.name) continue;
      expect({ name: fromTable!.name, state: fromTable!.state }, JSON.stringify(point)).toEqual({ name: fromDatabase.name, state: fromDatabase.state });
    }
    expect(found).toBeGreaterThan(200);
  });

  it('finds the locality of 200 suburbs of our sales, with and without state and postcode, as findLocality does', async () => {
    const database = testApp.context.database;
    const places = await database.query<{ suburb: string; state: string; postcode: string }>('SELECT suburb, state, postcode FROM sales GROUP BY 1, 2, 3 ORDER BY md5(suburb) LIMIT 200');
    for (const place of places) {
      for (const where of [{ suburb: place.suburb, state: place.state, postcode: place.postcode }, { suburb: place.suburb, state: place.state, postcode: null }, { suburb: null, state: null, postcode: place.postcode }]) {
        expect(findLocalityIn(table, where), JSON.stringify(where)).toEqual(await findLocality(database, where));
      }
    }
  });
});
