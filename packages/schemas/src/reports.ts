import { z } from 'zod';
import { listingIdSchema } from './realty.ts';
import { subjectRequestSchema } from './valuation.ts';
import { riskLevelSchema } from './hazards.ts';
import { formatLocality, formatPlaceName } from './format.ts';

/**
 * Valuation reports (issue 8): built from a fresh analysis, stored once and never changed, with
 * a SHA-256 of their content that anyone can check a downloaded copy against.
 */
export const REPORT_TEMPLATES = ['full-valuation', 'climate-risk', 'lending-summary'] as const;
export const reportTemplateSchema = z.enum(REPORT_TEMPLATES);
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

export const REPORT_SECTIONS = ['property', 'valuation', 'comparables', 'risk', 'mitigation', 'market', 'compliance', 'certificate'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/** What each template includes (the sections a lender files for each purpose). */
export const REPORT_TEMPLATE_INFO: Readonly<Record<ReportTemplate, { title: string; description: string; sections: readonly ReportSection[] }>> = {
  'full-valuation': {
    title: 'Full Valuation Report',
    description: 'Valuation with its range and method, comparable sales, hazards and mitigation, market and lending figures, and the certificate.',
    sections: REPORT_SECTIONS,
  },
  'climate-risk': {
    title: 'Climate Risk Report',
    description: 'The six hazards with the facts behind each, projections and the mitigation plan, with the valuation they are priced against.',
    sections: ['property', 'valuation', 'risk', 'mitigation', 'certificate'],
  },
  'lending-summary': {
    title: 'Lending Summary',
    description: 'Valuation range, LVR thresholds and the hazard grade: the one page a credit committee reads first.',
    sections: ['property', 'valuation', 'risk', 'compliance', 'certificate'],
  },
};

/** POST /api/realty/valuation-report: a listing (SPEC.md) or an address (the dashboard's analysis). */
export const generateReportRequestSchema = z
  .object({
    listing_id: listingIdSchema.optional(),
    address: z.string().trim().min(3).max(200).optional(),
    subject: subjectRequestSchema
      .optional()
      .describe('The `subject` of the valuation the screen shows (ValuationResult.subject): the report is built from that same analysis'),
    expected: z
      .object({ estimate: z.number().int(), as_at: z.string(), model_id: z.string() })
      .optional()
      .describe('The figures the screen shows: a report whose analysis differs is refused with 409 instead of contradicting the screen'),
    template: reportTemplateSchema.default('full-valuation'),
    include_blockchain: z.boolean().default(true).describe('Kept from SPEC.md: the certificate section says whether the hash is anchored on chain yet'),
    loan_amount: z.number().int().positive().max(1_000_000_000).optional().describe('Assess this loan amount (default terms) instead of the default 80% loan'),
  })
  .refine((body) => [body.listing_id, body.address, body.subject].filter((value) => value !== undefined).length === 1, {
    message: 'give one of listing_id, address or subject',
    path: ['listing_id'],
  })
  .meta({ id: 'GenerateReportRequest' });
export type GenerateReportRequest = z.infer<typeof generateReportRequestSchema>;
/** The body a client sends (defaults not yet applied). */
export type GenerateReportRequestInput = z.input<typeof generateReportRequestSchema>;

const hazardLineSchema = z.object({
  hazard: z.string(),
  label: z.string(),
  score: z.number().int().nullable().describe('null where no data set covers the place'),
  level: riskLevelSchema.nullable(),
  factors: z.array(z.string()),
});

/**
 * A mitigation measure as a report states it. `payback`, `protects_against` and `cost_assumptions`
 * (issue 33) are absent from reports issued before them; such a report keeps its own words.
 */
const reportMitigationSchema = z.object({
  type: z.string(),
  priority: z.string(),
  cost_aud: z.number().int(),
  roi_years: z.number().nullable(),
  payback: z.string().optional().describe('The payback in words, e.g. "Does not pay for itself within 30 years"'),
  protects_against: z.string().optional(),
  cost_assumptions: z.string().optional(),
  actions: z.array(z.string()),
});
export type ReportMitigation = z.infer<typeof reportMitigationSchema>;

/**
 * The payback line of a report's measure: the engine's words, or for a report issued before them
 * the figure as it was printed.
 * @example reportPaybackText({ payback: 'Does not pay for itself within 30 years', roi_years: 151.9 }) // 'Does not pay for itself within 30 years'
 */
export function reportPaybackText(item: Pick<ReportMitigation, 'payback' | 'roi_years'>): string {
  if (item.payback) return item.payback;
  return item.roi_years === null ? 'Payback not computed' : `Payback ${item.roi_years.toFixed(1)} years`;
}

/** The report's content: what the hash covers. */
export const reportContentSchema = z.object({
  template: reportTemplateSchema,
  title: z.string(),
  sections: z.array(z.string()),
  property_details: z.object({
    listing_id: z.string().nullable(),
    address: z.string(),
    suburb: z.string().nullable(),
    state: z.string().nullable(),
    postcode: z.string().nullable(),
    property_type: z.string().nullable(),
    lat: z.number(),
    lng: z.number(),
    bedrooms: z.number().nullable(),
    bathrooms: z.number().nullable(),
    land_size_m2: z.number().nullable(),
    assumed: z.array(z.string()),
    subject: subjectRequestSchema
      .optional()
      .describe('The request the analysis was resolved from (the screen\'s ValuationResult.subject): the same request gives the same figures (reports issued before it have none)'),
  }),
  comprehensive_analysis: z.object({
    ai_valuation: z.number().int(),
    conservative_value: z.number().int().describe('Low end of the calibrated 80% range'),
    optimistic_value: z.number().int().describe('High end of the calibrated 80% range'),
    confidence_level: z.number().int(),
    confidence_label: z.string(),
    fsd_pct: z.number().optional().describe('Forecast standard deviation, % (reports issued before issue 31 have none)'),
    as_at: z.string(),
    carry_forward: z.string().nullable().optional().describe("How the value was carried from the market's last local sale to as_at by the ABS series (null: valued at its own data)"),
    methodology: z.string(),
    model_id: z.string(),
    factors: z.array(z.object({ label: z.string(), contribution_aud: z.number().int() })),
    comparable_properties: z.array(z.object({ address: z.string(), sale_date: z.string(), distance_km: z.number(), price: z.number().int(), time_adjusted_price: z.number().int() })),
  }),
  risk_assessment: z.object({
    overall_risk: riskLevelSchema,
    overall_score: z.number().int(),
    method: z.string(),
    hazards: z.array(hazardLineSchema),
    risk_factors: z.array(z.string()),
    mitigation_strategies: z.array(reportMitigationSchema),
    climate_2050_high: z.object({ overall_score: z.number().int(), overall_risk: riskLevelSchema }),
  }),
  market_analysis: z.object({
    available: z.boolean(),
    note: z.string(),
    // The suburb market figures (issue 6), when the market engine had sales for the place.
    location: z.string().optional(),
    as_at: z.string().optional(),
    median_price: z.number().int().nullable().optional(),
    price_growth_yoy: z.number().nullable().optional(),
    sales_volume: z.number().int().optional(),
    auction_clearance_rate: z.number().nullable().optional(),
    price_trend: z.string().optional(),
    market_heat: z.string().optional(),
    sentiment_score: z.number().optional(),
    sentiment_trend: z.string().optional(),
    summary: z.string().optional(),
    flags: z.array(z.string()).optional(),
  }),
  compliance: z.object({
    lvr_thresholds: z.object({ '80_percent': z.number().int(), '90_percent': z.number().int(), '95_percent': z.number().int() }),
    note: z.string(),
    // The lending-rules engine (issue 7) on the stated default loan.
    default_loan: z
      .object({
        loan_amount: z.number().int(),
        lvr_percent: z.number(),
        lmi_required: z.boolean(),
        risk_weight: z.number(),
        risk_weight_without_lmi: z.number(),
        risk_weighted_assets: z.number().int(),
        minimum_capital: z.number().int(),
        climate_adjusted_value_2050: z.number().int().nullable(),
        climate_adjusted_lvr_2050: z.number().nullable(),
        risk_category: z.string(),
        compliance_score: z.number().int(),
        assumptions: z.string(),
        table_verification: z.string(),
      })
      .optional(),
  }),
  compliance_certificate: z.object({
    certificate_id: z.string(),
    apra_compliant: z.null().describe('Not asserted: the lending-rules checks decide it once they exist'),
    blockchain_hash: z.string().nullable(),
    note: z.string(),
  }),
  data_versions: z.record(z.string(), z.string()).describe('Data set -> SHA-256 of the loaded file (from the ingest record)'),
});
export type ReportContent = z.infer<typeof reportContentSchema>;

export const storedReportSchema = z
  .object({
    report_id: z.string(),
    generated_at: z.string(),
    generation_ms: z.number().int(),
    template: reportTemplateSchema,
    title: z.string(),
    status: z.literal('Complete'),
    content_hash: z.string().describe('SHA-256 (hex) of the canonical JSON of `content`'),
    pdf_sha256: z.string(),
    pdf_bytes: z.number().int(),
    pdf_pages: z.number().int(),
    content: reportContentSchema,
  })
  .meta({ id: 'StoredReport' });
export type StoredReport = z.infer<typeof storedReportSchema>;

export const reportSummarySchema = storedReportSchema.omit({ content: true }).extend({
  property: z.string(),
  valuation: z.number().int(),
  listing_id: z.string().nullable(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportResponseSchema = z.object({ success: z.literal(true), report: storedReportSchema }).meta({ id: 'ReportResponse' });
export const reportListResponseSchema = z.object({ success: z.literal(true), reports: z.array(reportSummarySchema), total: z.number().int() }).meta({ id: 'ReportList' });
export const reportListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50), offset: z.coerce.number().int().min(0).default(0) });
export const reportParamsSchema = z.object({ reportId: z.string().min(1).max(100) });

export const verifyQuerySchema = z.object({ hash: z.string().trim().regex(/^[0-9a-fA-F]{64}$/, 'must be a SHA-256 in hex (64 characters)') });
export const verifyResponseSchema = z
  .object({
    success: z.literal(true),
    report_id: z.string(),
    matches: z.boolean(),
    matched: z.enum(['content', 'pdf']).nullable().describe('Which stored hash the given one equals'),
    content_hash: z.string(),
    pdf_sha256: z.string(),
  })
  .meta({ id: 'VerifyReport' });
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;

export const reportAnalyticsSchema = z
  .object({
    success: z.literal(true),
    analytics: z.object({
      reports: z.number().int(),
      by_template: z.record(z.string(), z.number().int()),
      average_generation_ms: z.number().nullable(),
      average_pdf_pages: z.number().nullable(),
      model_holdout: z.object({ model_id: z.string(), mdape: z.number(), ppe10: z.number(), note: z.string() }).nullable(),
    }),
  })
  .meta({ id: 'ReportAnalytics' });
export type ReportAnalytics = z.infer<typeof reportAnalyticsSchema>['analytics'];

/**
 * A report's title as the screen and the PDF show it: the template's title and the property's
 * address in formatPlaceName's case (issue 34). The stored content keeps the source's case.
 * @example formatReportTitle({ template: 'valuation', property_details: { address: '12 SMITH ST, BONDI NSW 2026', ... } }) // 'Property Valuation Report: 12 Smith St, Bondi NSW 2026'
 */
export function formatReportTitle(content: Pick<ReportContent, 'template' | 'property_details'>): string {
  const { address, suburb, state, postcode } = content.property_details;
  return `${REPORT_TEMPLATE_INFO[content.template].title}: ${formatPlaceName(address) ?? formatLocality({ suburb, state, postcode })}`;
}
