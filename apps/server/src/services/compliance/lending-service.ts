import { assessHazards, assessLoan, type ClimateInput, type LoanInput } from '@propguard/engines';
import { insertLendingAssessment, insertValuationAudit } from '@propguard/db';
import type { FinancialImpactRequest, FinancialImpactResponse, LendingAssessment } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';

/** The hazards at a place for the context's climate outlook (2050, high emissions), or why there are none (engine input). */
export function climateInputFor(context: AppContext, location: { lat: number; lng: number } | null): ClimateInput {
  const outlook = context.climateOutlook;
  if (!location) return { outlook, unavailableReason: `No coordinates for the property: the ${outlook.year} hazards cannot be assessed` };
  if (!context.hazards.ready) return { outlook, unavailableReason: `Hazard layers are not loaded: ${context.hazards.reason}` };
  return { outlook, report: assessHazards(location, context.hazards.runtime.context, outlook.scenario, outlook.year) };
}

export function toLoanInput(body: FinancialImpactRequest): LoanInput {
  return {
    // The schema refuses a body with neither field.
    valuationAud: (body.property_data.valuation ?? body.property_data.current_valuation) as number,
    loanAmountAud: body.loan_amount,
    purpose: body.purpose,
    repayment: body.repayment,
    interestRatePct: body.interest_rate_pct,
    termYears: body.term_years,
    interestOnlyYears: body.interest_only_years,
    hasLmi: body.has_lmi,
    grossAnnualIncomeAud: body.gross_annual_income,
    rentalIncomeAnnualAud: body.rental_income_annual,
    otherDebtsAud: body.other_debts,
    otherDebtRepaymentsMonthlyAud: body.other_debt_repayments_monthly,
    livingExpensesMonthlyAud: body.living_expenses_monthly,
  };
}

function dataSourcesOf(assessment: LendingAssessment, climate: ClimateInput): string[] {
  const sources = assessment.tables.map((table) => `${table.id} v${table.version}`);
  if ('report' in climate) {
    for (const hazard of climate.report.assessments) for (const data of hazard.dataUsed) if (!sources.includes(data.id)) sources.push(data.id);
  }
  return sources;
}

/** POST /api/pipeline/financial-impact-assessment: runs the engine, logs the loan and its audit row. */
/** `workspaceId`: who assessed the loan (issue 14); null when anonymous. */
export async function assessFinancialImpact(context: AppContext, body: FinancialImpactRequest, now: Date = new Date(), workspaceId: string | null = null): Promise<FinancialImpactResponse> {
  const { lat, lng, address } = body.property_data;
  const climate = climateInputFor(context, lat !== undefined && lng !== undefined ? { lat, lng } : null);
  const input = toLoanInput(body);
  const assessment = assessLoan(input, climate);
  const assessedAt = now.toISOString();
  if (!body.record) return { success: true, assessment_id: null, assessment };
  const id = await insertLendingAssessment(context.database, {
    assessedAt,
    address: address ?? null,
    valuationAud: input.valuationAud,
    loanAmountAud: input.loanAmountAud,
    lvr: assessment.lvr.ratio,
    purpose: input.purpose,
    repayment: input.repayment,
    riskWeight: assessment.capital.riskWeight,
    complianceScore: assessment.complianceScore,
    complianceStatus: assessment.complianceStatus,
    riskCategory: assessment.riskCategory,
    method: assessment.method,
    workspaceId,
  });
  await insertValuationAudit(context.database, {
    recordedAt: assessedAt,
    kind: 'loan assessment',
    subject: address ?? `valuation $${input.valuationAud.toLocaleString('en-AU')}`,
    modelVersion: assessment.method,
    inputs: body,
    dataSources: dataSourcesOf(assessment, climate),
    result: { lvr: assessment.lvr.ratio, riskWeight: assessment.capital.riskWeight, complianceScore: assessment.complianceScore, riskCategory: assessment.riskCategory },
    workspaceId,
  });
  return { success: true, assessment_id: id, assessment };
}
