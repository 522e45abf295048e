// The 80% range: a scale model of each row's expected error, calibrated on held-back rows. On a
// synthetic market whose west suburb is four times as noisy as its east, the range must be wider in
// the west and hold about 80% of fresh sales in each.
import { beforeAll, describe, expect, it } from 'vitest';
import { assignSplits, buildSalesIndex, createPrng, fitValuationModel, prepareRows, valuePoint, VALUATION_GBM_PARAMS, type IndexedSale, type SalesIndex, type ValuationModel } from '../../src/index.ts';
import { makeSyntheticSales } from './synthetic-sales.ts';

/** The synthetic market with an extra +-40% (uniform, log) of noise on the west suburb's prices. */
function noisyWest(count: number, seed: number): IndexedSale[] {
  const random = createPrng(seed + 1000);
  return makeSyntheticSales(count, seed).map((sale) => (sale.suburb === 'Westville' ? { ...sale, priceAud: Math.round(sale.priceAud * Math.exp((random() - 0.5) * 0.8)) } : sale));
}

let index: SalesIndex;
let model: ValuationModel;

beforeAll(() => {
  index = buildSalesIndex(noisyWest(8000, 3));
  const rows = prepareRows(index, 13.5);
  model = fitValuationModel(rows, assignSplits(rows.sales, 1, false), { id: 'interval-test', params: { ...VALUATION_GBM_PARAMS, maxTrees: 60, maxLeaves: 16, minLeafRows: 20 } }).model;
}, 60_000);

describe('the 80% range', () => {
  it('is wider where sales are noisier, and holds about 80% of fresh sales in each suburb', () => {
    // Fresh sales of the same market (another seed), valued as at their dates from the indexed sales.
    const fresh = noisyWest(1500, 11).filter((sale) => sale.saleDate >= '2016-01-01');
    for (const suburb of ['Eastville', 'Westville']) {
      const sales = fresh.filter((sale) => sale.suburb === suburb);
      const points = sales.map((sale) => valuePoint(model, index, { ...sale, address: null }, sale.saleDate));
      const covered = points.filter((point, i) => sales[i]!.priceAud >= point.low && sales[i]!.priceAud <= point.high).length / points.length;
      expect(covered, suburb).toBeGreaterThan(0.7);
      expect(covered, suburb).toBeLessThan(0.9);
    }
    const width = (suburb: string) => {
      const sales = fresh.filter((sale) => sale.suburb === suburb);
      const widths = sales.map((sale) => {
        const point = valuePoint(model, index, { ...sale, address: null }, sale.saleDate);
        return Math.log(point.high / point.low);
      });
      return widths.sort((a, b) => a - b)[widths.length >> 1]!;
    };
    expect(width('Westville')).toBeGreaterThan(2 * width('Eastville'));
  });

  it('stores the scale model and the calibration quantiles per region', () => {
    const intervals = model.artifact.intervals;
    expect(intervals.scale.trees.length).toBeGreaterThan(0);
    expect(intervals.byRegion.VIC!.low).toBeLessThan(0);
    expect(intervals.byRegion.VIC!.high).toBeGreaterThan(0);
    expect(intervals.byRegion['*']!.count).toBeGreaterThan(0);
  });
});
