import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  absRegionOf,
  assignSplits,
  buildMarketMovement,
  buildSalesIndex,
  carryForward,
  carryRange,
  carrySigmaAt,
  rangeScaleAt,
  evidenceLevelOf,
  firstGapStart,
  fitValuationModel,
  monthNumber,
  fsdMultiplierAt,
  parseAbsMedianTable,
  prepareRows,
  regionMedianOf,
  resolveAsAt,
  smoothLogLevels,
  valueOrRefuse,
  valuePoint,
  valueProperty,
  VALUATION_GBM_PARAMS,
  type AbsSeries,
  type CarryForwardCalibration,
  type MarketMovement,
  type SalesIndex,
  type ValuationModel,
} from '../../src/index.ts';
import { makeSyntheticSales } from './synthetic-sales.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
/** The shipped table (data/abs-total-value-of-dwellings): the tests read the real series. */
const rows = parse(readFileSync(path.join(ROOT, 'data/abs-total-value-of-dwellings/median_transfer_prices_by_capital_city.csv'), 'utf8'), { columns: true }) as Record<string, string>[];

const CALIBRATION: CarryForwardCalibration = {
  horizonMonths: [6, 12, 24, 36],
  sigmaLog: { '*': [0.02, 0.04, 0.08, 0.1], VIC: [0.03, 0.05, 0.09, 0.12] },
  rangeScale: { '*': [1, 1, 1, 1], WA: [0.9, 1, 1, 1] },
  fsd: { horizonMonths: [0, 6, 12, 24, 36], evidence: ['own sale', 'near', 'far'], multiplier: [[0.9, 0.95, 1], [0.9, 0.95, 1], [0.9, 0.95, 1], [0.9, 0.95, 1.1], [0.9, 0.95, 1.2]] },
  note: 'test',
  backtest: [],
  fsdBands: [],
};

let series: AbsSeries[];
let movement: MarketMovement;
beforeAll(() => {
  series = parseAbsMedianTable(rows);
  movement = buildMarketMovement(series, CALIBRATION);
});

const seriesOf = (region: string, kind: 'house' | 'attached') => series.find((one) => one.region === region && one.kind === kind)!;

describe('the ABS series (6432.0 table 2)', () => {
  it('reads every capital and rest of state, houses and attached dwellings, in AUD, with transfer counts', () => {
    expect(series).toHaveLength(30);
    const melbourne = seriesOf('Melbourne', 'house');
    expect(melbourne.quarters[0]).toMatchObject({ quarter: '2002-03', medianAud: 241_000, transfers: 16_024 });
    expect(melbourne.quarters.at(-1)).toMatchObject({ quarter: '2025-03', medianAud: 805_000, transfers: 10_542 });
    expect(seriesOf('Brisbane', 'house').quarters.at(-1)!.medianAud).toBe(930_000);
    // Attached dwellings and the rest of each state start in the September quarter 2003.
    expect(seriesOf('Sydney', 'attached').quarters[0]!.quarter).toBe('2003-09');
    expect(seriesOf('Rest of NSW', 'house').quarters[0]!.quarter).toBe('2003-09');
    expect(series.some((one) => one.region === 'Rest of ACT')).toBe(false);
  });

  it('the default as-at date is the last day of the last quarter', () => {
    expect(movement.lastQuarterEnd).toBe('2025-03-31');
  });

  it('smooths with a centred 5-quarter median of the logs: one odd quarter moves nothing', () => {
    const smoothed = smoothLogLevels([100, 100, 300, 100, 100]);
    expect(smoothed.map((value) => Math.round(Math.exp(value)))).toEqual([100, 100, 100, 100, 100]);
    // At the ends the window is what exists (3 and 4 quarters).
    expect(Math.exp(smoothLogLevels([100, 110, 120, 130, 140]).at(-1)!)).toBeCloseTo(130, 6);
  });
});

describe('the carry-forward factor', () => {
  const perth = { state: 'WA', lat: -31.95, lng: 115.86 };

  it('carries Perth houses from September 2020 to March 2025 by the smoothed series: about the published rise', () => {
    const carry = carryForward(movement, perth, 'house', '2020-09-01', '2025-03-31')!;
    const published = seriesOf('Perth', 'house').quarters;
    const raw = published.find((quarter) => quarter.quarter === '2025-03')!.medianAud / published.find((quarter) => quarter.quarter === '2020-09')!.medianAud;
    expect(carry.series).toBe('ABS 6432.0 median established house transfer price, Perth');
    expect(carry.factor).toBeGreaterThan(1.4);
    expect(Math.abs(Math.log(carry.factor / raw))).toBeLessThan(0.1);
    expect(carry.months).toBeCloseTo(55, 0);
  });

  it('chains: a to b, then b to c, is a to c; and nothing to carry at the same date', () => {
    const ab = carryForward(movement, perth, 'house', '2019-01-15', '2021-06-30')!.factor;
    const bc = carryForward(movement, perth, 'house', '2021-06-30', '2024-02-01')!.factor;
    const ac = carryForward(movement, perth, 'house', '2019-01-15', '2024-02-01')!.factor;
    expect(ab * bc).toBeCloseTo(ac, 10);
    expect(carryForward(movement, perth, 'house', '2020-01-01', '2020-01-01')).toBeNull();
  });

  it('moves a unit with the attached-dwelling series and a house with the house series', () => {
    const sydney = { state: 'NSW', lat: -33.87, lng: 151.21 };
    expect(carryForward(movement, sydney, 'unit', '2019-06-01', '2025-03-31')!.series).toContain('attached dwelling transfer price, Sydney');
    expect(carryForward(movement, sydney, 'townhouse', '2019-06-01', '2025-03-31')!.series).toContain('established house transfer price, Sydney');
  });

  it('places a property in its capital within 50 km of the centre, else in the rest of its state', () => {
    expect(absRegionOf({ state: 'VIC', lat: -37.81, lng: 144.99 })).toEqual({ region: 'Melbourne', capital: true });
    expect(absRegionOf({ state: 'VIC', lat: -37.56, lng: 143.85 })).toEqual({ region: 'Rest of Vic.', capital: false }); // Ballarat
    expect(absRegionOf({ state: 'NSW', lat: -32.93, lng: 151.78 })).toEqual({ region: 'Rest of NSW', capital: false }); // Newcastle
    expect(absRegionOf({ state: 'ACT', lat: -35.3, lng: 149.1 })).toEqual({ region: 'Canberra', capital: true });
    expect(absRegionOf({ state: null, lat: -35.3, lng: 149.1 })).toBeNull();
  });

  it('the carry\'s uncertainty: per market, linear between the backtest\'s horizons, a random walk beyond the longest', () => {
    const perth = { ...CALIBRATION, sigmaLog: { ...CALIBRATION.sigmaLog, WA: [0, 0, 0, 0] } };
    expect(carrySigmaAt(CALIBRATION, 0)).toBe(0);
    expect(carrySigmaAt(CALIBRATION, 3)).toBeCloseTo(0.02 * Math.sqrt(0.5), 10);
    expect(carrySigmaAt(CALIBRATION, 18)).toBeCloseTo(0.06, 10);
    expect(carrySigmaAt(CALIBRATION, 18, 'VIC')).toBeCloseTo(0.07, 10);
    expect(carrySigmaAt(CALIBRATION, 144, 'WA')).toBeCloseTo(0.2, 10);
    expect(carrySigmaAt(CALIBRATION, 144, 'VIC')).toBeCloseTo(0.24, 10);
    // A market the backtest found needing no added sd up to 36 months grows at the pooled rate beyond it.
    expect(carrySigmaAt(perth, 36, 'WA')).toBe(0);
    expect(carrySigmaAt(perth, 72, 'WA')).toBeCloseTo(0.1, 10);
  });

  it('widens each side of the range in quadrature and moves it by the factor', () => {
    const range = { logEstimate: 13, lowLog: 12.9, highLog: 13.2 };
    const carried = carryRange(range, { fromDate: '2018-01-01', toDate: '2025-03-31', factor: Math.exp(0.1), months: 87, series: 's', smoothing: 's', sigmaLog: 0.1, rangeScale: 1 });
    expect(carried.logEstimate).toBeCloseTo(13.1, 10);
    expect(carried.logEstimate - carried.lowLog).toBeCloseTo(Math.hypot(0.1, 1.2816 * 0.1), 10);
    expect(carried.highLog - carried.logEstimate).toBeCloseTo(Math.hypot(0.2, 1.2816 * 0.1), 10);
    expect(carryRange(range, null)).toBe(range);
    // Where the backtest found the model's own range too wide at a horizon, it is scaled down.
    expect(rangeScaleAt(CALIBRATION, 5, 'WA')).toBe(0.9);
    expect(rangeScaleAt(CALIBRATION, 5, 'VIC')).toBe(1);
    expect(rangeScaleAt(CALIBRATION, 0, 'WA')).toBe(1);
  });

  it('FSD multipliers by horizon and evidence level', () => {
    expect(fsdMultiplierAt(CALIBRATION, 0, 'near')).toBe(0.95);
    expect(fsdMultiplierAt(CALIBRATION, 30, 'far')).toBe(1.2);
    expect(fsdMultiplierAt(CALIBRATION, 84, 'far')).toBe(1.2);
    expect(evidenceLevelOf(0.8, 5)).toBe('own sale');
    expect(evidenceLevelOf(0.2, 1.2)).toBe('near');
    expect(evidenceLevelOf(null, Number.NaN)).toBe('far');
  });

  it('the region median is the published figure of the last quarter, for the kind of dwelling', () => {
    expect(regionMedianOf(movement, { state: 'QLD', lat: -27.47, lng: 153.03 }, 'unit')).toMatchObject({ region: 'Brisbane', capital: true, kind: 'attached', quarter: '2025-03', asAt: '2025-03-31' });
    expect(regionMedianOf(movement, { state: 'TAS', lat: -41.44, lng: 147.14 }, 'house')).toMatchObject({ region: 'Rest of Tas.', capital: false, kind: 'house' });
  });
});

describe('valuing with the carry-forward (synthetic Melbourne, real ABS series)', () => {
  let index: SalesIndex;
  let model: ValuationModel;
  const HOUSE = { lat: -37.8, lng: 145.1, state: 'VIC', suburb: 'Eastville', postcode: '3100', propertyType: 'house', bedrooms: 3, bathrooms: 2, landSizeM2: 500, buildingSizeM2: 180, yearBuilt: 1990 };
  beforeAll(() => {
    const sales = makeSyntheticSales(3000);
    const rows = prepareRows(buildSalesIndex(sales), 13.5);
    model = fitValuationModel(rows, assignSplits(rows.sales, 1, false), { id: 'test-model', params: { ...VALUATION_GBM_PARAMS, maxTrees: 60, maxLeaves: 16, minLeafRows: 10 } }).model;
    index = buildSalesIndex(sales, { movement });
  });

  it('dates a Melbourne valuation at 31 March 2025 from the evidence of its last sale, and caps later dates', () => {
    const market = resolveAsAt(index, HOUSE);
    expect(market).toMatchObject({ asAt: '2025-03-31', evidenceDate: index.lastSaleDateByMarket.get('VIC'), capped: false, hasLocalSales: true });
    expect(resolveAsAt(index, HOUSE, '2031-01-01')).toMatchObject({ asAt: '2025-03-31', capped: true });
    expect(resolveAsAt(index, HOUSE, '2017-05-01')).toMatchObject({ asAt: '2017-05-01', evidenceDate: '2017-05-01' });
  });

  it('the carried estimate is the evidence-date estimate times the factor, with a wider range and a larger FSD', () => {
    const market = resolveAsAt(index, HOUSE);
    const atEvidence = valuePoint(model, index, HOUSE, market.evidenceDate);
    const carried = valuePoint(model, index, HOUSE, market.asAt, market.evidenceDate);
    expect(carried.carryForward!.factor).toBeGreaterThan(0);
    expect(carried.estimate / atEvidence.estimate).toBeCloseTo(carried.carryForward!.factor, 3);
    expect(Math.log(carried.high / carried.low)).toBeGreaterThan(Math.log(atEvidence.high / atEvidence.low));
    expect(carried.fsd).toBeGreaterThan(atEvidence.fsd);
    const full = valueProperty(model, index, HOUSE, { asAt: market.asAt, evidenceDate: market.evidenceDate });
    expect(full.estimate).toBe(carried.estimate);
    expect(full.baseValueAud + full.factors.reduce((sum, factor) => sum + factor.contributionAud, 0)).toBe(full.estimate);
    expect(full.timeline.map((point) => point.carriedForward)).toEqual([true, true, true, true]);
  });

  it('refuses a place with no local market, answering its region median', () => {
    const brisbane = { lat: -27.47, lng: 153.03, state: 'QLD', propertyType: 'house' };
    const outcome = valueOrRefuse(model, index, brisbane, resolveAsAt(index, brisbane));
    expect(outcome.point).toBeNull();
    expect(outcome.noEstimate?.reason).toContain('no local sales in QLD');
    expect(outcome.noEstimate?.regionMedian).toMatchObject({ region: 'Brisbane', medianAud: 930_000 });
  });
});

describe('a gap in a market\'s own index, bridged by its capital\'s series', () => {
  it('finds the first run of 6+ thin months between busier ones', () => {
    const busy = (n: number) => new Array<number>(n).fill(400);
    expect(firstGapStart([...busy(10), 20, 30, 10, 5, 40, 30, ...busy(5)])).toBe(10);
    // five thin months is not a gap; thin months before the first busy one are not either
    expect(firstGapStart([...busy(10), 20, 30, 10, 5, 40, ...busy(5)])).toBeNull();
    expect(firstGapStart([1, 2, 0, 0, 1, 3, 2, 1, ...busy(20)])).toBeNull();
    // a market that is never busy (50 sales a month at least) has no gap
    expect(firstGapStart([3, 0, 0, 0, 0, 0, 0, 4, 2])).toBeNull();
    expect(firstGapStart([])).toBeNull();
  });

  it('from the gap on, the index moves as the capital\'s series; without the series, or without a gap, as its own sales', () => {
    // Melbourne's synthetic market (2014-2018) with 2016 all but empty.
    const sales = makeSyntheticSales(6000).filter((sale) => !sale.saleDate.startsWith('2016') || sale.id % 40 === 0);
    const level = (index: SalesIndex, date: string) => index.regionalIndex.get('VIC|house')![monthNumber(date)]!;
    const bridged = buildSalesIndex(sales, { movement });
    const own = buildSalesIndex(sales);
    const melbourne = (date: string) => Math.log(carryForward(movement, { state: 'VIC', lat: -37.81, lng: 144.96 }, 'house', '2015-12-15', date)!.factor);
    // The last busy month before the gap is December 2015: later months move with the series from it.
    for (const date of ['2016-06-15', '2017-03-15', '2018-06-15']) {
      expect(level(bridged, date) - level(bridged, '2015-12-15')).toBeCloseTo(melbourne(date), 2);
    }
    // Up to the gap the two agree; the synthetic market rose 5% a year, the series did otherwise.
    expect(level(bridged, '2015-06-15') - level(bridged, '2014-06-15')).toBeCloseTo(level(own, '2015-06-15') - level(own, '2014-06-15'), 6);
    expect(Math.abs(level(own, '2018-06-15') - level(own, '2015-12-15') - melbourne('2018-06-15'))).toBeGreaterThan(0.05);
    const complete = makeSyntheticSales(6000);
    const noGap = buildSalesIndex(complete, { movement });
    expect(level(noGap, '2018-06-15') - level(noGap, '2015-12-15')).toBeCloseTo(level(buildSalesIndex(complete), '2018-06-15') - level(buildSalesIndex(complete), '2015-12-15'), 6);
  });
});
