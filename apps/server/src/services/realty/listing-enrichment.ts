import { assessDefaultLoan, assessHazards, DEFAULT_LOAN_TEXT, resolveAsAt, valuePoint } from '@propguard/engines';
import { HAZARD_YEAR_MIN, type ClimateOutlook, type Listing } from '@propguard/schemas';
import type { SaleListingRow } from '@propguard/db';
import type { HazardRuntimeState } from '../hazards/hazard-runtime.ts';
import type { ValuationRuntimeState } from '../valuation/valuation-runtime.ts';

/** What our engines add to a listing: valuation, hazard risk, LVR thresholds, and why a part is missing. */
export type ListingEnrichment = Pick<Listing, 'propguard_valuation' | 'propguard_risk' | 'propguard_compliance' | 'unavailable'>;

type ValuationRuntime = Extract<ValuationRuntimeState, { ready: true }>['runtime'];

/** The listing's property valued as at its market's latest sale (the valuation date rule), its own sale anchoring it. */
function valueListingRow(row: SaleListingRow, lat: number, lng: number, runtime: ValuationRuntime) {
  return valuePoint(runtime.model, runtime.index, {
    lat,
    address: row.address,
    lng,
    state: row.state,
    suburb: row.suburb,
    postcode: row.postcode,
    propertyType: row.propertyType,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    carSpaces: row.carSpaces,
    landSizeM2: row.landSizeM2,
    buildingSizeM2: row.buildingSizeM2,
    yearBuilt: row.yearBuilt,
  }, resolveAsAt(runtime.index, row.state).asAt);
}

/** The AI valuation against the recorded price, as a share (0.05: valued 5% above the price). */
function valuationGap(estimate: number, priceAud: number | null): number | null {
  return priceAud ? Math.round((estimate / priceAud - 1) * 1000) / 1000 : null;
}

/** The valuation gap alone (no hazards, no lending), for ranking a window of sales; NaN where there is none. */
export function computeValuationGap(row: SaleListingRow, valuation: ValuationRuntimeState): number {
  if (!valuation.ready || row.lat === null || row.lng === null) return Number.NaN;
  return valuationGap(valueListingRow(row, row.lat, row.lng, valuation.runtime).estimate, row.priceAud) ?? Number.NaN;
}

/** Values and assesses one sale's property (pure computation on the loaded runtimes). */
export function computeListingEnrichment(row: SaleListingRow, valuation: ValuationRuntimeState, hazards: HazardRuntimeState, outlook: ClimateOutlook): ListingEnrichment {
  const unavailable: Record<string, string> = {};
  const enrichment: ListingEnrichment = { unavailable };
  if (row.lat === null || row.lng === null) {
    unavailable.propguard_valuation = 'This sale has no coordinates';
    unavailable.propguard_risk = 'This sale has no coordinates';
    return enrichment;
  }
  if (valuation.ready) {
    const { model, index } = valuation.runtime;
    const point = valueListingRow(row, row.lat, row.lng, valuation.runtime);
    enrichment.propguard_valuation = {
      ai_valuation: point.estimate,
      confidence_score: point.confidence / 100,
      valuation_range: { min: point.low, max: point.high },
      as_at: resolveAsAt(index, row.state).asAt,
      model_id: model.id,
      valuation_gap: valuationGap(point.estimate, row.priceAud),
    };
    // The lending-rules engine on the default loan; the outlook's hazards (2050, high) give the climate-adjusted LVR.
    const climate = hazards.ready
      ? { outlook, report: assessHazards({ lat: row.lat, lng: row.lng }, hazards.runtime.context, outlook.scenario, outlook.year) }
      : { outlook, unavailableReason: hazards.reason };
    const loan = assessDefaultLoan(point.estimate, climate);
    enrichment.propguard_compliance = {
      lvr_thresholds: loan.lvr.thresholds,
      apra_cps230_compliant: loan.complianceStatus === 'compliant',
      risk_category: loan.riskCategory,
      compliance_score: loan.complianceScore,
      nccp_act_compliant: null,
      basel_iii_compliant: loan.capital.riskWeight <= 1 && loan.lvr.ratio <= 1,
      risk_weight: loan.capital.riskWeight,
      climate_adjusted_lvr: loan.climate.climateAdjustedLvr,
      assumptions: DEFAULT_LOAN_TEXT,
      method: loan.method,
    };
  } else {
    unavailable.propguard_valuation = valuation.reason;
  }
  if (hazards.ready) {
    const report = assessHazards({ lat: row.lat, lng: row.lng }, hazards.runtime.context, outlook.scenario, HAZARD_YEAR_MIN);
    const score = (id: string) => {
      const assessment = report.assessments.find((item) => item.hazard === id);
      return assessment && assessment.hasData ? assessment.score / 100 : null;
    };
    enrichment.propguard_risk = {
      risk_grade: report.overall.level,
      overall_score: report.overall.score / 100,
      climate_risks: { flood: score('flood'), fire: score('fire'), coastal: score('coastal'), geological: score('subsidence'), cyclone: score('cyclone'), earthquake: score('earthquake') },
      method: report.overall.method,
    };
  } else {
    unavailable.propguard_risk = hazards.reason;
  }
  return enrichment;
}

/**
 * Computed listing enrichments by sale id, least recently used dropped first, with hit and miss
 * counts (GET /api/realty/cache/status). The sales and the model do not change while the server
 * runs, so an entry never goes stale; POST /api/realty/cache/clear empties it.
 */
export class ListingEnrichmentCache {
  private readonly entries = new Map<number, ListingEnrichment>();
  hits = 0;
  misses = 0;
  clearedAt: string | null = null;

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The cached enrichment without counting a hit or a miss, or undefined. */
  peek(saleId: number): ListingEnrichment | undefined {
    return this.entries.get(saleId);
  }

  getOrCompute(saleId: number, compute: () => ListingEnrichment): ListingEnrichment {
    const cached = this.entries.get(saleId);
    if (cached) {
      this.hits += 1;
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this.entries.delete(saleId);
      this.entries.set(saleId, cached);
      return cached;
    }
    this.misses += 1;
    const computed = compute();
    this.entries.set(saleId, computed);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return computed;
  }

  clear(now: Date): number {
    const cleared = this.entries.size;
    this.entries.clear();
    this.hits = 0;
    this.misses = 0;
    this.clearedAt = now.toISOString();
    return cleared;
  }
}
