import { z } from 'zod';
import { complianceStatusSchema, complianceStatusSummarySchema } from './compliance.ts';
import { climateScenarioSchema, riskLevelSchema } from './hazards.ts';

/**
 * Lending rules (DESIGN.md section 5, issue 7): the request of
 * `POST /api/pipeline/financial-impact-assessment` and the assessment the engine returns.
 * Money is whole Australian dollars; ratios are fractions (0.85 = 85%) unless a name ends in `Pct`.
 */
export const LOAN_PURPOSES = ['owner_occupier', 'investor'] as const;
export const loanPurposeSchema = z.enum(LOAN_PURPOSES);
export type LoanPurpose = z.infer<typeof loanPurposeSchema>;

export const REPAYMENT_TYPES = ['principal_and_interest', 'interest_only'] as const;
export const repaymentTypeSchema = z.enum(REPAYMENT_TYPES);
export type RepaymentType = z.infer<typeof repaymentTypeSchema>;

/** Default loan assumptions, stated in every response that used them (listings, the compliance tab). */
export const DEFAULT_LOAN_ASSUMPTIONS = {
  lvr: 0.8,
  purpose: 'owner_occupier',
  repayment: 'principal_and_interest',
  interestRatePct: 6.0,
  termYears: 30,
  interestOnlyYears: 5,
} as const;

const moneyAud = z.number().int().min(0);

export const lendingPropertySchema = z
  .object({
    valuation: z.number().int().positive().optional().describe('Valuation of the security, AUD (e.g. our AI valuation)'),
    current_valuation: z.number().int().positive().optional().describe('Same as `valuation` (the property analysis field name of SPEC.md)'),
    address: z.string().max(300).optional(),
    lat: z.number().min(-44).max(-9).optional(),
    lng: z.number().min(112).max(154).optional(),
    property_type: z.string().max(40).optional(),
  })
  .describe('The property securing the loan: a valuation is required; lat/lng enable the climate-adjusted LVR');

/** POST /api/pipeline/financial-impact-assessment (SPEC.md section 7: property_data, loan_amount). */
export const financialImpactRequestSchema = z
  .object({
    property_data: lendingPropertySchema,
    loan_amount: z.number().int().positive().describe('Loan amount, whole AUD, above 0'),
    purpose: loanPurposeSchema.default(DEFAULT_LOAN_ASSUMPTIONS.purpose),
    repayment: repaymentTypeSchema.default(DEFAULT_LOAN_ASSUMPTIONS.repayment),
    interest_rate_pct: z.number().min(0).max(25).default(DEFAULT_LOAN_ASSUMPTIONS.interestRatePct).describe('Loan interest rate, % a year'),
    term_years: z.number().int().min(1).max(40).default(DEFAULT_LOAN_ASSUMPTIONS.termYears),
    interest_only_years: z.number().int().min(1).max(15).default(DEFAULT_LOAN_ASSUMPTIONS.interestOnlyYears).describe('Interest-only period, years (used when repayment is interest_only)'),
    has_lmi: z.boolean().optional().describe('Eligible lenders mortgage insurance held; default: held whenever it is required (LVR above 80%)'),
    gross_annual_income: moneyAud.optional().describe("Borrowers' gross income, AUD a year"),
    rental_income_annual: moneyAud.optional().describe('Gross rent from the security, AUD a year (investor loans)'),
    other_debts: moneyAud.optional().describe('Balances of other debts (cards at their limit, car and personal loans), AUD'),
    other_debt_repayments_monthly: moneyAud.optional().describe('Monthly repayments on those debts, AUD; default 3% of the balances'),
    living_expenses_monthly: moneyAud.optional().describe('Declared living expenses, AUD a month'),
    record: z.boolean().default(true).describe('Log the loan in the assessed-loans portfolio and the audit trail; false for a preview'),
  })
  .superRefine((body, context) => {
    if (body.property_data.valuation === undefined && body.property_data.current_valuation === undefined) {
      context.addIssue({ code: 'custom', path: ['property_data', 'valuation'], message: 'a loan needs the valuation of its security: give property_data.valuation (AUD)' });
    }
    if ((body.property_data.lat === undefined) !== (body.property_data.lng === undefined)) {
      context.addIssue({ code: 'custom', path: ['property_data', body.property_data.lat === undefined ? 'lat' : 'lng'], message: 'give both lat and lng, or neither' });
    }
  })
  .meta({ id: 'FinancialImpactRequest' });
export type FinancialImpactRequest = z.infer<typeof financialImpactRequestSchema>;
export type FinancialImpactRequestInput = z.input<typeof financialImpactRequestSchema>;

export const tableRefSchema = z.object({ id: z.string(), version: z.string(), source: z.string() });

export const lvrThresholdsSchema = z.object({ '80_percent': z.number().int(), '90_percent': z.number().int(), '95_percent': z.number().int() });

export const nccpCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(['pass', 'fail', 'missing']),
  detail: z.string(),
});
export type NccpCheck = z.infer<typeof nccpCheckSchema>;

/**
 * The lending score's scale and direction, stated wherever the score is shown (issue 28): a safety
 * score, 100 with nothing deducted; every deduction is a risk, so a higher LVR never raises it.
 */
export const LENDING_SCORE_SCALE = '0-100, higher = safer';

export const scoreDeductionSchema = z.object({ rule: z.string(), points: z.number().int() });

export const lendingAssessmentSchema = z
  .object({
    method: z.string().describe('e.g. "lending-v1" (docs/methodology/lending.md)'),
    inputs: z.object({
      valuationAud: z.number().int(),
      loanAmountAud: z.number().int(),
      purpose: loanPurposeSchema,
      repayment: repaymentTypeSchema,
      interestRatePct: z.number(),
      termYears: z.number().int(),
      interestOnlyYears: z.number().int().nullable(),
      hasLmi: z.boolean(),
      grossAnnualIncomeAud: z.number().int().nullable(),
      rentalIncomeAnnualAud: z.number().int().nullable(),
      otherDebtsAud: z.number().int(),
      livingExpensesMonthlyAud: z.number().int().nullable(),
    }),
    assumptions: z.array(z.string()).describe('Every default or assumption this assessment used, in words'),
    lvr: z.object({
      ratio: z.number(),
      percent: z.number(),
      band: z.string().describe('APS 112 LVR band, e.g. "80-90%"'),
      isWithinResidentialLimit: z.boolean().describe('At or below 80% (SPEC.md section 9: residential LVR limit 0.8)'),
      thresholds: lvrThresholdsSchema.describe('Loan amounts at 80, 90 and 95% of the valuation'),
    }),
    lmi: z.object({ isRequired: z.boolean(), isHeld: z.boolean(), detail: z.string() }),
    capital: z.object({
      loanClass: z.string().describe('e.g. "Standard, owner-occupied, principal and interest"'),
      riskWeightWithoutLmi: z.number(),
      riskWeightWithLmi: z.number(),
      riskWeight: z.number().describe('The weight applied (with LMI when held)'),
      riskWeightedAssetsAud: z.number().int(),
      minimumCapitalRatio: z.number(),
      minimumCapitalAud: z.number().int(),
      table: tableRefSchema,
    }),
    serviceability: z.object({
      isAssessed: z.boolean(),
      reason: z.string().nullable(),
      bufferPp: z.number(),
      assessmentRatePct: z.number(),
      monthlyRepaymentAud: z.number().int().describe('At the loan rate'),
      assessedMonthlyRepaymentAud: z.number().int().describe('At the assessment rate, principal and interest'),
      netMonthlyIncomeAud: z.number().int().nullable(),
      livingExpensesMonthlyAud: z.number().int().nullable(),
      livingExpenseBasis: z.string().nullable(),
      otherDebtRepaymentsMonthlyAud: z.number().int(),
      monthlySurplusAud: z.number().int().nullable().describe('Negative: a shortfall'),
      passes: z.boolean().nullable(),
    }),
    dti: z.object({
      isAssessed: z.boolean(),
      ratio: z.number().nullable(),
      isHighDti: z.boolean().nullable().describe('DTI at or above 6'),
      threshold: z.number(),
      detail: z.string(),
    }),
    nccp: z.object({ assessed: z.array(nccpCheckSchema), missing: z.array(nccpCheckSchema) }),
    climate: z.object({
      isAvailable: z.boolean(),
      reason: z.string().nullable(),
      scenario: climateScenarioSchema.nullable().describe('The outlook the engine was given (the product policy: high); null when none was'),
      year: z.number().int().nullable().describe('The outlook year the engine was given (the product policy: 2050); null when none was'),
      expectedAnnualDamagePct: z.number().nullable().describe('% of the building replacement cost a year, summed over the hazards with data'),
      valueAdjustmentAud: z.number().int().nullable(),
      climateAdjustedValueAud: z.number().int().nullable(),
      climateAdjustedLvr: z.number().nullable(),
      hazardLevel: riskLevelSchema.nullable(),
      method: z.string(),
    }),
    riskCategory: riskLevelSchema,
    riskPoints: z.array(scoreDeductionSchema).describe('What raised the risk category'),
    complianceScore: z.number().int().min(0).max(100).describe('Lending safety score: 0-100, higher = safer (100 minus the deductions)'),
    complianceScoreScale: z.string().describe('The score\'s scale and direction in words: "0-100, higher = safer"'),
    complianceFormula: z.string(),
    complianceDeductions: z.array(scoreDeductionSchema),
    complianceStatus: complianceStatusSchema.describe('The loan\'s checks together: compliant only when every LVR, NCCP and APS 112 check ran and passed'),
    complianceStatusLabel: z.string().describe('The status in words: "Compliant", "Review required" or "Not fully checked"'),
    statuses: z.object({
      lvr: complianceStatusSummarySchema.describe('LVR at or below 80% or LMI held; loan within the value'),
      nccp: complianceStatusSummarySchema.describe('The NCCP responsible-lending checks of this loan'),
      basel3: complianceStatusSummarySchema.describe('APS 112 capital of this loan'),
    }),
    tables: z.array(tableRefSchema),
  })
  .meta({ id: 'LendingAssessment' });
export type LendingAssessment = z.infer<typeof lendingAssessmentSchema>;

export const financialImpactResponseSchema = z
  .object({
    success: z.literal(true),
    assessment_id: z.number().int().nullable().describe('Row in the loans-assessed log (portfolio distribution); null when not stored'),
    assessment: lendingAssessmentSchema,
  })
  .meta({ id: 'FinancialImpactResponse' });
export type FinancialImpactResponse = z.infer<typeof financialImpactResponseSchema>;
