import { beforeAll, describe, expect, it } from 'vitest';
import { assignSplits, buildSalesIndex, fitValuationModel, prepareRows, VALUATION_GBM_PARAMS, type SalesIndex, type ValuationModel } from '@propguard/engines';
import { parseCsv, valueCsvText } from '../src/commands/value-csv.ts';
import { makeSyntheticSales } from '../../../packages/engines/test/valuation/synthetic-sales.ts';

let model: ValuationModel;
let index: SalesIndex;
const localities = [{ name: 'Eastville', state: 'VIC', postcode: '3100', lat: -37.8, lng: 145.1, isDeliveryArea: true }];

beforeAll(() => {
  index = buildSalesIndex(makeSyntheticSales(1500));
  const rows = prepareRows(index, 13.5);
  model = fitValuationModel(rows, assignSplits(rows.sales, 1, false), { id: 'csv-test', params: { ...VALUATION_GBM_PARAMS, maxTrees: 30, maxLeaves: 8, minLeafRows: 10 } }).model;
});

const INPUT = [
  'id,address,suburb,state,postcode,lat,lng,property_type,bedrooms,bathrooms,car_spaces,land_size,building_size,year_built,date',
  '1,,,,,-37.8,145.1,house,3,2,1,500,180,1990,2018-06-01',
  '2,,Eastville,VIC,3100,,,unit,2,1,,,,,2018-06-01',
  '3,"5 Test St, Eastville VIC 3100",,,,,,house,,,,,,,2018-06-01',
  '4,,,,,-37.8,145.1,house,3,2,1,500,180,1990,not-a-date',
  '5,,Nowhere,VIC,3999,,,house,3,,,,,,2018-06-01',
  '6,,,,,-37.8,145.1,house,three,2,1,500,180,1990,2018-06-01',
  '7,,,VIC,,-37.8,145.1,house,3,2,1,500,180,1990,',
  '8,,,VIC,,-37.8,145.1,house,3,2,1,500,180,1990,2025-01-01',
].join('\n');

describe('propguard value --csv', () => {
  it('appends estimate, low, high, confidence, as_at and error; passes extra columns through; never crashes', () => {
    const { output, rows, failed } = valueCsvText(INPUT, { model, index, localities });
    const table = parseCsv(output);
    expect(table[0]).toEqual([...INPUT.split('\n')[0]!.split(','), 'estimate', 'low', 'high', 'confidence', 'as_at', 'error']);
    expect(rows).toBe(8);
    expect(failed).toBe(3);
    const byId = new Map(table.slice(1).map((cells) => [cells[0], cells]));
    for (const id of ['1', '2', '3']) {
      const cells = byId.get(id)!;
      const [estimate, low, high, confidence, asAt, error] = cells.slice(-6).map((cell) => cell);
      expect(error).toBe('');
      expect(asAt).toBe('2018-06-01');
      expect(Number(low)).toBeLessThanOrEqual(Number(estimate));
      expect(Number(high)).toBeGreaterThanOrEqual(Number(estimate));
      expect(Number(confidence)).toBeGreaterThanOrEqual(0);
    }
    expect(byId.get('3')![1]).toBe('5 Test St, Eastville VIC 3100');
    expect(byId.get('4')!.at(-1)).toContain('date');
    expect(byId.get('5')!.at(-1)).toContain('cannot place');
    expect(byId.get('6')!.at(-1)).toContain('bedrooms is not a number');
    // The valuation date rule of the server: no date, or a date past the market's data, is the market's latest sale.
    const lastVic = index.lastSaleDateByMarket.get('VIC');
    expect(byId.get('7')!.at(-2)).toBe(lastVic);
    expect(byId.get('8')!.at(-2)).toBe(lastVic);
    expect(byId.get('8')!.at(-6)).toBe(byId.get('7')!.at(-6));
  });

  it('values at least 2,000 rows a second', () => {
    const line = '1,,,,,-37.8,145.1,house,3,2,1,500,180,1990,2018-06-01';
    const many = [INPUT.split('\n')[0], ...Array.from({ length: 4000 }, () => line)].join('\n');
    const started = performance.now();
    const { rows, failed } = valueCsvText(many, { model, index, localities });
    const perSecond = rows / ((performance.now() - started) / 1000);
    expect(failed).toBe(0);
    expect(perSecond).toBeGreaterThan(2000);
  });
});
