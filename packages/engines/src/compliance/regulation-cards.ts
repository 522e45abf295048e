/**
 * The APRA tab's regulation cards (CPS 230, CPS 234, NCCP, Basel III) from the evidence the server
 * measured: the checks are defined here, once, and their statuses come from summariseChecks. The
 * header badge reads the CPS 230 card; nothing else decides it.
 */
import type { ComplianceCheck, RegulationCard } from '@propguard/schemas';
import { assessLoan } from '../lending/assess-loan.ts';
import { APS112_RISK_WEIGHTS } from '../lending/reference-tables.ts';
import { aps112TableCheck, makeCheck, summariseChecks } from './statuses.ts';

/** One dependency as measured over the last 24 hours, against the workspace's tolerance. */
export interface DependencyEvidence {
  id: string;
  name: string;
  status: 'ok' | 'degraded' | 'down' | 'not_configured' | 'not_built';
  detail: string;
  samples24h: number;
  /** Over the last 24 hours: availability and the latest sample. Null: not counted (not configured). */
  isWithinTolerance: boolean | null;
  /**
   * Whether the latest sample breaches the tolerance (down, or slower than allowed): what opens an
   * incident, and keeps it open. A dependency back within it whose 24-hour availability is still
   * short is outside its tolerance without an open incident: its incident was logged and resolved.
   * Null: not counted.
   */
  isBreachingNow: boolean | null;
  toleranceSource: 'default' | 'lender';
}

export interface RegulationEvidence {
  dependencies: readonly DependencyEvidence[];
  /** Open incidents with their notification clocks (hours left). */
  openIncidents: readonly { dependency: string; hoursLeftMaterial: number; hoursLeftOutsideTolerance: number | null }[];
  /** Incidents in the log (open and resolved). */
  incidentsLogged: number;
  /** Health samples kept over the last 24 hours, all dependencies. */
  samples24h: number;
  /** ISO time of the newest health sample, or null. */
  lastSampleAt: string | null;
  /** Valuations and loan assessments in the audit trail, and the newest one's time. */
  audit: { total: number; lastAt: string | null };
  /** Loans assessed one by one (the tab's portfolio) and how many are above 80% LVR. */
  portfolio: { total: number; high: number };
  riskWeightTable?: { id: string; version: string; verification: string };
}

/** APG 223 (third-party reading): serviceability at the loan rate plus a 3 percentage-point buffer. */
const REFERENCE_RATE_PCT = 6;
const EXPECTED_ASSESSMENT_RATE_PCT = 9;

/** SPEC.md section 9 reading of the Basel III card: under 20% of assessed loans above 80% LVR. */
const MAX_HIGH_LVR_SHARE = 0.2;

/**
 * The four regulation cards, each with its status, score and checks.
 * @example buildRegulationCards(evidence).find((card) => card.id === 'cps230')?.label // 'Not fully checked' while PropGuard's default tolerances are in use
 */
export function buildRegulationCards(evidence: RegulationEvidence): RegulationCard[] {
  const table = evidence.riskWeightTable ?? APS112_RISK_WEIGHTS;
  const counted = evidence.dependencies.filter((dependency) => dependency.isWithinTolerance !== null);
  const outside = counted.filter((dependency) => dependency.isWithinTolerance === false);
  const breaching = counted.filter((dependency) => dependency.isBreachingNow === true);
  const hasLenderTolerance = evidence.dependencies.some((dependency) => dependency.toleranceSource === 'lender');
  const database = evidence.dependencies.find((dependency) => dependency.id === 'database');
  // The engine itself, on a reference loan: the check fails if the APG 223 buffer is not applied.
  const probe = assessLoan({ valuationAud: 1_000_000, loanAmountAud: 600_000, purpose: 'owner_occupier', repayment: 'principal_and_interest', interestRatePct: REFERENCE_RATE_PCT, termYears: 30, interestOnlyYears: 5, grossAnnualIncomeAud: 200_000 }).serviceability;

  const card = (id: RegulationCard['id'], name: string, checks: ComplianceCheck[], lastAudit: string | null): RegulationCard => ({ id, name, lastAudit, ...summariseChecks(checks) });
  return [
    card('cps230', 'CPS 230 Operational Risk Management', [
      makeCheck('Service levels measured and kept as history', counted.length > 0 ? counted.every((dependency) => dependency.samples24h > 0) : null, `${counted.length} dependencies sampled; ${evidence.samples24h} samples in 24 h`),
      makeCheck('Dependencies within their tolerances', counted.length > 0 ? outside.length === 0 : null, outside.map((dependency) => dependency.name).join(', ') || (counted.length > 0 ? 'All within tolerance' : 'No dependency sampled')),
      makeCheck('No incident past its notification clock', evidence.openIncidents.every((incident) => incident.hoursLeftMaterial > 0 && (incident.hoursLeftOutsideTolerance ?? 1) > 0), `${evidence.openIncidents.length} open incident(s)`),
      makeCheck('Tolerances set by the lender', hasLenderTolerance ? true : null, hasLenderTolerance ? 'Lender tolerances recorded' : 'PropGuard defaults in use: set yours (PUT /api/compliance/tolerances/{dependency})'),
    ], evidence.lastSampleAt),
    card('cps234', 'CPS 234 Information Security', [
      makeCheck('Valuation audit trail recorded', evidence.audit.total > 0, `${evidence.audit.total} valuations and loan assessments recorded with model version, inputs and data sources`),
      makeCheck('Database available', database ? database.status === 'ok' : null, database?.detail ?? 'Not sampled'),
      // Every dependency whose latest sample breaches its tolerance must have an open incident in the log.
      makeCheck(
        'Incidents logged automatically',
        breaching.every((dependency) => evidence.openIncidents.some((incident) => incident.dependency === dependency.id)),
        `${evidence.incidentsLogged} incident(s) in the log; ${breaching.length} dependency(ies) breaching tolerance now, each needing an open incident`,
      ),
      makeCheck('Access control and encryption at rest', null, "Not checked by PropGuard: the lender's infrastructure"),
    ], evidence.audit.lastAt),
    card('nccp', 'NCCP Responsible Lending', [
      makeCheck(
        'Serviceability assessed at the loan rate + 3 pp (APG 223)',
        probe.isAssessed && probe.assessmentRatePct === EXPECTED_ASSESSMENT_RATE_PCT,
        `The lending engine, run now on a ${REFERENCE_RATE_PCT}% loan with an income, assessed it at ${probe.assessmentRatePct}%`,
      ),
      makeCheck('Loans assessed and recorded', evidence.portfolio.total > 0, `${evidence.portfolio.total} loan(s) assessed`),
      makeCheck("Borrower's requirements and objectives", null, 'Recorded by the credit assistant in the interview; not in PropGuard'),
    ], evidence.audit.lastAt),
    card('basel3', 'Basel III Capital (APS 112)', [
      aps112TableCheck(table),
      makeCheck(
        'Share of assessed loans above 80% LVR under 20%',
        evidence.portfolio.total === 0 ? null : evidence.portfolio.high / evidence.portfolio.total < MAX_HIGH_LVR_SHARE,
        evidence.portfolio.total === 0 ? 'No loans assessed yet' : `${evidence.portfolio.high} of ${evidence.portfolio.total} above 80%`,
      ),
    ], evidence.audit.lastAt),
  ];
}
