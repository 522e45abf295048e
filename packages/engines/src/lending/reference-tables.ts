/**
 * Versioned reference tables of the lending-rules engine (issue 7). Each names its source and
 * edition and is parsed with a schema when the module loads; every assessment lists the tables and
 * versions it used (docs/methodology/lending.md).
 *
 * VERIFICATION STATUS (read before relying on a figure): APRA's own text of APS 112 (2023),
 * Attachment A, could not be retrieved while this table was written (no network; the reference
 * search found APRA's index page for APS 112 and third-party copies, not the table itself). The
 * risk weights below are a third-party reading, NOT verified against APRA's text. The same holds for
 * the APS 110 minimum capital ratio and the tax scale. Figures marked "PropGuard assumption" are our
 * modelling choices, not published values.
 */
import { z } from 'zod';

const tableRefFields = {
  id: z.string(),
  version: z.string(),
  source: z.string(),
  verification: z.string(),
};

/** Upper bounds (inclusive, LVR as a fraction) of the APS 112 LVR bands; the last band is open. */
const riskWeightTableSchema = z.object({
  ...tableRefFields,
  bandUpperBounds: z.array(z.number().positive()),
  bandLabels: z.array(z.string()),
  ownerOccupiedPrincipalAndInterest: z.object({ withoutLmi: z.array(z.number()), withLmi: z.array(z.number()) }),
  other: z.object({ withoutLmi: z.array(z.number()), withLmi: z.array(z.number()) }),
}).superRefine((table, context) => {
  const bands = table.bandUpperBounds.length + 1;
  for (const [name, weights] of [
    ['bandLabels', table.bandLabels],
    ['ownerOccupiedPrincipalAndInterest.withoutLmi', table.ownerOccupiedPrincipalAndInterest.withoutLmi],
    ['ownerOccupiedPrincipalAndInterest.withLmi', table.ownerOccupiedPrincipalAndInterest.withLmi],
    ['other.withoutLmi', table.other.withoutLmi],
    ['other.withLmi', table.other.withLmi],
  ] as const) {
    if (weights.length !== bands) context.addIssue({ code: 'custom', message: `${name} needs ${bands} entries` });
  }
});
export type RiskWeightTable = z.infer<typeof riskWeightTableSchema>;

/**
 * APS 112 (2023), Attachment A: risk weights of standard residential mortgages by LVR band.
 * Third-party reading (as given in issue 7): owner-occupied principal-and-interest 20/25/30/35/50/70/85
 * for LVR <=50, 50-60, 60-70, 70-80, 80-90, 90-100, >100; with eligible LMI 40/55/70 above 80%;
 * other standard loans (investor, or interest only) 25/30/40/45/65/85/105. The reading gives no
 * LMI-reduced weights for other loans, so PropGuard applies none to them. At or below 80% LVR LMI
 * does not change the weight.
 */
export const APS112_RISK_WEIGHTS: RiskWeightTable = riskWeightTableSchema.parse({
  id: 'aps112-2023-attachment-a-residential',
  version: '1',
  source: 'APRA Prudential Standard APS 112 Capital Adequacy: Standardised Approach to Credit Risk (January 2023), Attachment A, standard residential mortgages',
  verification: 'third-party reading, not verified against APRA\'s text',
  bandUpperBounds: [0.5, 0.6, 0.7, 0.8, 0.9, 1.0],
  bandLabels: ['0-50%', '50-60%', '60-70%', '70-80%', '80-90%', '90-100%', 'above 100%'],
  ownerOccupiedPrincipalAndInterest: {
    withoutLmi: [0.2, 0.25, 0.3, 0.35, 0.5, 0.7, 0.85],
    withLmi: [0.2, 0.25, 0.3, 0.35, 0.4, 0.55, 0.7],
  },
  other: {
    withoutLmi: [0.25, 0.3, 0.4, 0.45, 0.65, 0.85, 1.05],
    withLmi: [0.25, 0.3, 0.4, 0.45, 0.65, 0.85, 1.05],
  },
});

const lendingParametersSchema = z.object({
  ...tableRefFields,
  lmiRequiredAboveLvr: z.number(),
  residentialLvrLimit: z.number(),
  serviceabilityBufferPp: z.number(),
  highDtiThreshold: z.number(),
  minimumTotalCapitalRatio: z.number(),
  livingExpenseFloorMonthlyAud: z.number().int(),
  otherDebtRepaymentRateMonthly: z.number(),
  rentalIncomeShading: z.number(),
});
export type LendingParameters = z.infer<typeof lendingParametersSchema>;

/**
 * Thresholds and lender assumptions, each with its source:
 * - LMI above 80% LVR, residential LVR limit 0.8: SPEC.md section 9 and common Australian lender practice.
 * - Serviceability buffer 3 percentage points: APRA APG 223 Residential Mortgage Lending (buffer of at
 *   least 3 pp over the loan rate, since October 2021) - third-party reading, not verified.
 * - DTI >= 6: APRA's macroprudential limit on the share of new lending at a debt-to-income ratio of
 *   6 or more, from February 2026 (as stated in issue 7) - not verified against APRA's text.
 * - Minimum total capital 8% of risk-weighted assets: APS 110 Capital Adequacy (2023) - third-party
 *   reading, not verified. Lenders hold buffers above it; the figure is the regulatory minimum.
 * - Living-expense floor $2,600 a month: PropGuard assumption (the HEM benchmark lenders use is a
 *   licensed Melbourne Institute series we do not ship); the greater of declared and floor is used.
 * - Other debts repaid at 3% of the balance a month when no repayment is given: PropGuard assumption
 *   after common lender practice for card limits.
 * - Rent shaded to 80%: PropGuard assumption after common lender practice (vacancy and costs).
 */
export const LENDING_PARAMETERS: LendingParameters = lendingParametersSchema.parse({
  id: 'lending-parameters',
  version: '1',
  source: 'APG 223 (3 pp buffer); APRA DTI>=6 limit (Feb 2026); APS 110 (8% total capital); SPEC.md section 9 (LVR 0.8); PropGuard assumptions (living-expense floor, debt repayment 3%/month, rent shading 80%)',
  verification: 'third-party reading, not verified against APRA\'s text',
  lmiRequiredAboveLvr: 0.8,
  residentialLvrLimit: 0.8,
  serviceabilityBufferPp: 3,
  highDtiThreshold: 6,
  minimumTotalCapitalRatio: 0.08,
  livingExpenseFloorMonthlyAud: 2600,
  otherDebtRepaymentRateMonthly: 0.03,
  rentalIncomeShading: 0.8,
});

const taxScaleSchema = z.object({
  ...tableRefFields,
  /** [threshold AUD, marginal rate above it], ascending. */
  brackets: z.array(z.tuple([z.number().int().min(0), z.number().min(0).max(1)])),
  medicareLevy: z.number().min(0).max(0.1),
});
export type TaxScale = z.infer<typeof taxScaleSchema>;

/**
 * Resident individual income tax 2024-25 (ATO): nil to $18,200; 16% to $45,000; 30% to $135,000;
 * 37% to $190,000; 45% above; Medicare levy 2%. Offsets are ignored (conservative). Third-party
 * reading, not verified against the ATO's text in this session.
 */
export const TAX_SCALE_2024_25: TaxScale = taxScaleSchema.parse({
  id: 'ato-resident-tax-2024-25',
  version: '1',
  source: 'ATO individual income tax rates, Australian residents 2024-25, plus the 2% Medicare levy',
  verification: 'third-party reading, not verified',
  brackets: [[0, 0], [18_200, 0.16], [45_000, 0.3], [135_000, 0.37], [190_000, 0.45]],
  medicareLevy: 0.02,
});

const climateValueSchema = z.object({
  ...tableRefFields,
  buildingShare: z.number().min(0).max(1),
  discountRate: z.number().min(0),
  horizonYears: z.number().int().positive(),
});

/**
 * Climate-adjusted value (PropGuard method): the building's 2050 expected annual damage under the
 * high scenario, capitalised as an annuity over 30 years at 5% (factor 15.37), is taken off the
 * valuation. Building share 35% of the value: the hazard engine's assumption (BUILDING_VALUE_SHARE).
 */
export const CLIMATE_VALUE_PARAMETERS = climateValueSchema.parse({
  id: 'climate-value-adjustment',
  version: '1',
  source: 'PropGuard assumption: capitalised expected annual damage (hazard engine ead-bands v1, 2050 high scenario), building share 35%, 5% over 30 years',
  verification: 'PropGuard assumption',
  buildingShare: 0.35,
  discountRate: 0.05,
  horizonYears: 30,
});

export interface PublicTableRef {
  id: string;
  version: string;
  source: string;
}

export function toTableRef(table: { id: string; version: string; source: string; verification: string }): PublicTableRef {
  return { id: table.id, version: table.version, source: `${table.source} (${table.verification})` };
}
