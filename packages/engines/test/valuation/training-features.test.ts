// The training rows' leave-one-out evidence and the comparables' price per square metre, on the
// synthetic market (test/valuation/synthetic-sales.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSalesIndex, packSalesAndIndex, unpackSalesAndIndex, type IndexedSale, type PackedSalesAndIndex, type SalesIndex } from '../../src/index.ts';
import { computeFeatures, FEATURE_NAMES } from '../../src/valuation/features.ts';
import { findNearestEarlierSales, streetNameKey, suburbLevel } from '../../src/valuation/sales-index.ts';
import { makeSyntheticSales } from './synthetic-sales.ts';

let sales: IndexedSale[];
let index: SalesIndex;

beforeAll(() => {
  sales = makeSyntheticSales(3000);
  index = buildSalesIndex(sales);
});

const feature = (values: Float64Array, name: string) => values[FEATURE_NAMES.indexOf(name as (typeof FEATURE_NAMES)[number])]!;

describe('leave-one-out evidence (training rows)', () => {
  it('as at a date a valuation sees only earlier sales; left out, a sale sees later ones too but never itself', () => {
    const subject = index.sales.find((sale) => sale.saleDate >= '2016-06-01' && sale.propertyType === 'house')!;
    const asAt = findNearestEarlierSales(index, 'house', subject.lat, subject.lng, subject.saleDate, 24, 'VIC');
    expect(asAt.every((neighbour) => neighbour.sale.saleDate < subject.saleDate)).toBe(true);
    const leftOut = findNearestEarlierSales(index, 'house', subject.lat, subject.lng, subject.saleDate, 24, 'VIC', { saleId: subject.id });
    expect(leftOut).toHaveLength(24);
    expect(leftOut.some((neighbour) => neighbour.sale.saleDate > subject.saleDate)).toBe(true);
    expect(leftOut.some((neighbour) => neighbour.sale.id === subject.id)).toBe(false);
    // Nearer than the as-at set: more candidates to choose from.
    const medianDistance = (list: typeof asAt) => list.map((neighbour) => neighbour.distanceKm).sort((a, b) => a - b)[12]!;
    expect(medianDistance(leftOut)).toBeLessThanOrEqual(medianDistance(asAt));
  });

  it('moves a later sale back to the as-at month by the index (the market rose 5% a year)', () => {
    const subject = index.sales.find((sale) => sale.saleDate >= '2015-01-01' && sale.propertyType === 'house')!;
    const later = findNearestEarlierSales(index, 'house', subject.lat, subject.lng, subject.saleDate, 24, 'VIC', { saleId: subject.id }).filter((neighbour) => neighbour.sale.saleDate >= '2017-06-01');
    expect(later.length).toBeGreaterThan(0);
    for (const neighbour of later) expect(neighbour.adjustedLogPrice).toBeLessThan(Math.log(neighbour.sale.priceAud) - 0.04);
  });

  it('at equal distance goes to the sales nearest in time, either side', () => {
    // Every sale at one point (as Sydney's locality points): the chosen are the nearest in time.
    const stacked = buildSalesIndex(sales.map((sale) => ({ ...sale, lat: -37.8, lng: 145 })));
    const subject = stacked.sales.find((sale) => sale.saleDate >= '2016-06-01' && sale.propertyType === 'house')!;
    const chosen = findNearestEarlierSales(stacked, 'house', -37.8, 145, subject.saleDate, 24, 'VIC', { saleId: subject.id });
    const gaps = chosen.map((neighbour) => Math.abs(Date.parse(neighbour.sale.saleDate) - Date.parse(subject.saleDate)) / 86_400_000);
    expect(Math.max(...gaps)).toBeLessThan(60);
    expect(chosen.some((neighbour) => neighbour.sale.saleDate < subject.saleDate) && chosen.some((neighbour) => neighbour.sale.saleDate > subject.saleDate)).toBe(true);
  });

  it('the suburb level leaves the sale out and counts every other sale', () => {
    const subject = index.sales.find((sale) => sale.saleDate >= '2016-06-01' && sale.propertyType === 'house')!;
    const all = index.suburbSales.get(`${subject.suburb.toUpperCase()}|${subject.postcode}|house`)!;
    const leftOut = suburbLevel(index, subject.suburb, subject.postcode, 'house', 'VIC', subject.saleDate, 25, undefined, { saleId: subject.id });
    expect(leftOut.count).toBe(all.ids.length - 1);
    expect(Number.isFinite(leftOut.level)).toBe(true);
    const asAt = suburbLevel(index, subject.suburb, subject.postcode, 'house', 'VIC', subject.saleDate, 25);
    expect(asAt.count).toBeLessThan(leftOut.count);
  });
});

describe('price per square metre of the comparables', () => {
  const house = { lat: -37.8, lng: 145.1, state: 'VIC', suburb: 'Eastville', postcode: '3100', propertyType: 'house', bedrooms: 3, bathrooms: 2, buildingSizeM2: 180 };

  it('carries the comparables\' land rate to the subject\'s lot: twice the land, log 2 higher', () => {
    const small = computeFeatures(index, { ...house, landSizeM2: 400 }, '2018-06-01', 13.5);
    const large = computeFeatures(index, { ...house, landSizeM2: 800 }, '2018-06-01', 13.5);
    expect(feature(large.values, 'landPpmRel') - feature(small.values, 'landPpmRel')).toBeCloseTo(Math.log(2), 9);
    // The comparables' level per m² times a typical lot lands near their price level.
    expect(Math.abs(feature(small.values, 'landPpmRel'))).toBeLessThan(0.6);
  });

  it('is unknown without the subject\'s size, and for units (no land in the synthetic data)', () => {
    expect(Number.isNaN(feature(computeFeatures(index, { ...house, landSizeM2: null }, '2018-06-01', 13.5).values, 'landPpmRel'))).toBe(true);
    expect(Number.isNaN(feature(computeFeatures(index, { ...house, propertyType: 'unit', landSizeM2: 300 }, '2018-06-01', 13.5).values, 'landPpmRel'))).toBe(true);
    expect(Number.isFinite(feature(computeFeatures(index, { ...house, landSizeM2: 300 }, '2018-06-01', 13.5).values, 'buildingPpmRel'))).toBe(true);
  });
});

describe('sales placed at one point (a locality\'s)', () => {
  const place = { lat: -33.2, lng: 151.3 };
  const sale = (id: number, address: string | null, landSizeM2: number | null, saleDate: string): IndexedSale => ({
    id, ...place, placedAtLocality: true, state: 'NSW', suburb: 'Wyee Point', postcode: '2259', address, propertyType: 'house', bedrooms: null, bathrooms: null, carSpaces: null,
    landSizeM2, buildingSizeM2: null, yearBuilt: null, priceAud: 500_000 + id, saleDate, propertyKey: String(id),
  });
  const stacked = [
    sale(1, '3 Bewick St', 4000, '2020-11-02'),
    sale(2, '9 Bewick Street', 600, '2020-11-03'),
    sale(3, '12 Kalang Rd', 4100, '2020-11-04'),
    sale(4, '40 Kalang Rd', 650, '2021-01-05'),
    sale(5, '7 Other Ave', 2000, '2021-01-06'),
    sale(6, null, null, '2021-02-01'),
  ];

  it('the street of a street line, without its number or unit', () => {
    expect(streetNameKey('1/21 Smith Street')).toBe('SMITH ST');
    expect(streetNameKey('Unit 1, 21 Smith St')).toBe('SMITH ST');
    expect(streetNameKey('21A smith st')).toBe('SMITH ST');
    expect(streetNameKey('42')).toBeNull();
  });

  it('with nothing to rank them by, the most recent come first', () => {
    const index = buildSalesIndex(stacked);
    const chosen = findNearestEarlierSales(index, 'house', place.lat, place.lng, '2021-03-01', 3, 'NSW');
    expect(chosen.map((neighbour) => neighbour.sale.id)).toEqual([6, 5, 4]);
  });

  it('the subject\'s street first, then the nearest land size, then the most recent', () => {
    const index = buildSalesIndex(stacked);
    const bySimilarity = (street: string | null, landSizeM2: number | null, k: number) =>
      findNearestEarlierSales(index, 'house', place.lat, place.lng, '2021-03-01', k, 'NSW', undefined, { street, landSizeM2 }).map((neighbour) => neighbour.sale.id);
    expect(bySimilarity('BEWICK ST', 4000, 2)).toEqual([1, 2]);
    // 2 (its street, 600 m²), 1 (its street), 4 (650 m²), 6 (size unknown), then 5 and 3 (sizes far off) by recency.
    expect(bySimilarity('BEWICK ST', 620, 6)).toEqual([2, 1, 4, 6, 5, 3]);
    expect(bySimilarity(null, 4050, 2)).toEqual([3, 1]);
    // A sale nearer in distance still comes before any at the locality's point.
    const near = buildSalesIndex([...stacked, { ...sale(7, '1 Far St', 50, '2020-12-01'), lat: place.lat + 0.0001 }]);
    const withNear = findNearestEarlierSales(near, 'house', place.lat + 0.0001, place.lng, '2021-03-01', 2, 'NSW', undefined, { street: 'BEWICK ST', landSizeM2: 4000 });
    expect(withNear[0]!.sale.id).toBe(7);
  });

  it('sales at their own geocode that share a point (one building) keep the recency order', () => {
    const geocoded = buildSalesIndex(stacked.map((sale) => ({ ...sale, placedAtLocality: false })));
    const chosen = findNearestEarlierSales(geocoded, 'house', place.lat, place.lng, '2021-03-01', 3, 'NSW', undefined, { street: 'BEWICK ST', landSizeM2: 4000 });
    expect(chosen.map((neighbour) => neighbour.sale.id)).toEqual([6, 5, 4]);
  });

  it('the street features: the same-street comparables at the locality\'s point, their mean level and count', () => {
    const index = buildSalesIndex(stacked);
    const subject = { ...place, state: 'NSW', suburb: 'Wyee Point', postcode: '2259', address: '5 Bewick St', propertyType: 'house', landSizeM2: 900 };
    const features = computeFeatures(index, subject, '2021-03-01', 13.5);
    expect(feature(features.values, 'streetCount')).toBe(2);
    expect(feature(features.values, 'streetRel') + features.anchor).toBeCloseTo((features.comparables[0]!.adjustedLogPrice + features.comparables[1]!.adjustedLogPrice) / 2, 9);
    const elsewhere = computeFeatures(index, { ...subject, address: '5 Nowhere Rd' }, '2021-03-01', 13.5);
    expect(feature(elsewhere.values, 'streetCount')).toBe(0);
    expect(Number.isNaN(feature(elsewhere.values, 'streetRel'))).toBe(true);
  });
});

describe('the sales and index kept between starts (packSalesAndIndex, unpackSalesAndIndex)', () => {
  it('after a v8 round trip gives the same sales and answers as the index it was packed from, each list sharing the sales', async () => {
    const v8 = await import('node:v8');
    // Sales in the reader's shape (load-indexed-sales.ts): a property key or null, some not market sales, some at a locality's point.
    const sales: IndexedSale[] = makeSyntheticSales(3000).map((sale) => {
      const record: IndexedSale = { ...sale, propertyKey: sale.id % 7 === 0 ? `P${sale.id}` : null };
      if (sale.id % 11 === 0) Object.assign(record, { isMarketSale: false, saleMethod: sale.id % 22 === 0 ? 'passed_in' : null });
      if (sale.id % 13 === 0) record.placedAtLocality = true;
      return record;
    });
    const index = buildSalesIndex(sales);
    expect(index.sales.length).toBeLessThan(sales.length);
    const kept = v8.deserialize(v8.serialize(packSalesAndIndex(sales, index))) as PackedSalesAndIndex;
    const { sales: revivedSales, index: revived } = unpackSalesAndIndex(kept, index.movement);
    expect(revivedSales).toStrictEqual(sales);
    expect(revived.sales).toStrictEqual(index.sales);
    expect(revived.suburbSales).toStrictEqual(index.suburbSales);
    expect(revived.addressSales).toStrictEqual(index.addressSales);
    for (const [type, tree] of index.trees) {
      const { tree: kd, ...arrays } = tree;
      const { tree: revivedKd, ...revivedArrays } = revived.trees.get(type)!;
      expect(revivedArrays).toStrictEqual(arrays);
      expect(new Uint8Array(revivedKd.data)).toEqual(new Uint8Array(kd.data));
    }
    for (const subject of index.sales.filter((_, position) => position % 97 === 0)) {
      const asAt = subject.saleDate;
      const subjectFields = { lat: subject.lat, lng: subject.lng, propertyType: subject.propertyType, state: subject.state, suburb: subject.suburb, postcode: subject.postcode, address: subject.address };
      expect(Array.from(computeFeatures(revived, subjectFields, asAt, 13).values)).toEqual(Array.from(computeFeatures(index, subjectFields, asAt, 13).values));
      const ids = (answer: ReturnType<typeof findNearestEarlierSales>) => answer.map((neighbour) => [neighbour.sale.id, neighbour.distanceKm, neighbour.adjustedLogPrice]);
      expect(ids(findNearestEarlierSales(revived, subject.propertyType, subject.lat, subject.lng, asAt, 24, subject.state))).toEqual(ids(findNearestEarlierSales(index, subject.propertyType, subject.lat, subject.lng, asAt, 24, subject.state)));
    }
    // One record, not a copy per list: the index's lists hold the revived sales themselves.
    const byId = new Map(revivedSales.map((sale) => [sale.id, sale]));
    const tree = [...revived.trees.values()][0]!;
    expect(tree.sales.every((sale) => byId.get(sale.id) === sale)).toBe(true);
    expect(revived.sales.every((sale) => byId.get(sale.id) === sale)).toBe(true);
    expect([...revived.addressSales.values()].flat().every((sale) => byId.get(sale.id) === sale)).toBe(true);
  });

  it('packs sales whose ids are far apart (a map instead of a table by id) the same way', () => {
    const sparse = makeSyntheticSales(500).map((sale) => ({ ...sale, id: sale.id * 1_000_003 }));
    const sparseIndex = buildSalesIndex(sparse);
    const { sales: revived, index: revivedIndex } = unpackSalesAndIndex(packSalesAndIndex(sparse, sparseIndex), null);
    expect(revived.map((sale) => sale.id)).toEqual(sparse.map((sale) => sale.id));
    expect(revivedIndex.suburbSales).toStrictEqual(sparseIndex.suburbSales);
    expect(revivedIndex.sales.map((sale) => sale.id)).toEqual(sparseIndex.sales.map((sale) => sale.id));
  });

  it('refuses an index whose sales are not among those given', () => {
    expect(() => packSalesAndIndex(index.sales.slice(1), index)).toThrow(/is not one of the sales given/);
  });
});
