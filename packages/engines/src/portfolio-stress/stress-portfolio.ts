/**
 * Portfolio stress tests (issue 15, requirement 7; docs/methodology/stress.md): on the
 * per-loan results of a stored portfolio, apply a scenario (house prices down, rates up, a flood or
 * a bushfire season in a region) and count what moves, base case against stressed, each figure with
 * its trace. Pure: the loans, the scenario and the tables are passed in.
 *
 * Per loan (in this order):
 * 1. Price shock: in the shock's region the security is worth value x (1 - drop).
 * 2. Hazard event: in the event's region the building is damaged by the event. The hazard engine's
 *    damage bands give the property's expected annual damage (EAD, % of the building's replacement
 *    cost a year) from its score today; the damage in an event of annual probability p is taken as
 *    EAD / p, capped at the whole building (the year's expected damage arriving in that one event:
 *    an upper reading, since smaller, more frequent events carry part of the EAD). The repair cost,
 *    building share x value x damage share, comes off the stressed value.
 * 3. Rate shock: the loan rate rises by the shock; serviceability is the lending engine's, at the
 *    new rate itself (no APG 223 buffer: that buffer is an origination test; the stress asks whether
 *    the repayments at the shocked rate are still met), for loans whose income is known.
 * 4. Risk weight (APS 112) from the stressed LVR band, with LMI held only where the base case
 *    required it (cover is bought at origination); minimum capital = RWA x 8% (APS 110).
 * 5. Expected loss = PD x LGD x exposure: PD from the stress loss table (base, serviceability
 *    failure, negative equity), LGD from the shortfall of a forced sale, floored (APS 113).
 * Capital shortfall = (stressed minimum capital + stressed expected loss) - (base minimum capital +
 * base expected loss): the extra capital the scenario consumes.
 */
import type { PortfolioResultRow, StressedLoan, StressFigure, StressRegion, StressResult, StressScenario, StressHazardEvent } from '@propguard/schemas';
import { formatAud, portfolioLoanInputSchema, STRESS_HAZARD_EVENT_LABELS } from '@propguard/schemas';
import { distanceKm } from '../hazards/geo.ts';
import { DAMAGE_BANDS, eadPctForScore } from '../hazards/reference-tables.ts';
import { assessLoan, DEFAULT_LENDING_TABLES, riskWeightFor, type LendingTables, type LoanInput } from '../lending/assess-loan.ts';
import { CLIMATE_VALUE_PARAMETERS, toTableRef } from '../lending/reference-tables.ts';
import { loanTermsOf } from '../portfolio/assess-portfolio-loan.ts';
import { CAPITAL_CITIES, CITY_RADIUS_KM } from '../realty/parse-search-location.ts';
import { STRESS_LOSS_PARAMETERS, type StressLossParameters } from './reference-tables.ts';

export const STRESS_METHOD = 'portfolio-stress-v1';
const MOST_AFFECTED_COUNT = 20;

/**
 * A per-loan result of a portfolio run, as the stress test reads it (money in whole AUD): the
 * lending engine's loan terms (LoanInput; hasLmi as uploaded, undefined: held whenever the base
 * case requires it), with the run's valuation as `valueAud` and the interest-only period optional.
 */
export interface StressLoan extends Omit<LoanInput, 'valuationAud' | 'interestOnlyYears'> {
  loanId: string;
  suburb: string | null;
  state: string | null;
  lat: number | null;
  lng: number | null;
  /** Today's valuation of the security (the run's estimate). */
  valueAud: number;
  interestOnlyYears?: number | undefined;
  /** Hazard scores today (0-100), null where the hazard engine had no data. */
  floodScore: number | null;
  fireScore: number | null;
}

export interface StressTables {
  lending: LendingTables;
  loss: StressLossParameters;
}

export const DEFAULT_STRESS_TABLES: StressTables = { lending: DEFAULT_LENDING_TABLES, loss: STRESS_LOSS_PARAMETERS };

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;
const pct = (fraction: number, digits = 1) => `${(fraction * 100).toFixed(digits)}%`;
const count = (value: number) => value.toLocaleString('en-AU');

/** The region in words. */
export function describeRegion(region: StressRegion): string {
  if (region.kind === 'national') return 'nationally';
  if (region.kind === 'state') return `in ${region.state}`;
  const name = region.city.charAt(0) + region.city.slice(1).toLowerCase();
  return `in ${name} (within ${CITY_RADIUS_KM} km of the city centre)`;
}

/**
 * Whether a loan's security lies in a region: a state by the loan's state, a city by distance of its
 * coordinates from the capital's centre (a loan without coordinates is in no city).
 * @example isInRegion({ state: 'VIC', lat: -37.85, lng: 145.0 }, { kind: 'city', city: 'MELBOURNE' }) // true
 */
export function isInRegion(loan: Pick<StressLoan, 'state' | 'lat' | 'lng'>, region: StressRegion): boolean {
  if (region.kind === 'national') return true;
  if (region.kind === 'state') return loan.state?.toUpperCase() === region.state;
  const city = CAPITAL_CITIES[region.city];
  if (!city || loan.lat === null || loan.lng === null) return false;
  return distanceKm(loan.lat, loan.lng, city.lat, city.lng) <= CITY_RADIUS_KM;
}

/** Annual probability of the event, and the hazard score it reads. */
function eventParameters(event: StressHazardEvent, loss: StressLossParameters): { annualProbability: number; hazard: 'flood' | 'fire' } {
  return event === 'flood_1pct_aep' ? { annualProbability: 0.01, hazard: 'flood' } : { annualProbability: loss.severeFireSeasonAnnualProbability, hazard: 'fire' };
}

/**
 * Share of the building's replacement cost an event destroys, from the hazard score: EAD / p,
 * capped at 1 (see the module comment).
 * @example eventDamageShare(40, 0.01) // EAD 0.2 %/yr / 1 % = 0.2
 * @example eventDamageShare(70, 0.01) // EAD 1 %/yr / 1 % = 1 (the whole building)
 */
export function eventDamageShare(score: number, annualProbability: number): number {
  if (score <= 0 || annualProbability <= 0) return 0;
  return Math.min(1, eadPctForScore(score) / 100 / annualProbability);
}

interface LoanCase {
  valueAud: number;
  lvr: number;
  isAbove80: boolean;
  isAbove100: boolean;
  serviceable: boolean | null;
  riskWeight: number;
  rwaAud: number;
  pd: number;
  lgd: number;
  expectedLossAud: number;
}

/**
 * Probability of default of a loan in a case: the base PD, times the serviceability multiplier when
 * the repayments are not met, times the negative-equity multiplier when the loan exceeds the value
 * (default needs both an inability to pay and no equity to sell out of: the "double trigger").
 */
function probabilityOfDefault(serviceable: boolean | null, isAbove100: boolean, loss: StressLossParameters): number {
  let pd = loss.basePd;
  if (serviceable === false) pd *= loss.serviceabilityFailPdMultiplier;
  if (isAbove100) pd *= loss.negativeEquityPdMultiplier;
  return Math.min(1, pd);
}

function evaluateCase(loan: StressLoan, valueAud: number, ratePct: number, hasLmi: boolean, tables: StressTables): LoanCase {
  const { lending, loss } = tables;
  const noBuffer: LendingTables = { ...lending, parameters: { ...lending.parameters, serviceabilityBufferPp: 0 } };
  const lvr = loan.loanAmountAud / valueAud;
  // Whole dollars, as the lending engine compares them: a loan of round(80% x value) is not above 80%.
  const isAbove80 = loan.loanAmountAud > Math.round(valueAud * lending.parameters.lmiRequiredAboveLvr);
  const isAbove100 = loan.loanAmountAud > Math.round(valueAud);
  let serviceable: boolean | null = null;
  if (loan.grossAnnualIncomeAud !== undefined) {
    const assessment = assessLoan(
      {
        valuationAud: valueAud,
        loanAmountAud: loan.loanAmountAud,
        purpose: loan.purpose,
        repayment: loan.repayment,
        interestRatePct: ratePct,
        termYears: loan.termYears,
        interestOnlyYears: loan.interestOnlyYears ?? 5,
        hasLmi,
        grossAnnualIncomeAud: loan.grossAnnualIncomeAud,
        rentalIncomeAnnualAud: loan.rentalIncomeAnnualAud,
        otherDebtsAud: loan.otherDebtsAud,
        otherDebtRepaymentsMonthlyAud: loan.otherDebtRepaymentsMonthlyAud,
        livingExpensesMonthlyAud: loan.livingExpensesMonthlyAud,
      },
      undefined,
      noBuffer,
    );
    serviceable = assessment.serviceability.passes;
  }
  const riskWeight = riskWeightFor(lvr, loan.purpose, loan.repayment, hasLmi, lending.riskWeights);
  const rwaAud = loan.loanAmountAud * riskWeight;
  const pd = probabilityOfDefault(serviceable, isAbove100, loss);
  const recoveryAud = valueAud * (1 - loss.forcedSaleHaircut);
  const lgd = Math.max(loss.lgdFloor, Math.min(1, (loan.loanAmountAud - recoveryAud) / loan.loanAmountAud));
  return { valueAud, lvr, isAbove80, isAbove100, serviceable, riskWeight, rwaAud, pd, lgd, expectedLossAud: pd * lgd * loan.loanAmountAud };
}

interface LoanStress {
  loan: StressLoan;
  base: LoanCase;
  stressed: LoanCase;
  isHitByPrice: boolean;
  isHitByEvent: boolean;
  trace: string[];
}

/** One loan, base against stressed; its trace only when asked (the most affected loans), to keep a large book cheap. */
function stressLoan(loan: StressLoan, scenario: StressScenario, tables: StressTables, withTrace: boolean): LoanStress {
  const trace: string[] = [];
  const note = withTrace ? (text: () => string) => void trace.push(text()) : () => undefined;
  const hasLmi = loan.hasLmi ?? loan.loanAmountAud > Math.round(loan.valueAud * tables.lending.parameters.lmiRequiredAboveLvr);
  const base = evaluateCase(loan, loan.valueAud, loan.interestRatePct, hasLmi, tables);
  const { priceShock, hazardEvent, rateShock } = scenario;
  let value = loan.valueAud;
  let isHitByPrice = false;
  let isHitByEvent = false;
  if (priceShock && isInRegion(loan, priceShock.region)) {
    isHitByPrice = true;
    const dropped = value * (1 - priceShock.dropPct / 100);
    note(() => `Price shock: ${formatAud(value)} x (1 - ${priceShock.dropPct}%) = ${formatAud(dropped)}`);
    value = dropped;
  }
  if (hazardEvent && isInRegion(loan, hazardEvent.region)) {
    const { annualProbability, hazard } = eventParameters(hazardEvent.event, tables.loss);
    const score = hazard === 'flood' ? loan.floodScore : loan.fireScore;
    if (score === null) {
      note(() => `${STRESS_HAZARD_EVENT_LABELS[hazardEvent.event]}: no ${hazard} data for this place, no damage counted`);
    } else if (score > 0) {
      const share = eventDamageShare(score, annualProbability);
      const buildingShare = CLIMATE_VALUE_PARAMETERS.buildingShare;
      const repair = value * buildingShare * share;
      isHitByEvent = repair > 0;
      note(() =>
        `${STRESS_HAZARD_EVENT_LABELS[hazardEvent.event]}: ${hazard} score ${score.toFixed(0)} = EAD ${eadPctForScore(score).toFixed(3)}%/yr (damage bands); ` +
          `event damage min(1, EAD / ${pct(annualProbability, 0)}) = ${pct(share)} of the building; repair ${formatAud(value)} x ${pct(buildingShare, 0)} building x ${pct(share)} = ${formatAud(repair)}`,
      );
      value = Math.max(1, value - repair);
    }
  }
  const rate = loan.interestRatePct + (rateShock?.risePp ?? 0);
  if (rateShock) note(() => `Rate shock: ${loan.interestRatePct}% + ${rateShock.risePp} pp = ${rate.toFixed(2)}%`);
  const stressed = evaluateCase(loan, value, rate, hasLmi, tables);
  note(() => `LVR ${formatAud(loan.loanAmountAud)} / ${formatAud(value)} = ${pct(stressed.lvr)} (base ${pct(base.lvr)})`);
  if (stressed.serviceable !== null) note(() => `Serviceability at ${rate.toFixed(2)}%: ${stressed.serviceable ? 'met' : 'not met'} (base ${base.serviceable ? 'met' : 'not met'} at ${loan.interestRatePct}%)`);
  note(() =>
    `Expected loss PD ${pct(stressed.pd, 2)} x LGD ${pct(stressed.lgd)} x ${formatAud(loan.loanAmountAud)} = ${formatAud(stressed.expectedLossAud)} (base ${formatAud(base.expectedLossAud)})`,
  );
  return { loan, base, stressed, isHitByPrice, isHitByEvent, trace };
}

/** The scenario in words. */
export function describeScenario(scenario: StressScenario): string {
  const parts: string[] = [];
  if (scenario.priceShock) parts.push(`house prices down ${scenario.priceShock.dropPct}% ${describeRegion(scenario.priceShock.region)}`);
  if (scenario.rateShock) parts.push(`rates up ${scenario.rateShock.risePp} percentage point${scenario.rateShock.risePp === 1 ? '' : 's'}`);
  if (scenario.hazardEvent) {
    const label = STRESS_HAZARD_EVENT_LABELS[scenario.hazardEvent.event];
    // "Severe bushfire season" reads "severe bushfire season" mid-sentence; "1% AEP flood" keeps its acronym.
    parts.push(`${label.charAt(0).toLowerCase()}${label.slice(1)} ${describeRegion(scenario.hazardEvent.region)}`);
  }
  const text = parts.join('; ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

interface Tally {
  base: number;
  stressed: number;
  entered: number;
  left: number;
  of: number;
}

const newTally = (): Tally => ({ base: 0, stressed: 0, entered: 0, left: 0, of: 0 });

function tallyLoan(tally: Tally, isBase: boolean, isStressed: boolean): void {
  tally.of += 1;
  if (isBase) tally.base += 1;
  if (isStressed) tally.stressed += 1;
  if (!isBase && isStressed) tally.entered += 1;
  if (isBase && !isStressed) tally.left += 1;
}

function countFigure(label: string, tally: Tally, rule: string): StressFigure {
  return {
    label,
    unit: 'loans',
    base: tally.base,
    stressed: tally.stressed,
    change: tally.stressed - tally.base,
    ofLoans: tally.of,
    trace: [
      `${rule}, counted over ${count(tally.of)} loans`,
      `Base case: ${count(tally.base)} loans; stressed: ${count(tally.stressed)} (${count(tally.entered)} crossed into it, ${count(tally.left)} left it)`,
    ],
  };
}

function sumFigure(label: string, sums: { base: number; stressed: number }, loans: number, rule: string): StressFigure {
  const base = Math.round(sums.base);
  const stressed = Math.round(sums.stressed);
  return {
    label,
    unit: 'aud',
    base,
    stressed,
    change: stressed - base,
    ofLoans: loans,
    trace: [rule, `Base case: ${formatAud(base)} over ${count(loans)} loans; stressed: ${formatAud(stressed)}; change ${formatAud(stressed - base)}`],
  };
}

/** Order of the most affected loans: the largest rise in expected loss, then the highest stressed LVR. */
function compareImpact(a: LoanStress, b: LoanStress): number {
  return b.stressed.expectedLossAud - b.base.expectedLossAud - (a.stressed.expectedLossAud - a.base.expectedLossAud) || b.stressed.lvr - a.stressed.lvr;
}

/** Collects a book's stress loan by loan (a stored portfolio is read in batches: memory stays flat). */
export interface StressAccumulator {
  add(loan: StressLoan): void;
  /** Rows the run could not assess: counted, left out of every figure. */
  skip(rows?: number): void;
  result(): StressResult;
}

/**
 * A stress test fed one loan at a time: counts and sums as it goes, keeps the 20 most affected
 * loans, and builds their traces at the end.
 */
export function createStressAccumulator(scenario: StressScenario, tables: StressTables = DEFAULT_STRESS_TABLES): StressAccumulator {
  const above80 = newTally();
  const above100 = newTally();
  const serviceFails = newTally();
  const loss = { base: 0, stressed: 0 };
  const capital = { base: 0, stressed: 0 };
  const capitalRatio = tables.lending.parameters.minimumTotalCapitalRatio;
  let loans = 0;
  let skipped = 0;
  let hitByPrice = 0;
  let hitByEvent = 0;
  let top: LoanStress[] = [];

  function keepIfAffected(stress: LoanStress) {
    const last = top[top.length - 1];
    if (top.length >= MOST_AFFECTED_COUNT && last && compareImpact(last, stress) <= 0) return;
    // Stable: an equal loan seen later goes after the earlier one, as a sort of the whole book would put it.
    const index = top.findIndex((kept) => compareImpact(kept, stress) > 0);
    top.splice(index === -1 ? top.length : index, 0, stress);
    if (top.length > MOST_AFFECTED_COUNT) top = top.slice(0, MOST_AFFECTED_COUNT);
  }

  return {
    add(loan) {
      const stress = stressLoan(loan, scenario, tables, false);
      loans += 1;
      if (stress.isHitByPrice) hitByPrice += 1;
      if (stress.isHitByEvent) hitByEvent += 1;
      tallyLoan(above80, stress.base.isAbove80, stress.stressed.isAbove80);
      tallyLoan(above100, stress.base.isAbove100, stress.stressed.isAbove100);
      if (stress.base.serviceable !== null) tallyLoan(serviceFails, stress.base.serviceable === false, stress.stressed.serviceable === false);
      loss.base += stress.base.expectedLossAud;
      loss.stressed += stress.stressed.expectedLossAud;
      capital.base += stress.base.rwaAud * capitalRatio;
      capital.stressed += stress.stressed.rwaAud * capitalRatio;
      keepIfAffected(stress);
    },
    skip(rows = 1) {
      skipped += rows;
    },
    result() {
      return buildResult(scenario, tables, { above80, above100, serviceFails, loss, capital, loans, skipped, hitByPrice, hitByEvent, top });
    },
  };
}

interface Totals {
  above80: Tally;
  above100: Tally;
  serviceFails: Tally;
  loss: { base: number; stressed: number };
  capital: { base: number; stressed: number };
  loans: number;
  skipped: number;
  hitByPrice: number;
  hitByEvent: number;
  top: LoanStress[];
}

function buildResult(scenario: StressScenario, tables: StressTables, totals: Totals): StressResult {
  const { loss, lending } = tables;
  const capitalRatio = lending.parameters.minimumTotalCapitalRatio;
  const { loans } = totals;
  const withIncome = totals.serviceFails.of;

  const lvrAbove80 = countFigure('Loans above 80% LVR', totals.above80, 'LVR = loan / value (stressed value after the price shock and event damage); above 80% in whole dollars, as the lending engine');
  const lvrAbove100 = countFigure('Loans above 100% LVR (negative equity)', totals.above100, 'Loan above the value of the security');
  const serviceabilityFails = countFigure(
    'Loans failing serviceability',
    totals.serviceFails,
    `Lending engine serviceability (net income after tax less living expenses, other debts and repayments) at the loan rate${scenario.rateShock ? ` + ${scenario.rateShock.risePp} pp` : ''}, without the APG 223 buffer; loans with a known income only`,
  );
  if (withIncome < loans) serviceabilityFails.trace.push(`${count(loans - withIncome)} loans have no income in the loan book and are not counted`);
  const expectedLossAud = sumFigure(
    'Expected loss',
    totals.loss,
    loans,
    `Sum over loans of PD x LGD x loan. PD ${pct(loss.basePd, 1)} base, x ${loss.serviceabilityFailPdMultiplier} when serviceability fails, x ${loss.negativeEquityPdMultiplier} above 100% LVR; ` +
      `LGD = (loan - value x (1 - ${pct(loss.forcedSaleHaircut, 0)} forced-sale haircut)) / loan, at least ${pct(loss.lgdFloor, 0)}; LMI recoveries not counted`,
  );
  const minimumCapitalAud = sumFigure(
    'Minimum capital',
    totals.capital,
    loans,
    `Sum over loans of loan x APS 112 risk weight (band of the LVR; LMI held where the base case required it) x ${pct(capitalRatio, 0)} minimum total capital (APS 110)`,
  );
  const baseNeed = minimumCapitalAud.base + expectedLossAud.base;
  const stressedNeed = minimumCapitalAud.stressed + expectedLossAud.stressed;
  const capitalShortfallAud: StressFigure = {
    label: 'Capital shortfall against the base case',
    unit: 'aud',
    base: 0,
    stressed: stressedNeed - baseNeed,
    change: stressedNeed - baseNeed,
    ofLoans: loans,
    trace: [
      'Shortfall = (stressed minimum capital + stressed expected loss) - (base minimum capital + base expected loss)',
      `= (${formatAud(minimumCapitalAud.stressed)} + ${formatAud(expectedLossAud.stressed)}) - (${formatAud(minimumCapitalAud.base)} + ${formatAud(expectedLossAud.base)}) = ${formatAud(stressedNeed - baseNeed)}`,
    ],
  };

  const mostAffected: StressedLoan[] = totals.top.map((kept) => {
    const stress = stressLoan(kept.loan, scenario, tables, true);
    return {
      loanId: stress.loan.loanId,
      suburb: stress.loan.suburb,
      state: stress.loan.state,
      loanAmountAud: Math.round(stress.loan.loanAmountAud),
      baseValueAud: Math.round(stress.base.valueAud),
      stressedValueAud: Math.round(stress.stressed.valueAud),
      baseLvr: round4(stress.base.lvr),
      stressedLvr: round4(stress.stressed.lvr),
      baseServiceable: stress.base.serviceable,
      stressedServiceable: stress.stressed.serviceable,
      baseExpectedLossAud: Math.round(stress.base.expectedLossAud),
      stressedExpectedLossAud: Math.round(stress.stressed.expectedLossAud),
      trace: stress.trace,
    };
  });

  const assumptions = [
    'Values are the portfolio run\'s estimates today; the price shock multiplies them in its region',
    'Serviceability under stress is tested at the shocked rate without the APG 223 buffer (an origination test)',
    'LMI is held where the base case needed it; the stress does not buy new cover',
  ];
  if (scenario.hazardEvent) {
    const { annualProbability } = eventParameters(scenario.hazardEvent.event, loss);
    assumptions.push(
      `${STRESS_HAZARD_EVENT_LABELS[scenario.hazardEvent.event]}: annual probability ${pct(annualProbability, 0)}; damage = expected annual damage of today's score / ${pct(annualProbability, 0)}, at most the whole building (${pct(CLIMATE_VALUE_PARAMETERS.buildingShare, 0)} of the value)`,
    );
  }
  return {
    method: STRESS_METHOD,
    scenario: { priceShock: scenario.priceShock, rateShock: scenario.rateShock, hazardEvent: scenario.hazardEvent },
    description: describeScenario(scenario),
    loansAssessed: loans,
    loansSkipped: totals.skipped,
    loansHitByPriceShock: totals.hitByPrice,
    loansHitByHazardEvent: totals.hitByEvent,
    loansWithIncome: withIncome,
    figures: { lvrAbove80, lvrAbove100, serviceabilityFails, expectedLossAud, minimumCapitalAud, capitalShortfallAud },
    mostAffected,
    assumptions,
    tables: [toTableRef(loss), toTableRef(lending.riskWeights), toTableRef(lending.parameters), DAMAGE_BANDS, toTableRef(CLIMATE_VALUE_PARAMETERS)],
  };
}

/**
 * Applies a stress scenario to a portfolio's assessed loans (rows the run could not assess are
 * passed as `skipped`, counted and left out).
 * @example stressPortfolio([loan], { priceShock: { dropPct: 20, region: { kind: 'national' } }, rateShock: null, hazardEvent: null }).figures.lvrAbove80
 */
export function stressPortfolio(loans: readonly StressLoan[], scenario: StressScenario, skipped = 0, tables: StressTables = DEFAULT_STRESS_TABLES): StressResult {
  const accumulator = createStressAccumulator(scenario, tables);
  for (const loan of loans) accumulator.add(loan);
  accumulator.skip(skipped);
  return accumulator.result();
}

/**
 * A stored per-loan result of a portfolio run as the stress test reads it: the run's estimate and
 * hazard scores, and the loan terms of the row read through the upload's column mapping (`record`,
 * keyed by our field names; the uploaded `input` keeps the file's own names, so it is read only when
 * no record is given), parsed with the upload's own schema; absent terms are the default loan's, as
 * the run assumed. Null for a row the run could not assess.
 * @example stressLoanFromResultRow(row, record)?.valueAud // row.estimate
 */
export function stressLoanFromResultRow(row: PortfolioResultRow, record?: Record<string, unknown> | null): StressLoan | null {
  if (row.error !== null || row.estimate === null || row.estimate <= 0) return null;
  const parsed = portfolioLoanInputSchema.safeParse(record ?? row.input);
  if (!parsed.success) return null;
  const input = parsed.data;
  const loanAmountAud = row.loan_amount ?? input.loan_amount;
  return {
    loanId: row.loan_id,
    suburb: row.suburb,
    state: row.state,
    lat: row.lat,
    lng: row.lng,
    valueAud: row.estimate,
    loanAmountAud,
    ...loanTermsOf(input),
    floodScore: row.flood,
    fireScore: row.fire,
  };
}

/** A stored result and its loan as mapped (`record`), as the database gives them. */
export interface StressSourceLoan {
  result: PortfolioResultRow;
  record: Record<string, unknown> | null;
}

/** Adds a batch of stored result rows to a stress test: unassessed rows are counted as skipped. */
export function addResultRows(accumulator: StressAccumulator, rows: readonly StressSourceLoan[]): void {
  for (const { result, record } of rows) {
    const loan = stressLoanFromResultRow(result, record);
    if (loan) accumulator.add(loan);
    else accumulator.skip();
  }
}

/** Stresses a portfolio's stored result rows held in memory (tests; the server streams them into an accumulator). */
export function stressResultRows(rows: readonly StressSourceLoan[], scenario: StressScenario, tables: StressTables = DEFAULT_STRESS_TABLES): StressResult {
  const accumulator = createStressAccumulator(scenario, tables);
  addResultRows(accumulator, rows);
  return accumulator.result();
}
