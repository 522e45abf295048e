import { describe, expect, it } from 'vitest';
import type { ValuationResult } from '@propguard/schemas';
import { getExportFileBase, toAnalysisCsv, toAnalysisJson } from '../src/features/address-analysis/export-analysis.ts';

// Test data: a small hand-built valuation.
const VALUATION: ValuationResult = {
  estimate: 1_250_000,
  low: 1_120_000,
  high: 1_390_000,
  fsdPct: 8.4,
  evidenceLevel: 'near',
  carryForward: null,
  confidence: 78,
  confidenceLevel: 'Medium',
  asAt: '2026-11-22',
  market: { name: 'Melbourne (VIC)', state: 'VIC', lastSaleDate: '2026-11-22', evidenceDate: '2026-11-22', capped: false, note: 'as at 22 November 2026, the latest Melbourne (VIC) sale in our data' },
  modelEstimate: 1_250_000,
  ownSale: null,
  property: {
    address: '85 Turner St, Abbotsford VIC 3067',
    suburb: 'Abbotsford',
    state: 'VIC',
    postcode: '3067',
    lat: -37.8045,
    lng: 145.0001,
    locationPrecision: 'address',
    attributes: { propertyType: 'house', bedrooms: 3 },
  },
  assumed: ['car spaces: 1'],
  subject: { suggestionId: 'address-1' },
  baseValueAud: 1_160_000,
  factors: [
    { feature: 'land_size', label: 'Land size 650 m²', contributionAud: 120_000 },
    { feature: 'age', label: 'Age, "heritage" era', contributionAud: -30_000 },
  ],
  comparables: [
    {
      saleId: 1,
      address: null,
      suburb: 'Collingwood',
      state: 'VIC',
      postcode: '3066',
      saleDate: '2026-05-02',
      distanceKm: 1.2,
      propertyType: 'house',
      bedrooms: 3,
      bathrooms: 2,
      landSizeM2: 700,
      priceAud: 1_290_000,
      timeAdjustedPriceAud: 1_325_000,
      isSameKind: true,
      kindAdjustedPriceAud: 1_325_000,
      kindAdjustment: null,
      similarity: 0.84,
      ownSale: false,
    },
  ],
  breakdown: { landAud: 820_000, buildingAud: 410_000, intangibleAud: 20_000, method: 'Land rate, then residual' },
  timeline: [{ date: '2026-11-22', valuationAud: 1_250_000, lowAud: 1_120_000, highAud: 1_390_000, confidence: 78, carriedForward: false }],
  model: { id: 'test-model', trainedOn: 'test', method: 'test' },
  dataSource: 'live',
};

describe('toAnalysisCsv', () => {
  const csv = toAnalysisCsv(VALUATION);
  const lines = csv.trimEnd().split('\r\n');

  it('is one section,name,value table with a row per figure', () => {
    expect(lines[0]).toBe('section,name,value');
    expect(lines.every((line) => line.startsWith('"') || line.split(',').length >= 3)).toBe(true);
    expect(lines).toContain('summary,address,"85 Turner St, Abbotsford VIC 3067"');
    expect(lines).toContain('summary,estimate_aud,1250000');
    expect(lines).toContain('summary,low_aud,1120000');
    expect(lines).toContain('summary,high_aud,1390000');
    expect(lines).toContain('summary,car_spaces,');
    expect(lines).toContain('assumed,input,car spaces: 1');
    expect(lines).toContain('breakdown,land_aud,820000');
    expect(lines).toContain('factor,Land size 650 m²,120000');
    expect(lines).toContain('factor,"Age, ""heritage"" era",-30000');
    expect(lines).toContain('comparable 1,address,Collingwood VIC 3066');
    expect(lines).toContain('comparable 1,time_adjusted_price_aud,1325000');
    expect(lines).toContain('timeline 2026-11-22,confidence_percent,78');
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('neutralises formula text (an address or a label from the data) and keeps negative numbers as numbers', () => {
    const hostile: ValuationResult = {
      ...VALUATION,
      property: { ...VALUATION.property, address: '=HYPERLINK("http://x","y")' },
      assumed: ['@SUM(1)', '-1+2'],
      factors: [{ feature: 'age', label: '+cmd', contributionAud: -30_000 }],
    };
    const hostileLines = toAnalysisCsv(hostile).trimEnd().split('\r\n');
    // The address is exported in title case (issue 34) and still neutralised.
    expect(hostileLines).toContain('summary,address,"\'=Hyperlink(""Http://X"",""Y"")"');
    expect(hostileLines).toContain("assumed,input,'@SUM(1)");
    expect(hostileLines).toContain("assumed,input,'-1+2");
    expect(hostileLines).toContain("factor,'+cmd,-30000");
    expect(hostileLines).toContain('summary,lat,-37.8045');
  });
});

describe('toAnalysisJson and getExportFileBase', () => {
  it('round-trips the valuation', () => {
    expect(JSON.parse(toAnalysisJson(VALUATION))).toEqual(VALUATION);
  });

  it('names files from the address', () => {
    expect(getExportFileBase('85 Turner St, Abbotsford VIC 3067')).toBe('85-turner-st-abbotsford-vic-3067-analysis');
    expect(getExportFileBase(null)).toBe('property-analysis');
    expect(getExportFileBase('  ,,, ')).toBe('property-analysis');
  });
});
