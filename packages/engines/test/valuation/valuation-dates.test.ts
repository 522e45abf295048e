import { beforeAll, describe, expect, it } from 'vitest';
import {
  assignSplits,
  buildSalesIndex,
  fitValuationModel,
  indexLevelAt,
  monthNumber,
  prepareRows,
  resolveAsAt,
  valuePoint,
  VALUATION_GBM_PARAMS,
  withMarketIndexRefitted,
  type IndexedSale,
  type SalesIndex,
  type ValuationModel,
} from '../../src/index.ts';
import { makeSyntheticSales } from './synthetic-sales.ts';

/**
 * Two markets: the synthetic Melbourne (VIC, 2014-2018, +5% a year) and a Perth (WA) whose sales
 * run two years longer and rise 30% in those two years. Melbourne must never borrow that rise.
 */
function perthSales(count: number): IndexedSale[] {
  return makeSyntheticSales(count, 9).map((sale, row) => {
    const year = 2014 + (row % 7);
    const boom = year >= 2019 ? 1.3 ** ((year - 2018) / 2) : 1;
    return { ...sale, id: 100_000 + row, state: 'WA', lat: sale.lat + 5.9, lng: sale.lng - 29.1, suburb: `Perth ${sale.suburb}`, postcode: sale.postcode === '3100' ? '6100' : '6000', priceAud: Math.round(sale.priceAud * boom), saleDate: `${year}${sale.saleDate.slice(4)}` };
  });
}

let melbourne: IndexedSale[];
let index: SalesIndex;
let model: ValuationModel;

beforeAll(() => {
  melbourne = makeSyntheticSales(3000);
  index = buildSalesIndex([...melbourne, ...perthSales(2000)]);
  const rows = prepareRows(index, 13.5);
  model = fitValuationModel(rows, assignSplits(rows.sales, 1, false), { id: 'test-model', params: { ...VALUATION_GBM_PARAMS, maxTrees: 60, maxLeaves: 16, minLeafRows: 10 } }).model;
});

const HOUSE = { lat: -37.8, lng: 145.1, state: 'VIC', suburb: 'Eastville', postcode: '3100', propertyType: 'house', bedrooms: 3, bathrooms: 2, landSizeM2: 500, buildingSizeM2: 180, yearBuilt: 1990 };

describe('the valuation date rule (resolveAsAt)', () => {
  it('values each market as at its own latest sale by default', () => {
    const vic = resolveAsAt(index, 'VIC');
    const wa = resolveAsAt(index, 'WA');
    expect(vic.asAt).toBe(index.lastSaleDateByMarket.get('VIC'));
    expect(vic.asAt.startsWith('2018')).toBe(true);
    expect(wa.asAt.startsWith('2020')).toBe(true);
    expect(vic.capped).toBe(false);
    expect(vic.note).toMatch(/^as at \d{1,2} \w+ 2018, the latest Melbourne \(VIC\) sale in our data$/);
  });

  it('answers a later date with the market\'s last date, and says so', () => {
    const capped = resolveAsAt(index, 'VIC', '2020-06-01');
    expect(capped.asAt).toBe(index.lastSaleDateByMarket.get('VIC'));
    expect(capped.capped).toBe(true);
    expect(capped.note).toContain('1 June 2020 is after the latest Melbourne (VIC) sale');
    expect(capped.note).toContain('no later evidence exists');
    expect(resolveAsAt(index, 'VIC', '2016-05-01')).toMatchObject({ asAt: '2016-05-01', capped: false });
  });

  it('a state with no sales falls back to the latest sale of any market, and says so', () => {
    const qld = resolveAsAt(index, 'QLD');
    expect(qld.asAt).toBe(index.lastSaleDate);
    expect(qld.note).toContain('no QLD sales are in our data');
  });
});

describe('one index per market', () => {
  it('is flat after the market\'s last month and undefined before its first', () => {
    const last = monthNumber(index.lastSaleDateByMarket.get('VIC')!);
    const atEnd = indexLevelAt(index, 'VIC', 'house', last + 1);
    expect(indexLevelAt(index, 'VIC', 'house', last + 20)).toBe(atEnd);
    expect(Number.isNaN(indexLevelAt(index, 'VIC', 'house', monthNumber('2013-06-01')))).toBe(true);
  });

  it('measures the synthetic market\'s 5% a year, quality-adjusted', () => {
    const growth = Math.exp(indexLevelAt(index, 'VIC', 'house', monthNumber('2018-01-01')) - indexLevelAt(index, 'VIC', 'house', monthNumber('2016-01-01'))) ** 0.5 - 1;
    expect(growth).toBeGreaterThan(0.02);
    expect(growth).toBeLessThan(0.08);
  });

  it('values a Melbourne property the same at two dates after Melbourne\'s last sale', () => {
    const first = valuePoint(model, index, HOUSE, resolveAsAt(index, 'VIC', '2019-06-01').asAt);
    const second = valuePoint(model, index, HOUSE, resolveAsAt(index, 'VIC', '2020-12-01').asAt);
    expect(second.estimate).toBe(first.estimate);
    // Even asked directly for a date past the data, no movement is invented.
    expect(valuePoint(model, index, HOUSE, '2020-12-01').estimate).toBe(valuePoint(model, index, HOUSE, '2019-06-01').estimate);
  });

  it('a market index refitted without the later prices (the hold-out evaluation) is flat from them on, and leaves other markets alone', () => {
    const later = new Set(index.sales.filter((sale) => sale.state === 'WA' && sale.saleDate >= '2020-01-01').map((sale) => sale.id));
    const refitted = withMarketIndexRefitted(index, 'WA', later);
    const lastKept = monthNumber('2019-12-01');
    // Perth rose 30% over 2019-2020: the full index keeps rising through 2020, the refitted one stops.
    expect(indexLevelAt(refitted, 'WA', 'house', monthNumber('2020-09-01'))).toBe(indexLevelAt(refitted, 'WA', 'house', lastKept + 1));
    expect(indexLevelAt(index, 'WA', 'house', monthNumber('2020-09-01')) - indexLevelAt(index, 'WA', 'house', lastKept + 1)).toBeGreaterThan(0.05);
    expect(indexLevelAt(refitted, 'VIC', 'house', monthNumber('2017-06-01'))).toBe(indexLevelAt(index, 'VIC', 'house', monthNumber('2017-06-01')));
  });

  it('no other market\'s later movement reaches a Melbourne valuation', () => {
    const withoutPerth = buildSalesIndex(melbourne);
    const asAt = '2020-06-01';
    expect(valuePoint(model, index, HOUSE, asAt).estimate).toBe(valuePoint(model, withoutPerth, HOUSE, asAt).estimate);
  });
});
