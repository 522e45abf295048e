// The training rows' leave-one-out evidence and the comparables' price per square metre, on the
// synthetic market (test/valuation/synthetic-sales.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSalesIndex, type IndexedSale, type SalesIndex } from '../../src/index.ts';
import { computeFeatures, FEATURE_NAMES } from '../../src/valuation/features.ts';
import { findNearestEarlierSales, suburbLevel } from '../../src/valuation/sales-index.ts';
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
