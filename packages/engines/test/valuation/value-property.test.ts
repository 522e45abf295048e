import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assignSplits,
  buildSalesIndex,
  calibrateFilledRange,
  comparableSimilarity,
  confidenceFrom,
  describeFilledRange,
  filledScaleOf,
  fitValuationModel,
  kindPriceRatio,
  localLandRate,
  parseValuationModel,
  prepareRows,
  valuePoint,
  valueProperty,
  VALUATION_GBM_PARAMS,
  type SalesIndex,
  type ValuationModel,
} from '../../src/index.ts';
import { FEATURE_NAMES } from '../../src/valuation/features.ts';
import { FACTOR_GROUP_MEMBERS, OWN_SALE_FEATURES } from '../../src/valuation/value-property.ts';
import { makeSyntheticSales } from './synthetic-sales.ts';

let model: ValuationModel;
let index: SalesIndex;

beforeAll(() => {
  index = buildSalesIndex(makeSyntheticSales(3000));
  const rows = prepareRows(index, 13.5);
  const splits = assignSplits(rows.sales, 1, false);
  model = fitValuationModel(rows, splits, { id: 'test-model', params: { ...VALUATION_GBM_PARAMS, maxTrees: 60, maxLeaves: 16, minLeafRows: 10 } }).model;
});

const HOUSE = { lat: -37.8, lng: 145.1, state: 'VIC', suburb: 'Eastville', postcode: '3100', propertyType: 'house', bedrooms: 3, bathrooms: 2, landSizeM2: 500, buildingSizeM2: 180, yearBuilt: 1990 };

describe('a range with typical attributes', () => {
  it('widens by the calibrated scale about the same estimate when attributes are the locality\'s typical values, and only then', () => {
    const widened = { ...model, artifact: { ...model.artifact, intervals: { ...model.artifact.intervals, filledScale: { '*': 1.5 } } } };
    const own = valuePoint(widened, index, HOUSE, '2018-07-01');
    const typical = valuePoint(widened, index, { ...HOUSE, filledFromTypical: 2 }, '2018-07-01');
    expect(typical.estimate).toBe(own.estimate);
    expect(Math.log(typical.high / typical.low)).toBeCloseTo(1.5 * Math.log(own.high / own.low), 2);
    expect(typical.fsd).toBeGreaterThan(own.fsd);
    // A model trained before the scale existed: unchanged.
    expect(valuePoint(model, index, { ...HOUSE, filledFromTypical: 2 }, '2018-07-01').high).toBe(valuePoint(model, index, HOUSE, '2018-07-01').high);
  });

  it('is read per state, "*" for a state without its own, and said in words only when it widens', () => {
    expect(filledScaleOf({ '*': 1.3, NSW: 1.39 }, 'NSW')).toBe(1.39);
    expect(filledScaleOf({ '*': 1.3, NSW: 1.39 }, 'QLD')).toBe(1.3);
    expect(filledScaleOf(undefined, 'NSW')).toBe(1);
    expect(describeFilledRange(1.392)).toMatch(/^range: 1\.39 times as wide each side of the estimate/);
    expect(describeFilledRange(1)).toBeNull();
  });

  it('is calibrated on calibration rows valued from a short row: at least 1, per state with enough rows, and "*"', () => {
    const splits = assignSplits(index.sales, 1, false);
    const scales = calibrateFilledRange(model, index, splits);
    expect(scales['*']).toBeGreaterThanOrEqual(1);
    for (const scale of Object.values(scales)) expect(scale).toBeGreaterThanOrEqual(1);
  });
});

describe('valueProperty', () => {
  it('values a house near the synthetic price level with a range around it', () => {
    const result = valueProperty(model, index, HOUSE, { asAt: '2018-07-01' });
    // Synthetic price: 600k * 1.4 (east) * 1.05^(4.5) ~ 1.05M for a 3-bedroom 500 m² house.
    expect(result.estimate).toBeGreaterThan(850_000);
    expect(result.estimate).toBeLessThan(1_300_000);
    expect(result.low).toBeLessThanOrEqual(result.estimate);
    expect(result.high).toBeGreaterThanOrEqual(result.estimate);
    expect(['High', 'Medium', 'Low']).toContain(result.confidenceLevel);
    expect(result.model.id).toBe('test-model');
  });

  it('factors sum with the base value to the estimate', () => {
    const result = valueProperty(model, index, HOUSE, { asAt: '2018-07-01' });
    const sum = result.factors.reduce((total, factor) => total + factor.contributionAud, 0);
    expect(result.baseValueAud + sum).toBe(result.estimate);
  });

  it('returns at least three real earlier comparables with similarity in [0, 1]', () => {
    const result = valueProperty(model, index, HOUSE, { asAt: '2018-07-01' });
    expect(result.comparables.length).toBeGreaterThanOrEqual(3);
    for (const comparable of result.comparables) {
      expect(comparable.saleDate < '2018-07-01').toBe(true);
      expect(comparable.similarity).toBeGreaterThanOrEqual(0);
      expect(comparable.similarity).toBeLessThanOrEqual(1);
      expect(index.sales.some((sale) => sale.id === comparable.saleId)).toBe(true);
    }
  });

  it('tops up comparables with other types when the subject type has too few sales', () => {
    // The synthetic market has houses and units only: a villa has no same-type evidence.
    const result = valueProperty(model, index, { ...HOUSE, propertyType: 'villa' }, { asAt: '2018-07-01' });
    expect(result.comparables.length).toBeGreaterThanOrEqual(3);
    for (const comparable of result.comparables) {
      expect(comparable.propertyType).not.toBe('villa');
      expect(comparable.similarity).toBeLessThanOrEqual(0.5);
    }
  });

  it('splits the estimate into land, building and intangible that add up', () => {
    const result = valueProperty(model, index, HOUSE, { asAt: '2018-07-01' });
    const { landAud, buildingAud, intangibleAud } = result.breakdown;
    expect(landAud + buildingAud + intangibleAud).toBe(result.estimate);
    expect(landAud).toBeGreaterThan(0);
    expect(buildingAud).toBeGreaterThan(0);
    const unit = valueProperty(model, index, { ...HOUSE, propertyType: 'unit', landSizeM2: null }, { asAt: '2018-07-01' });
    expect(unit.breakdown.method).toContain('no lot of its own');
  });

  it('gives a four-point timeline ending at asAt, using only sales before each date', () => {
    const result = valueProperty(model, index, HOUSE, { asAt: '2018-07-01' });
    expect(result.timeline.map((point) => point.date)).toEqual(['2015-07-01', '2016-07-01', '2017-07-01', '2018-07-01']);
    expect(result.timeline[3]!.valuationAud).toBe(result.estimate);
    // The as-at rule: sales on or after asAt are never comparables or neighbours of a valuation as at
    // asAt. They reach it only through the market index, which is fitted (and smoothed) once over the
    // whole series: a past date's level moves a little with later months (documented look-ahead).
    const early = valueProperty(model, index, HOUSE, { asAt: '2016-01-01' });
    const truncated = buildSalesIndex(index.sales.filter((sale) => sale.saleDate < '2016-01-01'));
    const onEarlierSalesOnly = valueProperty(model, truncated, HOUSE, { asAt: '2016-01-01' });
    expect(Math.abs(onEarlierSalesOnly.estimate / early.estimate - 1)).toBeLessThan(0.005);
    expect(onEarlierSalesOnly.comparables.map((sale) => sale.saleId)).toEqual(early.comparables.map((sale) => sale.saleId));
  });

  it('property: a larger building never lowers the estimate; the range contains the estimate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 600 }),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 100, max: 2000 }),
        fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
        (building, extra, land, bedrooms) => {
          const subject = { ...HOUSE, buildingSizeM2: building, landSizeM2: land, bedrooms };
          const smaller = valueProperty(model, index, subject, { asAt: '2018-01-01', timelineDates: [] });
          const larger = valueProperty(model, index, { ...subject, buildingSizeM2: building + extra }, { asAt: '2018-01-01', timelineDates: [] });
          const largerLand = valueProperty(model, index, { ...subject, landSizeM2: land + extra }, { asAt: '2018-01-01', timelineDates: [] });
          expect(larger.estimate).toBeGreaterThanOrEqual(smaller.estimate);
          expect(largerLand.estimate).toBeGreaterThanOrEqual(smaller.estimate);
          expect(smaller.low).toBeLessThanOrEqual(smaller.estimate);
          expect(smaller.high).toBeGreaterThanOrEqual(smaller.estimate);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('the artifact round-trips through JSON and parseValuationModel rejects a broken one', () => {
    const reparsed = parseValuationModel(JSON.parse(JSON.stringify(model.artifact)));
    expect(valueProperty(reparsed, index, HOUSE, { asAt: '2018-07-01' }).estimate).toBe(valueProperty(model, index, HOUSE, { asAt: '2018-07-01' }).estimate);
    expect(() => parseValuationModel({ ...model.artifact, format: 'other' })).toThrow();
  });
});

describe('comparables of the same kind and a local land-value surface (issue 34)', () => {
  it('a house never gets a unit comparable when enough houses exist, not even a unit sale at its own street address', () => {
    const unitSale = index.sales.find((sale) => sale.propertyType === 'unit' && sale.suburb === 'Eastville' && sale.saleDate < '2018-01-01')!;
    const subjects = [HOUSE, { ...HOUSE, lat: -37.81, lng: 144.9, suburb: 'Westville', postcode: '3000' }, { ...HOUSE, lat: unitSale.lat, lng: unitSale.lng, address: unitSale.address }];
    for (const subject of subjects) {
      for (const asAt of ['2016-01-01', '2018-07-01']) {
        const result = valueProperty(model, index, subject, { asAt, timelineDates: [] });
        expect(result.comparables.length).toBeGreaterThanOrEqual(3);
        for (const comparable of result.comparables) {
          expect(comparable).toMatchObject({ propertyType: 'house', isSameKind: true, kindAdjustment: null, kindAdjustedPriceAud: comparable.timeAdjustedPriceAud });
        }
      }
    }
  });

  it('when too few houses are near, unit sales are listed, marked as the other kind and priced at the local house/unit ratio', () => {
    // Eastville keeps two houses; its other houses are gone (the nearest others are in Westville, ~18 km away).
    const eastHouses = index.sales.filter((sale) => sale.suburb === 'Eastville' && sale.propertyType === 'house' && sale.saleDate < '2018-01-01');
    const kept = new Set(eastHouses.slice(0, 2).map((sale) => sale.id));
    const thin = buildSalesIndex(index.sales.filter((sale) => !(sale.suburb === 'Eastville' && sale.propertyType === 'house') || kept.has(sale.id)));
    const result = valueProperty(model, thin, HOUSE, { asAt: '2018-07-01', timelineDates: [] });
    const units = result.comparables.filter((comparable) => !comparable.isSameKind);
    expect(units.length).toBeGreaterThan(0);
    // Both local houses still come first: the subject's kind is listed before the other kind.
    expect(result.comparables.slice(0, 2).map((comparable) => comparable.saleId).sort()).toEqual([...kept].sort());
    const ratio = kindPriceRatio(thin, 'unit', 'house', { lat: HOUSE.lat, lng: HOUSE.lng, state: 'VIC' }, '2018-07-01')!;
    expect(ratio.ratio).toBeGreaterThan(1);
    for (const unit of units) {
      expect(unit.propertyType).toBe('unit');
      expect(unit.kindAdjustment).toMatch(/^A unit sale, used because fewer than 3 house sales are within 5 km: priced as a house at ×\d\.\d\d/);
      expect(Math.abs(unit.kindAdjustedPriceAud - unit.timeAdjustedPriceAud * ratio.ratio)).toBeLessThanOrEqual(1);
      expect(unit.similarity).toBeLessThanOrEqual(0.25);
    }
  });

  it('two neighbouring houses get land rates within 10% of each other, from the shrunk local surface the method names', () => {
    const at = { lat: HOUSE.lat, lng: HOUSE.lng, state: 'VIC' };
    const next = { ...at, lat: at.lat + 0.0015 };
    const first = localLandRate(index, 'house', at, '2018-07-01')!;
    const second = localLandRate(index, 'house', next, '2018-07-01')!;
    expect(first.rate).toBeGreaterThan(0);
    expect(Math.abs(first.rate / second.rate - 1)).toBeLessThan(0.1);
    expect(first.localSales).toBe(200);
    expect(first.areaSales).toBeGreaterThan(first.localSales);
    const result = valueProperty(model, index, { ...HOUSE, landSizeM2: 600 }, { asAt: '2018-07-01', timelineDates: [] });
    expect(result.breakdown.method).toContain(`local land rate of $${Math.round(first.rate).toLocaleString('en-AU')}/m², from a land-value surface`);
    expect(result.breakdown.method).toMatch(/shrunk toward the slope of the \d+ sales around them \(local weight \d+%\), so neighbouring lots get similar rates/);
  });
});

describe("the property's own previous sale (issue 17)", () => {
  const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it('regression: a recent own sale is valued within its index-adjusted price +- the range, listed first, its effect in dollars', () => {
    const houses = index.sales.filter((sale) => sale.propertyType === 'house' && sale.saleDate >= '2016-01-01' && sale.saleDate < '2018-06-01').slice(0, 25);
    for (const sale of houses) {
      const asAt = addDays(sale.saleDate, 90);
      const result = valueProperty(model, index, sale, { asAt });
      const own = result.ownSale!;
      expect(own.saleId).toBe(sale.id);
      expect(result.low).toBeLessThanOrEqual(own.timeAdjustedPriceAud);
      expect(result.high).toBeGreaterThanOrEqual(own.timeAdjustedPriceAud);
      expect(result.comparables[0]).toMatchObject({ saleId: sale.id, ownSale: true, priceAud: Math.round(sale.priceAud), timeAdjustedPriceAud: own.timeAdjustedPriceAud });
      expect(result.comparables.slice(1).every((comparable) => !comparable.ownSale && comparable.saleId !== sale.id)).toBe(true);
      const factor = result.factors.find((item) => item.feature === 'ownSale')!;
      expect(factor.label).toContain(`$${Math.round(sale.priceAud).toLocaleString('en-AU')}`);
      expect(result.baseValueAud + result.factors.reduce((total, item) => total + item.contributionAud, 0)).toBe(result.estimate);
      // Without the address the same house has no own sale: the factor is what the sale moved the figure by.
      const anonymous = valueProperty(model, index, { ...sale, address: null }, { asAt });
      expect(anonymous.ownSale).toBeNull();
      expect(anonymous.comparables.some((comparable) => comparable.ownSale)).toBe(false);
    }
  });

  it('an older own sale (beyond the anchor window) is still a feature and the first comparable', () => {
    const sale = index.sales.find((candidate) => candidate.propertyType === 'house' && candidate.saleDate < '2015-06-01')!;
    const result = valueProperty(model, index, sale, { asAt: '2018-07-01' });
    expect(result.ownSale).toBeNull();
    expect(result.comparables[0]).toMatchObject({ saleId: sale.id, ownSale: true, distanceKm: 0 });
  });

  it('every feature is explained under exactly one factor', () => {
    const members = [...FACTOR_GROUP_MEMBERS, ...OWN_SALE_FEATURES];
    expect([...members].sort()).toEqual([...FEATURE_NAMES].sort());
  });

  it('a model trained on another feature list is refused with what to do', () => {
    expect(() => parseValuationModel({ ...model.artifact, features: model.artifact.features.slice(0, -1) })).toThrow(/npm run train/);
  });
});

describe('worked examples', () => {
  it('confidence: an FSD of 10% with 12 nearby sales scores 75, High; 20% with 6 nearby scores 45, Medium; above 20% is Low', () => {
    // 100 - 250 * 0.1 = 75.0; the level is read off the FSD: <= 10% High.
    expect(confidenceFrom(0.1, 12)).toEqual({ confidence: 75, level: 'High' });
    // 100 - 50 - 10 * 0.5 = 45; FSD 20% -> Medium.
    expect(confidenceFrom(0.2, 6)).toEqual({ confidence: 45, level: 'Medium' });
    expect(confidenceFrom(0.2001, 12).level).toBe('Low');
  });

  it('similarity: 1 km away, one bedroom more, same land, sold a year earlier', () => {
    const sale = { id: 1, lat: 0, lng: 0, state: 'VIC', suburb: 'X', postcode: '3000', address: null, propertyType: 'house', bedrooms: 4, bathrooms: null, carSpaces: null, landSizeM2: 500, buildingSizeM2: null, yearBuilt: null, priceAud: 1, saleDate: '2017-01-01' };
    // exp(-1/2) * exp(-0.3) * exp(0) * exp(-1/5) = exp(-1.0) = 0.368
    expect(comparableSimilarity({ lat: 0, lng: 0, bedrooms: 3, landSizeM2: 500 }, { sale, distanceKm: 1, adjustedLogPrice: 0 }, '2018-01-01')).toBeCloseTo(0.368, 3);
  });
});
