import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildMarketMovement,
  buildSuburbMovement,
  carryForward,
  parseAbsMedianTable,
  smoothLogLevels,
  suburbCarry,
  MIN_LOCALITY_YEARS,
  type CarryForwardCalibration,
  type LocalityMedian,
  type MarketMovement,
  type SuburbMovement,
} from '../../src/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The shipped tables: the Valuer-General's medians by locality and the ABS series. */
const localityRows = (parse(gunzipSync(readFileSync(path.join(ROOT, 'data/vic-suburb-median-prices-and-rents/vic_median_house_price_by_locality_2010_2021.csv.gz'))).toString('utf8'), { columns: true }) as Record<string, string>[]).flatMap(
  (row): LocalityMedian[] => (row.median_house_price_aud ? [{ locality: row.locality!, year: Number(row.year), medianAud: Number(row.median_house_price_aud), preliminary: row.status === 'prelim' }] : []),
);
const absRows = parse(readFileSync(path.join(ROOT, 'data/abs-total-value-of-dwellings/median_transfer_prices_by_capital_city.csv'), 'utf8'), { columns: true }) as Record<string, string>[];
const CALIBRATION: CarryForwardCalibration = {
  horizonMonths: [6],
  sigmaLog: { '*': [0] },
  rangeScale: { '*': [1] },
  backtest: [],
  fsdBands: [],
  fsd: { horizonMonths: [0], evidence: ['own sale', 'near', 'far'], multiplier: [[1, 1, 1]] },
  note: 'test',
};

let abs: MarketMovement;
let suburbs: SuburbMovement;
beforeAll(() => {
  abs = buildMarketMovement(parseAbsMedianTable(absRows), CALIBRATION);
  suburbs = buildSuburbMovement(localityRows);
});

/** Reservoir, a Melbourne suburb 12 km north of the CBD. */
const RESERVOIR = { state: 'VIC', lat: -37.717, lng: 145.007, suburb: 'Reservoir' };
const published = (locality: string, year: number) => localityRows.find((row) => row.locality === locality && row.year === year)!.medianAud;

describe('the Valuer-General medians by locality', () => {
  it('keeps the localities with a median in at least 11 of the 12 years', () => {
    expect(MIN_LOCALITY_YEARS).toBe(11);
    expect(suburbs.localities.size).toBe(772);
    expect(suburbs.localities.has('RESERVOIR')).toBe(true);
    // Deanside (a new estate) has 5 years of medians: left to the ABS series.
    expect(suburbs.localities.has('DEANSIDE')).toBe(false);
  });
});

describe('suburbCarry', () => {
  it("between two mid-years, carries by the suburb's published medians", () => {
    const carry = suburbCarry(abs, suburbs, RESERVOIR, 'house', '2017-07-01', '2018-07-01')!;
    // Reservoir's median fell from $812,500 (2017) to $790,000 (2018) while Melbourne's rose.
    expect(carry.factor).toBeCloseTo(published('RESERVOIR', 2018) / published('RESERVOIR', 2017), 3);
    expect(carry.factor).toBeLessThan(1);
    expect(carryForward(abs, RESERVOIR, 'house', '2017-07-01', '2018-07-01')!.factor).toBeGreaterThan(1);
    expect(carry).toMatchObject({ locality: 'RESERVOIR', until: '2018-07-01', method: 'suburb' });
    expect(carry.series).toContain('Valuer-General Victoria median house price, RESERVOIR');
  });

  it('interpolates between mid-years: half a year carries half the log change', () => {
    const carry = suburbCarry(abs, suburbs, RESERVOIR, 'house', '2017-07-01', '2018-01-01')!;
    expect(Math.log(carry.factor)).toBeCloseTo(0.5 * Math.log(published('RESERVOIR', 2018) / published('RESERVOIR', 2017)), 2);
  });

  it("past the table's end (the preliminary 2021, taken as its March quarter), hands over to the ABS series", () => {
    const carry = suburbCarry(abs, suburbs, RESERVOIR, 'house', '2018-03-17', '2025-03-31')!;
    expect(carry.until).toBe('2021-02-16');
    // The suburb's part runs from the sale to the preliminary 2021 median's mid-point (mid-February 2021).
    const towardsPrelim = Math.log(published('RESERVOIR', 2021) / published('RESERVOIR', 2018));
    const saleTime = 2018 + 2 / 12 + 16 / 365.25;
    const restOf2018 = (2018.5 - saleTime) * Math.log(published('RESERVOIR', 2018) / published('RESERVOIR', 2017));
    expect(Math.log(carry.suburbFactor)).toBeCloseTo(towardsPrelim + restOf2018, 2);
    const tail = carryForward(abs, RESERVOIR, 'house', carry.until, '2025-03-31')!.factor;
    expect(carry.factor / carry.suburbFactor).toBeCloseTo(tail, 2);
    expect(carry.series).toContain('then ABS 6432.0 median established house transfer price, Melbourne');
  });

  it("'relative' moves the ABS quarterly path by the suburb's change less the city's over the same years", () => {
    const carry = suburbCarry(abs, suburbs, RESERVOIR, 'house', '2017-07-01', '2018-07-01', 'relative')!;
    const melbourne = parseAbsMedianTable(absRows).find((series) => series.region === 'Melbourne' && series.kind === 'house')!;
    const smoothed = smoothLogLevels(melbourne.quarters.map((quarter) => quarter.medianAud));
    const yearMean = (year: number) => {
      const levels = smoothed.filter((_level, i) => melbourne.quarters[i]!.quarter.startsWith(String(year)));
      return levels.reduce((sum, level) => sum + level, 0) / levels.length;
    };
    const quarterly = carryForward(abs, RESERVOIR, 'house', '2017-07-01', '2018-07-01')!.factor;
    const expected = Math.log(quarterly) + Math.log(published('RESERVOIR', 2018) / published('RESERVOIR', 2017)) - (yearMean(2018) - yearMean(2017));
    expect(Math.log(carry.factor)).toBeCloseTo(expected, 6);
    expect(carry.method).toBe('relative');
  });

  it('leaves to the ABS series what the table does not cover', () => {
    expect(suburbCarry(abs, suburbs, { ...RESERVOIR, state: 'NSW' }, 'house', '2017-07-01', '2018-07-01')).toBeNull();
    expect(suburbCarry(abs, suburbs, RESERVOIR, 'unit', '2017-07-01', '2018-07-01')).toBeNull();
    expect(suburbCarry(abs, suburbs, { ...RESERVOIR, suburb: 'Deanside' }, 'house', '2017-07-01', '2018-07-01')).toBeNull();
    expect(suburbCarry(abs, suburbs, { ...RESERVOIR, suburb: null }, 'house', '2017-07-01', '2018-07-01')).toBeNull();
    // Before the first mid-year (2010) and after the last point (the preliminary 2021).
    expect(suburbCarry(abs, suburbs, RESERVOIR, 'house', '2009-12-01', '2012-07-01')).toBeNull();
    expect(suburbCarry(abs, suburbs, RESERVOIR, 'house', '2021-06-01', '2025-03-31')).toBeNull();
    expect(suburbCarry(abs, suburbs, RESERVOIR, 'house', '2018-07-01', '2018-07-01')).toBeNull();
    // An unknown property type is valued as a house.
    expect(suburbCarry(abs, suburbs, RESERVOIR, null, '2017-07-01', '2018-07-01')).not.toBeNull();
  });
});
