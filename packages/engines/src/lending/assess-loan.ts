/**
 * The lending-rules engine (DESIGN.md section 5, issue 7): LVR, LMI, APS 112 risk weight and
 * capital, APG 223 serviceability, DTI, NCCP checks, climate-adjusted LVR, risk category, a lending
 * safety score (0-100, higher = safer) and the loan's LVR, NCCP and APS 112 statuses
 * (compliance/statuses.ts). Pure: every input, table and hazard report is passed in.
 */
import type { ClimateOutlook, HazardReport, LendingAssessment, LoanPurpose, NccpCheck, RepaymentType, RiskLevel } from '@propguard/schemas';
import { COMPLIANCE_STATUS_LABELS, LENDING_SCORE_SCALE, riskLevelFor } from '@propguard/schemas';
import { loanStatuses } from '../compliance/statuses.ts';
import { eadPctForScore } from '../hazards/reference-tables.ts';
import {
  APS112_RISK_WEIGHTS,
  CLIMATE_VALUE_PARAMETERS,
  LENDING_PARAMETERS,
  TAX_SCALE_2024_25,
  toTableRef,
  type LendingParameters,
  type RiskWeightTable,
  type TaxScale,
} from './reference-tables.ts';

export const LENDING_METHOD = 'lending-v1';

export interface LoanInput {
  valuationAud: number;
  loanAmountAud: number;
  purpose: LoanPurpose;
  repayment: RepaymentType;
  interestRatePct: number;
  termYears: number;
  /** Interest-only period, years (used when repayment is interest only). */
  interestOnlyYears: number;
  /** Eligible LMI held; undefined: held whenever required. */
  hasLmi?: boolean | undefined;
  grossAnnualIncomeAud?: number | undefined;
  rentalIncomeAnnualAud?: number | undefined;
  otherDebtsAud?: number | undefined;
  otherDebtRepaymentsMonthlyAud?: number | undefined;
  livingExpensesMonthlyAud?: number | undefined;
}

/**
 * The climate outlook (CLIMATE_OUTLOOK of packages/schemas: 2050, high emissions) and the security's
 * hazard report for it, or why there is none. The result is labelled with this outlook.
 */
export type ClimateInput = { outlook: ClimateOutlook } & ({ report: HazardReport } | { unavailableReason: string });

export interface LendingTables {
  riskWeights: RiskWeightTable;
  parameters: LendingParameters;
  taxScale: TaxScale;
}

export const DEFAULT_LENDING_TABLES: LendingTables = { riskWeights: APS112_RISK_WEIGHTS, parameters: LENDING_PARAMETERS, taxScale: TAX_SCALE_2024_25 };

const round2 = (value: number) => Math.round(value * 100) / 100;
const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Loan-to-value ratio as a fraction.
 * @example computeLvr(850_000, 1_000_000) // 0.85
 */
export function computeLvr(loanAmountAud: number, valuationAud: number): number {
  return loanAmountAud / valuationAud;
}

/**
 * Loan amounts (whole AUD) at 80, 90 and 95% of a valuation (SPEC.md section 9).
 * @example lvrThresholds(1_000_000) // { '80_percent': 800000, '90_percent': 900000, '95_percent': 950000 }
 */
export function lvrThresholds(valuationAud: number): { '80_percent': number; '90_percent': number; '95_percent': number } {
  return { '80_percent': Math.round(valuationAud * 0.8), '90_percent': Math.round(valuationAud * 0.9), '95_percent': Math.round(valuationAud * 0.95) };
}

/** Index of the APS 112 LVR band of an LVR (upper bounds inclusive: 80% exactly is the 70-80% band). */
export function lvrBandIndex(lvr: number, table: RiskWeightTable = APS112_RISK_WEIGHTS): number {
  // A small tolerance so that 800,000 / 1,000,000 computed in floating point stays in 70-80%.
  const index = table.bandUpperBounds.findIndex((bound) => lvr <= bound + 1e-9);
  return index === -1 ? table.bandUpperBounds.length : index;
}

/**
 * The band of a loan in whole dollars: the loan at an LVR bound is rounded to the dollar (as the
 * thresholds are), so a loan of round(80% x valuation) is in the 70-80% band, never in 80-90%.
 * @example loanBandIndex(987_654, 1_234_567) // 3 (70-80%)
 */
export function loanBandIndex(loanAmountAud: number, valuationAud: number, table: RiskWeightTable = APS112_RISK_WEIGHTS): number {
  const index = table.bandUpperBounds.findIndex((bound) => loanAmountAud <= Math.round(valuationAud * bound));
  return index === -1 ? table.bandUpperBounds.length : index;
}

function weightAt(bandIndex: number, purpose: LoanPurpose, repayment: RepaymentType, hasLmi: boolean, table: RiskWeightTable): number {
  const column = purpose === 'owner_occupier' && repayment === 'principal_and_interest' ? table.ownerOccupiedPrincipalAndInterest : table.other;
  return (hasLmi ? column.withLmi : column.withoutLmi)[bandIndex] as number;
}

/**
 * APS 112 risk weight of a standard residential mortgage (Attachment A; third-party reading, see
 * reference-tables.ts). Owner-occupied principal-and-interest loans have their own column; investor
 * and interest-only loans are "other".
 * @example riskWeightFor(0.85, 'owner_occupier', 'principal_and_interest', false) // 0.5
 * @example riskWeightFor(0.85, 'owner_occupier', 'principal_and_interest', true) // 0.4
 */
export function riskWeightFor(lvr: number, purpose: LoanPurpose, repayment: RepaymentType, hasLmi: boolean, table: RiskWeightTable = APS112_RISK_WEIGHTS): number {
  return weightAt(lvrBandIndex(lvr, table), purpose, repayment, hasLmi, table);
}

/**
 * Monthly repayment of a principal-and-interest loan (annuity): P r / (1 - (1 + r)^-n), r the
 * monthly rate, n the months; P / n at a zero rate.
 * @example monthlyRepayment(500_000, 6, 30) // 2997.75
 */
export function monthlyRepayment(principalAud: number, ratePct: number, termYears: number): number {
  const months = termYears * 12;
  const rate = ratePct / 100 / 12;
  if (rate === 0) return principalAud / months;
  return (principalAud * rate) / (1 - (1 + rate) ** -months);
}

/**
 * Net annual income after resident income tax and the Medicare levy (offsets ignored).
 * @example netAnnualIncome(100_000) // 100,000 - 20,788 tax - 2,000 levy = 77,212
 */
export function netAnnualIncome(grossAud: number, scale: TaxScale = TAX_SCALE_2024_25): number {
  let tax = 0;
  scale.brackets.forEach(([threshold, rate], index) => {
    const next = scale.brackets[index + 1]?.[0] ?? Number.POSITIVE_INFINITY;
    if (grossAud > threshold) tax += (Math.min(grossAud, next) - threshold) * rate;
  });
  return grossAud - tax - grossAud * scale.medicareLevy;
}

/** Present value of 1 a year for `years` years at `rate` (annuity factor). */
function annuityFactor(rate: number, years: number): number {
  return rate === 0 ? years : (1 - (1 + rate) ** -years) / rate;
}

function assessServiceability(input: LoanInput, parameters: LendingParameters, taxScale: TaxScale, otherDebtRepaymentsMonthly: number, assumptions: string[]): LendingAssessment['serviceability'] {
  const assessmentRatePct = round2(input.interestRatePct + parameters.serviceabilityBufferPp);
  const isInterestOnly = input.repayment === 'interest_only';
  const monthlyAtRate = isInterestOnly
    ? (input.loanAmountAud * input.interestRatePct) / 100 / 12
    : monthlyRepayment(input.loanAmountAud, input.interestRatePct, input.termYears);
  // APG 223: an interest-only loan is assessed on the principal-and-interest repayments over the
  // term that remains after the interest-only period.
  const assessedTermYears = isInterestOnly ? Math.max(1, input.termYears - input.interestOnlyYears) : input.termYears;
  const assessed = monthlyRepayment(input.loanAmountAud, assessmentRatePct, assessedTermYears);
  const base = {
    bufferPp: parameters.serviceabilityBufferPp,
    assessmentRatePct,
    monthlyRepaymentAud: Math.round(monthlyAtRate),
    assessedMonthlyRepaymentAud: Math.round(assessed),
    otherDebtRepaymentsMonthlyAud: Math.round(otherDebtRepaymentsMonthly),
  };
  if (input.grossAnnualIncomeAud === undefined) {
    return { ...base, isAssessed: false, reason: 'No income given: serviceability cannot be assessed', netMonthlyIncomeAud: null, livingExpensesMonthlyAud: null, livingExpenseBasis: null, monthlySurplusAud: null, passes: null };
  }
  const rent = (input.rentalIncomeAnnualAud ?? 0) * parameters.rentalIncomeShading;
  // Rent is taxed with the wage (a simplification: negative gearing and deductions are ignored).
  const netMonthly = netAnnualIncome(input.grossAnnualIncomeAud + rent, taxScale) / 12;
  const declared = input.livingExpensesMonthlyAud;
  const living = Math.max(declared ?? 0, parameters.livingExpenseFloorMonthlyAud);
  const basis = declared === undefined
    ? `PropGuard floor of $${parameters.livingExpenseFloorMonthlyAud.toLocaleString('en-AU')} a month (none declared)`
    : declared >= parameters.livingExpenseFloorMonthlyAud
      ? 'Declared expenses (above the PropGuard floor)'
      : `PropGuard floor of $${parameters.livingExpenseFloorMonthlyAud.toLocaleString('en-AU')} a month (declared $${declared.toLocaleString('en-AU')} is below it)`;
  if (declared === undefined) assumptions.push(`Living expenses: PropGuard floor of $${parameters.livingExpenseFloorMonthlyAud.toLocaleString('en-AU')} a month (the licensed HEM benchmark is not included)`);
  const surplus = netMonthly - living - otherDebtRepaymentsMonthly - assessed;
  return {
    ...base,
    isAssessed: true,
    reason: null,
    netMonthlyIncomeAud: Math.round(netMonthly),
    livingExpensesMonthlyAud: Math.round(living),
    livingExpenseBasis: basis,
    monthlySurplusAud: Math.round(surplus),
    passes: surplus >= 0,
  };
}

function assessClimate(input: LoanInput, climate: ClimateInput | undefined): LendingAssessment['climate'] {
  const { buildingShare, discountRate, horizonYears } = CLIMATE_VALUE_PARAMETERS;
  const factor = annuityFactor(discountRate, horizonYears);
  // Labelled with the outlook it was given: the report's own scenario and year when there is one.
  const outlook = climate ? ('report' in climate ? { scenario: climate.report.scenario, year: climate.report.year } : climate.outlook) : null;
  const outlookText = outlook ? `${outlook.year} ${outlook.scenario}-scenario` : 'projected';
  const method = `climate-value-v1: value - ${buildingShare * 100}% building x ${outlookText} expected annual damage x ${factor.toFixed(2)} (annuity, ${discountRate * 100}% over ${horizonYears} years)`;
  const empty = { scenario: outlook?.scenario ?? null, year: outlook?.year ?? null, method, expectedAnnualDamagePct: null, valueAdjustmentAud: null, climateAdjustedValueAud: null, climateAdjustedLvr: null, hazardLevel: null };
  if (!climate) return { ...empty, isAvailable: false, reason: 'No climate outlook or coordinates given: the projected hazards cannot be assessed' };
  if ('unavailableReason' in climate) return { ...empty, isAvailable: false, reason: climate.unavailableReason };
  const withData = climate.report.assessments.filter((assessment) => assessment.hasData);
  if (withData.length === 0) return { ...empty, isAvailable: false, reason: 'No hazard data cover this place' };
  // The hazards' expected annual damages add (hazard engine, overall-v1).
  const eadPct = withData.reduce((sum, assessment) => sum + eadPctForScore(assessment.score), 0);
  const adjustment = input.valuationAud * buildingShare * (eadPct / 100) * factor;
  const adjustedValue = Math.max(1, input.valuationAud - adjustment);
  return {
    ...empty,
    isAvailable: true,
    reason: null,
    expectedAnnualDamagePct: round4(eadPct),
    valueAdjustmentAud: Math.round(adjustment),
    climateAdjustedValueAud: Math.round(adjustedValue),
    climateAdjustedLvr: round4(input.loanAmountAud / adjustedValue),
    hazardLevel: riskLevelFor(climate.report.overall.score),
  };
}

function assessNccp(input: LoanInput, serviceability: LendingAssessment['serviceability'], lvr: number, parameters: LendingParameters): { assessed: NccpCheck[]; missing: NccpCheck[] } {
  const checks: NccpCheck[] = [
    { id: 'security-valued', label: 'Security valued', status: 'pass', detail: `Valuation of $${input.valuationAud.toLocaleString('en-AU')}` },
    {
      id: 'loan-to-value',
      label: 'Loan within the value of the security',
      status: lvr <= 1 ? 'pass' : 'fail',
      detail: `LVR ${(lvr * 100).toFixed(1)}%${lvr > parameters.residentialLvrLimit ? ' (above 80%: LMI or a lower loan)' : ''}`,
    },
    serviceability.isAssessed
      ? {
          id: 'capacity-to-repay',
          label: 'Capacity to repay at the buffered rate',
          status: serviceability.passes ? 'pass' : 'fail',
          detail: `Monthly ${serviceability.passes ? 'surplus' : 'shortfall'} of $${Math.abs(serviceability.monthlySurplusAud ?? 0).toLocaleString('en-AU')} at ${serviceability.assessmentRatePct}%`,
        }
      : { id: 'capacity-to-repay', label: 'Capacity to repay at the buffered rate', status: 'missing', detail: 'Gross income needed' },
    input.livingExpensesMonthlyAud === undefined
      ? { id: 'living-expenses', label: 'Living expenses verified', status: 'missing', detail: 'No declared expenses: the PropGuard floor stands in' }
      : { id: 'living-expenses', label: 'Living expenses declared', status: 'pass', detail: `$${input.livingExpensesMonthlyAud.toLocaleString('en-AU')} a month declared` },
    input.otherDebtsAud === undefined
      ? { id: 'existing-debts', label: 'Existing debts disclosed', status: 'missing', detail: 'No other debts given (assumed none)' }
      : { id: 'existing-debts', label: 'Existing debts disclosed', status: 'pass', detail: `$${input.otherDebtsAud.toLocaleString('en-AU')} of other debts` },
    // Requirements and objectives are an interview with the borrower: never something we can compute.
    { id: 'requirements-objectives', label: "Borrower's requirements and objectives", status: 'missing', detail: 'Recorded by the credit assistant in the interview (NCCP Act s 130); not in PropGuard' },
  ];
  return { assessed: checks.filter((check) => check.status !== 'missing'), missing: checks.filter((check) => check.status === 'missing') };
}

/**
 * The lending safety score (0-100, higher = safer): 100 less a deduction for each risk found. Every
 * deduction's condition only switches on as the loan grows, so a higher LVR never raises the score
 * (issue 28: the LVR deductions no longer stop when LMI is assumed, nor the climate one above 80%).
 */
export const COMPLIANCE_FORMULA =
  `Lending safety score, ${LENDING_SCORE_SCALE}: 100 - 10 if LVR > 80% with LMI (25 without) - 10 if LVR > 90% - 10 if LVR > 95% - 20 if the loan exceeds the value - 30 if serviceability fails at rate + 3 pp (10 if not assessed) - 10 if DTI >= 6 (5 if not assessed) - 5 per missing NCCP check (at most 20) - 10 if the 2050 climate-adjusted LVR is above 80%; clamped to 0-100. The status is apart from the score: "Compliant" only when every LVR, NCCP and APS 112 check ran and passed, "Review required" when one failed, else "Not fully checked".`;

/**
 * Assesses a residential loan against the lending rules.
 * @example assessLoan({ valuationAud: 1_000_000, loanAmountAud: 850_000, purpose: 'owner_occupier', repayment: 'principal_and_interest', interestRatePct: 6, termYears: 30, interestOnlyYears: 5 }).capital.riskWeight // 0.4 (LMI assumed held)
 */
export function assessLoan(input: LoanInput, climate?: ClimateInput, tables: LendingTables = DEFAULT_LENDING_TABLES): LendingAssessment {
  const { parameters, riskWeights, taxScale } = tables;
  const assumptions: string[] = [];
  const lvr = computeLvr(input.loanAmountAud, input.valuationAud);
  // Compared in whole dollars, like the thresholds: a loan of round(80% x valuation) needs no LMI.
  const isLmiRequired = input.loanAmountAud > Math.round(input.valuationAud * parameters.lmiRequiredAboveLvr);
  const hasLmi = input.hasLmi ?? isLmiRequired;
  if (input.hasLmi === undefined && isLmiRequired) assumptions.push('Eligible LMI assumed held (LVR above 80%); pass has_lmi: false to see the weight without it');

  const bandIndex = loanBandIndex(input.loanAmountAud, input.valuationAud, riskWeights);
  const withoutLmi = weightAt(bandIndex, input.purpose, input.repayment, false, riskWeights);
  const withLmi = weightAt(bandIndex, input.purpose, input.repayment, true, riskWeights);
  const riskWeight = hasLmi ? withLmi : withoutLmi;
  const rwa = input.loanAmountAud * riskWeight;

  const otherDebts = input.otherDebtsAud ?? 0;
  const otherRepayments = input.otherDebtRepaymentsMonthlyAud ?? otherDebts * parameters.otherDebtRepaymentRateMonthly;
  if (input.otherDebtsAud !== undefined && input.otherDebtRepaymentsMonthlyAud === undefined && otherDebts > 0) {
    assumptions.push(`Other debts repaid at ${parameters.otherDebtRepaymentRateMonthly * 100}% of the balance a month`);
  }
  if (input.rentalIncomeAnnualAud !== undefined) assumptions.push(`Rent counted at ${parameters.rentalIncomeShading * 100}% of the gross`);
  const serviceability = assessServiceability(input, parameters, taxScale, otherRepayments, assumptions);

  const dtiRatio = input.grossAnnualIncomeAud && input.grossAnnualIncomeAud > 0 ? (input.loanAmountAud + otherDebts) / input.grossAnnualIncomeAud : null;
  const dti: LendingAssessment['dti'] = {
    isAssessed: dtiRatio !== null,
    ratio: dtiRatio === null ? null : round2(dtiRatio),
    isHighDti: dtiRatio === null ? null : dtiRatio >= parameters.highDtiThreshold,
    threshold: parameters.highDtiThreshold,
    detail: dtiRatio === null
      ? 'No income given: DTI cannot be computed'
      : `(loan $${input.loanAmountAud.toLocaleString('en-AU')} + other debts $${otherDebts.toLocaleString('en-AU')}) / income $${(input.grossAnnualIncomeAud ?? 0).toLocaleString('en-AU')} = ${dtiRatio.toFixed(2)}`,
  };

  const nccp = assessNccp(input, serviceability, lvr, parameters);
  const climateResult = assessClimate(input, climate);

  // Risk category: points, each stated (docs/methodology/lending.md).
  const riskPoints: { rule: string; points: number }[] = [];
  if (lvr > 0.9 + 1e-9) riskPoints.push({ rule: 'LVR above 90%', points: 2 });
  else if (isLmiRequired) riskPoints.push({ rule: 'LVR above 80%', points: 1 });
  if (serviceability.passes === false) riskPoints.push({ rule: 'Serviceability shortfall at the buffered rate', points: 2 });
  if (dti.isHighDti) riskPoints.push({ rule: 'DTI at or above 6', points: 1 });
  if (input.repayment === 'interest_only') riskPoints.push({ rule: 'Interest only', points: 1 });
  const climateYear = climateResult.year ?? 'Projected';
  if (climateResult.isAvailable && climateResult.hazardLevel === 'High') riskPoints.push({ rule: `${climateYear} climate hazard High`, points: 1 });
  if (climateResult.climateAdjustedLvr !== null && climateResult.climateAdjustedLvr > 0.8 && !isLmiRequired) riskPoints.push({ rule: `${climateYear} climate-adjusted LVR above 80%`, points: 1 });
  const totalPoints = riskPoints.reduce((sum, point) => sum + point.points, 0);
  const riskCategory: RiskLevel = totalPoints >= 3 ? 'High' : totalPoints >= 1 ? 'Medium' : 'Low';

  const deductions: { rule: string; points: number }[] = [];
  if (isLmiRequired) deductions.push(hasLmi ? { rule: 'LVR above 80% with LMI', points: 10 } : { rule: 'LVR above 80% without LMI', points: 25 });
  if (lvr > 0.9 + 1e-9) deductions.push({ rule: 'LVR above 90%', points: 10 });
  if (lvr > 0.95 + 1e-9) deductions.push({ rule: 'LVR above 95%', points: 10 });
  if (lvr > 1 + 1e-9) deductions.push({ rule: 'Loan exceeds the value of the security', points: 20 });
  if (serviceability.passes === false) deductions.push({ rule: 'Serviceability fails at rate + 3 pp', points: 30 });
  if (!serviceability.isAssessed) deductions.push({ rule: 'Serviceability not assessed (no income)', points: 10 });
  if (dti.isHighDti) deductions.push({ rule: 'DTI at or above 6', points: 10 });
  if (!dti.isAssessed) deductions.push({ rule: 'DTI not assessed (no income)', points: 5 });
  if (nccp.missing.length > 0) deductions.push({ rule: `${nccp.missing.length} NCCP check(s) missing`, points: Math.min(20, 5 * nccp.missing.length) });
  if (climateResult.climateAdjustedLvr !== null && climateResult.climateAdjustedLvr > 0.8) deductions.push({ rule: `${climateYear} climate-adjusted LVR above 80%`, points: 10 });
  const complianceScore = Math.max(0, Math.min(100, 100 - deductions.reduce((sum, deduction) => sum + deduction.points, 0)));
  const statuses = loanStatuses({ lvr, isLmiRequired, hasLmiInput: input.hasLmi, riskWeight, nccpChecks: [...nccp.assessed, ...nccp.missing], riskWeightTable: riskWeights });

  return {
    method: LENDING_METHOD,
    inputs: {
      valuationAud: input.valuationAud,
      loanAmountAud: input.loanAmountAud,
      purpose: input.purpose,
      repayment: input.repayment,
      interestRatePct: input.interestRatePct,
      termYears: input.termYears,
      interestOnlyYears: input.repayment === 'interest_only' ? input.interestOnlyYears : null,
      hasLmi,
      grossAnnualIncomeAud: input.grossAnnualIncomeAud ?? null,
      rentalIncomeAnnualAud: input.rentalIncomeAnnualAud ?? null,
      otherDebtsAud: otherDebts,
      livingExpensesMonthlyAud: input.livingExpensesMonthlyAud ?? null,
    },
    assumptions,
    lvr: {
      ratio: round4(lvr),
      percent: round2(lvr * 100),
      band: riskWeights.bandLabels[bandIndex] as string,
      isWithinResidentialLimit: input.loanAmountAud <= Math.round(input.valuationAud * parameters.residentialLvrLimit),
      thresholds: lvrThresholds(input.valuationAud),
    },
    lmi: {
      isRequired: isLmiRequired,
      isHeld: hasLmi,
      detail: isLmiRequired
        ? `LVR ${(lvr * 100).toFixed(1)}% is above 80%: LMI required; risk weight ${withoutLmi * 100}% without it, ${withLmi * 100}% with it`
        : `LVR ${(lvr * 100).toFixed(1)}% is at or below 80%: no LMI required`,
    },
    capital: {
      loanClass: `Standard, ${input.purpose === 'owner_occupier' ? 'owner-occupied' : 'investor'}, ${input.repayment === 'principal_and_interest' ? 'principal and interest' : 'interest only'}${input.purpose === 'owner_occupier' && input.repayment === 'principal_and_interest' ? '' : ' (APS 112 "other" column)'}`,
      riskWeightWithoutLmi: withoutLmi,
      riskWeightWithLmi: withLmi,
      riskWeight,
      riskWeightedAssetsAud: Math.round(rwa),
      minimumCapitalRatio: parameters.minimumTotalCapitalRatio,
      minimumCapitalAud: Math.round(rwa * parameters.minimumTotalCapitalRatio),
      table: toTableRef(riskWeights),
    },
    serviceability,
    dti,
    nccp,
    climate: climateResult,
    riskCategory,
    riskPoints,
    complianceScore,
    complianceScoreScale: LENDING_SCORE_SCALE,
    complianceFormula: COMPLIANCE_FORMULA,
    complianceDeductions: deductions,
    complianceStatus: statuses.overall,
    complianceStatusLabel: COMPLIANCE_STATUS_LABELS[statuses.overall],
    statuses: { lvr: statuses.lvr, nccp: statuses.nccp, basel3: statuses.basel3 },
    tables: [toTableRef(riskWeights), toTableRef(parameters), toTableRef(taxScale), toTableRef(CLIMATE_VALUE_PARAMETERS)],
  };
}
