import type { PropertyType, ValuationResult } from '@propguard/schemas';
import { DEMO_AS_AT } from './demo-properties.ts';
import type { DemoProperty } from './demo-properties.ts';

// SPEC.md section 3: the demo breakdown is land 60%, building 35%, intangible assets 5%.
const DEMO_LAND_SHARE = 0.6;
const DEMO_BUILDING_SHARE = 0.35;

// SPEC.md section 3, "Confidence growth point": three points at 92%, 95% and 98% of the current
// valuation with confidence 82, 85 and 88, then the current values. They are a quarter apart.
const DEMO_GROWTH_POINTS = [
  { monthsBefore: 9, share: 0.92, confidence: 82 },
  { monthsBefore: 6, share: 0.95, confidence: 85 },
  { monthsBefore: 3, share: 0.98, confidence: 88 },
] as const;

const RESIDENTIAL_TYPES: Record<string, PropertyType> = { house: 'house', unit: 'unit', townhouse: 'townhouse', villa: 'villa', land: 'land' };

function monthsBefore(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1 - months, Math.min(day, 28)));
  return date.toISOString().slice(0, 10);
}

function confidenceLevel(confidence: number): ValuationResult['confidenceLevel'] {
  if (confidence >= 80) return 'High';
  if (confidence >= 60) return 'Medium';
  return 'Low';
}

function withoutNull(value: number | null): number | undefined {
  return value === null ? undefined : value;
}

/**
 * A sample property in the shape of a live valuation, so that one results view shows both.
 * `dataSource` is "demo": the view labels every panel "Demo data". Demo properties carry no
 * factor contributions or comparable sales; those lists stay empty rather than being made up.
 */
export function toDemoValuationResult(property: DemoProperty): ValuationResult {
  const { valuation, valuationRange } = property;
  const landAud = Math.round(valuation * DEMO_LAND_SHARE);
  const buildingAud = Math.round(valuation * DEMO_BUILDING_SHARE);
  const [street, locality = ''] = property.address.split(', ');
  const localityMatch = /^(.*) ([A-Z]{2,3}) (\d{4})$/.exec(locality);

  return {
    estimate: valuation,
    low: valuationRange.min,
    high: valuationRange.max,
    // The sample's range read as an 80% range of a normal error: its FSD (sample figures, like the rest).
    fsdPct: Math.round((Math.log(valuationRange.max / valuationRange.min) / (2 * 1.2816)) * 1000) / 10,
    evidenceLevel: 'far',
    confidence: property.confidence,
    confidenceLevel: confidenceLevel(property.confidence),
    asAt: DEMO_AS_AT,
    carryForward: null,
    market: { name: 'Demo data', state: localityMatch?.[2] ?? null, lastSaleDate: DEMO_AS_AT, evidenceDate: DEMO_AS_AT, capped: false, note: 'Demo data: sample figures of the original product, not a valuation' },
    modelEstimate: valuation,
    ownSale: null,
    property: {
      address: property.address,
      suburb: localityMatch?.[1] ?? null,
      state: localityMatch?.[2] ?? null,
      postcode: localityMatch?.[3] ?? null,
      lat: property.coordinates.lat,
      lng: property.coordinates.lng,
      locationPrecision: 'address',
      attributes: {
        propertyType: RESIDENTIAL_TYPES[property.subtype] ?? 'other',
        bedrooms: withoutNull(property.bedrooms),
        bathrooms: withoutNull(property.bathrooms),
        carSpaces: withoutNull(property.parking),
        landSizeM2: withoutNull(property.landSize),
        buildingSizeM2: withoutNull(property.buildingSize),
        yearBuilt: withoutNull(property.yearBuilt),
      },
    },
    assumed: [],
    subject: { address: property.address },
    // The sample properties carry no factor breakdown: the whole value is the base.
    baseValueAud: property.valuation,
    factors: [],
    comparables: [],
    breakdown: {
      landAud,
      buildingAud,
      intangibleAud: valuation - landAud - buildingAud,
      method: `Demo data: a fixed split of the sample valuation (60% land, 35% building, 5% intangible assets) for the ${property.subtype} at ${street}.`,
    },
    timeline: [
      ...DEMO_GROWTH_POINTS.map((point) => ({
        date: monthsBefore(DEMO_AS_AT, point.monthsBefore),
        valuationAud: Math.round(valuation * point.share),
        lowAud: Math.round(valuationRange.min * point.share),
        highAud: Math.round(valuationRange.max * point.share),
        confidence: point.confidence,
        carriedForward: false,
      })),
      { date: DEMO_AS_AT, valuationAud: valuation, lowAud: valuationRange.min, highAud: valuationRange.max, confidence: property.confidence, carriedForward: false },
    ],
    model: { id: 'demo-sample', trainedOn: 'No training: sample figures', method: 'Fixed sample figures for demonstration' },
    dataSource: 'demo',
  };
}
