/**
 * One loan of a portfolio (issue 15, section 2): the valuation (valuePoint, the estimate the API
 * and `propguard value --csv` give), the six hazards today and at the climate outlook (2050 under
 * high emissions: CLIMATE_OUTLOOK, passed in), and the lending engine (assessLoan) on the loan's
 * own terms, assembled into the result row. Pure: the property is already placed and completed
 * (resolveSubject of packages/db, the API's code path) and every table is passed in.
 */
import type {
  HAZARD_IDS} from '@propguard/schemas';
import {
  DEFAULT_LOAN_ASSUMPTIONS,
  HAZARD_YEAR_MIN,
  PORTFOLIO_LVR_BANDS,
  riskLevelFor,
  type ClimateOutlook,
  type HazardReport,
  type PortfolioLoanInput,
  type PortfolioLvrBand,
  type PortfolioResultRow,
  type RiskLevel,
  type ValuationRequest,
} from '@propguard/schemas';
import { assessHazardsForYears } from '../hazards/assess-hazards.ts';
import type { HazardContext } from '../hazards/context.ts';
import { assessLoan, type LoanInput } from '../lending/assess-loan.ts';
import { asAtAssumption, resolveAsAt } from '../valuation/as-at.ts';
import type { SalesIndex } from '../valuation/sales-index.ts';
import type { ValuationModel } from '../valuation/model.ts';
import type { SubjectProperty } from '../valuation/types.ts';
import { fsdPercent, type PointValuation } from '../valuation/value-property.ts';
import { describeNoEstimate, valueOrRefuse } from '../valuation/no-estimate.ts';

/** What every loan is assessed with, loaded once per process (or thread). */
export interface PortfolioEngineData {
  model: ValuationModel;
  index: SalesIndex;
  hazards: HazardContext;
  /** The product's climate outlook (CLIMATE_OUTLOOK of packages/schemas). */
  outlook: ClimateOutlook;
}

/** A loan, placed: the subject the valuation engine takes, or why it could not be placed or read. */
export interface PlacedLoan {
  row: number;
  /** The uploaded row as text, column -> value. */
  input: Record<string, string>;
  loanId: string;
  loan: PortfolioLoanInput | null;
  subject: SubjectProperty | null;
  /** What placing assumed (resolveSubject's `assumed`). */
  assumed: string[];
  /** Why the row cannot be assessed (a bad cell, a place we cannot find). */
  error: string | null;
}

/**
 * The valuation request of a loan (the API's POST /api/valuations body): resolveSubject places
 * and completes it exactly as it does for the API and the CLI.
 */
export function loanSubjectRequest(loan: PortfolioLoanInput): Pick<ValuationRequest, 'address' | 'suburb' | 'state' | 'postcode' | 'lat' | 'lng' | 'attributes' | 'asAt'> {
  return {
    // The valuation date: a given year built after it is treated as not given (resolveSubject).
    asAt: loan.date,
    address: loan.address,
    suburb: loan.suburb,
    state: loan.state,
    postcode: loan.postcode,
    lat: loan.lat,
    lng: loan.lng,
    attributes: {
      propertyType: loan.property_type,
      bedrooms: loan.bedrooms,
      bathrooms: loan.bathrooms,
      carSpaces: loan.car_spaces,
      landSizeM2: loan.land_size,
      buildingSizeM2: loan.building_size,
      yearBuilt: loan.year_built,
    },
  };
}

/**
 * The summary's LVR band of an LVR (fraction); the upper bound is inclusive (80% exactly is 60-80%).
 * @example lvrBandOf(0.8) // '60_to_80'
 */
export function lvrBandOf(lvr: number): PortfolioLvrBand {
  const bounds = [0.6, 0.8, 0.9, 1.0];
  const index = bounds.findIndex((bound) => lvr <= bound + 1e-9);
  return PORTFOLIO_LVR_BANDS[index === -1 ? bounds.length : index]!;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

const emptyRow = (placed: PlacedLoan, error: string): PortfolioResultRow => ({
  row: placed.row,
  loan_id: placed.loanId,
  input: placed.input,
  estimate: null,
  low: null,
  high: null,
  fsd_pct: null,
  confidence: null,
  lvr: null,
  lvr_band: null,
  lmi_required: null,
  risk_weight: null,
  rwa: null,
  minimum_capital: null,
  lvr_2050: null,
  lvr_2050_band: null,
  flood: null,
  fire: null,
  coastal: null,
  subsidence: null,
  cyclone: null,
  earthquake: null,
  levels: '',
  hazard_level: null,
  levels_2050: '',
  hazard_score_2050: null,
  hazard_level_2050: null,
  lat: placed.subject?.lat ?? null,
  lng: placed.subject?.lng ?? null,
  suburb: placed.subject?.suburb ?? null,
  state: placed.subject?.state ?? null,
  loan_amount: placed.loan?.loan_amount ?? null,
  note: placed.assumed.length > 0 ? placed.assumed.join('; ') : null,
  error,
});

/** The highest score among the hazards with data, or null when none has data. */
function highestScore(report: HazardReport): number | null {
  let highest: number | null = null;
  for (const assessment of report.assessments) if (assessment.hasData && (highest === null || assessment.score > highest)) highest = assessment.score;
  return highest;
}

/**
 * An uploaded loan's lending terms: its own where the row gives them, else the default loan's
 * (DEFAULT_LOAN_ASSUMPTIONS, the one policy). The portfolio run and its stress tests read them here.
 * @example loanTermsOf(loan).interestRatePct // loan.interest_rate, or the default loan's rate
 */
export function loanTermsOf(loan: PortfolioLoanInput): Omit<LoanInput, 'valuationAud' | 'loanAmountAud'> {
  const terms = DEFAULT_LOAN_ASSUMPTIONS;
  return {
    purpose: loan.purpose ?? terms.purpose,
    repayment: loan.repayment ?? terms.repayment,
    interestRatePct: loan.interest_rate ?? terms.interestRatePct,
    termYears: loan.term_years ?? terms.termYears,
    interestOnlyYears: loan.interest_only_years ?? terms.interestOnlyYears,
    hasLmi: loan.has_lmi,
    grossAnnualIncomeAud: loan.gross_annual_income,
    rentalIncomeAnnualAud: loan.rental_income_annual,
    otherDebtsAud: loan.other_debts,
    otherDebtRepaymentsMonthlyAud: loan.other_debt_repayments_monthly,
    livingExpensesMonthlyAud: loan.living_expenses_monthly,
  };
}

/** A loan's valuation, the first phase of assessPortfolioLoans. */
interface ValuedLoan {
  market: ReturnType<typeof resolveAsAt>;
  point: PointValuation;
}

/** The message of a defect thrown while assessing a loan (recorded as the row's error). */
const defectOf = (error: unknown) => `could not assess: ${(error as Error).message}`;

/**
 * Assesses a chunk of placed loans in three phases: every valuation, then every loan's hazards,
 * then the lending rules and the rows. Each phase works one engine's tables for the whole chunk
 * (the sales index, then the hazard layers), which the processor's caches keep better than
 * alternating between them loan by loan (about 10% less CPU). Each row equals assessPortfolioLoan's.
 * A loan that cannot be valued gets `error` and nulls; a defect thrown for one loan becomes that
 * row's error (`could not assess: ...`) and the chunk goes on.
 */
export function assessPortfolioLoans(placed: readonly PlacedLoan[], data: PortfolioEngineData): PortfolioResultRow[] {
  const rows: Array<PortfolioResultRow | null> = placed.map((loan) => (loan.error !== null || loan.loan === null || loan.subject === null ? emptyRow(loan, loan.error ?? 'the row could not be read') : null));
  const valued: Array<ValuedLoan | null> = placed.map((loan, i) => {
    if (rows[i] !== null) return null;
    try {
      const market = resolveAsAt(data.index, loan.subject!, loan.loan!.date);
      const { point, noEstimate } = valueOrRefuse(data.model, data.index, loan.subject!, market);
      if (noEstimate) {
        rows[i] = emptyRow(loan, describeNoEstimate(noEstimate));
        return null;
      }
      if (Number.isFinite(point.estimate) && point.estimate > 0) return { market, point };
      rows[i] = emptyRow(loan, 'no estimate (no sales before this date near the property)');
    } catch (error) {
      rows[i] = emptyRow(loan, defectOf(error));
    }
    return null;
  });
  const reports = placed.map((loan, i) => {
    if (rows[i] !== null) return null;
    try {
      return assessHazardsForYears({ lat: loan.subject!.lat, lng: loan.subject!.lng }, data.hazards, data.outlook.scenario, [HAZARD_YEAR_MIN, data.outlook.year]) as [HazardReport, HazardReport];
    } catch (error) {
      rows[i] = emptyRow(loan, defectOf(error));
      return null;
    }
  });
  return placed.map((loan, i) => {
    const done = rows[i];
    if (done) return done;
    try {
      return rowOf(loan as PlacedLoan & { loan: PortfolioLoanInput; subject: SubjectProperty }, valued[i]!, reports[i]!, data);
    } catch (error) {
      return emptyRow(loan, defectOf(error));
    }
  });
}

/**
 * Assesses one placed loan (assessPortfolioLoans of one). A loan that cannot be valued gets
 * `error` and nulls; it never throws.
 * @example assessPortfolioLoan(placed, data).lvr // loan_amount / estimate
 */
export function assessPortfolioLoan(placed: PlacedLoan, data: PortfolioEngineData): PortfolioResultRow {
  return assessPortfolioLoans([placed], data)[0]!;
}

/** The result row of a valued loan with its hazard reports: the lending rules on its own terms. */
function rowOf(placed: PlacedLoan & { loan: PortfolioLoanInput; subject: SubjectProperty }, { market, point }: ValuedLoan, [today, future]: [HazardReport, HazardReport], data: PortfolioEngineData): PortfolioResultRow {
  const { loan, subject } = placed;
  const lending = assessLoan(
    { valuationAud: point.estimate, loanAmountAud: loan.loan_amount, ...loanTermsOf(loan) },
    { outlook: data.outlook, report: future },
  );
  const scores: Record<(typeof HAZARD_IDS)[number], number | null> = { flood: null, fire: null, coastal: null, subsidence: null, cyclone: null, earthquake: null };
  let hazardLevel: RiskLevel | null = null;
  const todayHighest = highestScore(today);
  if (todayHighest !== null) hazardLevel = riskLevelFor(todayHighest);
  for (const assessment of today.assessments) scores[assessment.hazard] = assessment.hasData ? assessment.score : null;
  const futureHighest = highestScore(future);
  const lvr2050 = lending.climate.climateAdjustedLvr;
  const assumed = [...placed.assumed];
  const dateAssumed = asAtAssumption(market, loan.date);
  if (dateAssumed) assumed.push(dateAssumed);
  const terms = DEFAULT_LOAN_ASSUMPTIONS;
  const defaulted = [
    loan.purpose === undefined ? `purpose ${terms.purpose}` : null,
    loan.repayment === undefined ? `repayment ${terms.repayment}` : null,
    loan.interest_rate === undefined ? `interest rate ${terms.interestRatePct}%` : null,
    loan.term_years === undefined ? `term ${terms.termYears} years` : null,
  ].filter((text): text is string => text !== null);
  if (defaulted.length > 0) assumed.push(`loan terms not given, defaults used: ${defaulted.join(', ')}`);
  return {
    row: placed.row,
    loan_id: placed.loanId,
    input: placed.input,
    estimate: point.estimate,
    low: point.low,
    high: point.high,
    fsd_pct: fsdPercent(point.fsd),
    confidence: point.confidence,
    lvr: round4(lending.lvr.ratio),
    lvr_band: lvrBandOf(lending.lvr.ratio),
    lmi_required: lending.lmi.isRequired,
    risk_weight: lending.capital.riskWeight,
    rwa: lending.capital.riskWeightedAssetsAud,
    minimum_capital: lending.capital.minimumCapitalAud,
    lvr_2050: lvr2050 === null ? null : round4(lvr2050),
    lvr_2050_band: lvr2050 === null ? null : lvrBandOf(lvr2050),
    ...scores,
    levels: today.assessments.map((assessment) => `${assessment.hazard}:${assessment.hasData ? assessment.level : 'no data'}`).join(';'),
    hazard_level: hazardLevel,
    levels_2050: future.assessments.map((assessment) => `${assessment.hazard}:${assessment.hasData ? assessment.level : 'no data'}`).join(';'),
    hazard_score_2050: futureHighest,
    hazard_level_2050: futureHighest === null ? null : riskLevelFor(futureHighest),
    lat: subject.lat,
    lng: subject.lng,
    suburb: subject.suburb ?? null,
    state: subject.state ?? null,
    loan_amount: loan.loan_amount,
    note: assumed.length > 0 ? assumed.join('; ') : null,
    error: null,
  };
}
