/**
 * One status, one function (issue 28): how a set of checks becomes a status, and the loan-level
 * statuses (LVR, NCCP, APS 112 capital) of one loan assessment. Every door reads these: the header
 * badge and the APRA tab (regulation-cards.ts), the lending assessment, reports, the search API's
 * listing block and the original client's `compliance_analysis` (present-compliance.ts).
 *
 * The policy: a regulation is "compliant" only when every check ran and passed; "review_required"
 * when any check failed; otherwise "not_checked" (nothing failed, something did not run). Its score is
 * the checks passed over all checks, rounded down, so it shows 100% only beside checks that all ran
 * and passed.
 */
import {
  CHECK_STATUS_LABELS,
  COMPLIANCE_STATUS_LABELS,
  type ComplianceCheck,
  type ComplianceStatus,
  type ComplianceStatusSummary,
  type NccpCheck,
} from '@propguard/schemas';

/**
 * A check from what it found: true passed, false failed, null did not run.
 * @example makeCheck('Tolerances set by the lender', null, 'PropGuard defaults in use').statusLabel // 'Not checked'
 */
export function makeCheck(label: string, passes: boolean | null, detail: string): ComplianceCheck {
  const status = passes === null ? 'not_checked' : passes ? 'pass' : 'fail';
  return { label, status, statusLabel: CHECK_STATUS_LABELS[status], detail };
}

/** The status of checks by count: any failure is a review, anything unrun keeps "compliant" away. */
function statusOf(failed: number, notChecked: number, total: number): ComplianceStatus {
  if (failed > 0) return 'review_required';
  if (notChecked > 0 || total === 0) return 'not_checked';
  return 'compliant';
}

/**
 * The status, score and words of a set of checks.
 * @example summariseChecks([makeCheck('a', true, ''), makeCheck('b', null, '')]) // { status: 'not_checked', label: 'Not fully checked', score: 50, summary: '1 of 2 checks passed; 1 not checked', ... }
 */
export function summariseChecks(checks: readonly ComplianceCheck[]): ComplianceStatusSummary {
  const total = checks.length;
  const passed = checks.filter((item) => item.status === 'pass').length;
  const failed = checks.filter((item) => item.status === 'fail').length;
  const notChecked = total - passed - failed;
  const status = statusOf(failed, notChecked, total);
  // Rounded down: 99.6% is not 100%, and 100% means every check passed.
  const score = total === 0 ? 0 : Math.floor((passed / total) * 100);
  const parts = [`${passed} of ${total} check${total === 1 ? '' : 's'} passed`];
  if (failed > 0) parts.push(`${failed} failed`);
  if (notChecked > 0) parts.push(`${notChecked} not checked`);
  return { status, label: COMPLIANCE_STATUS_LABELS[status], score, passed, failed, notChecked, total, summary: parts.join('; '), checks: [...checks] };
}

/**
 * The statuses of several summaries together (a loan's LVR, NCCP and capital): the same policy as
 * for checks, so "compliant" only when each part is.
 * @example combineStatuses(['compliant', 'not_checked']) // 'not_checked'
 */
export function combineStatuses(statuses: readonly ComplianceStatus[]): ComplianceStatus {
  return statusOf(statuses.filter((status) => status === 'review_required').length, statuses.filter((status) => status === 'not_checked').length, statuses.length);
}

/** A compliance flag for the APIs' boolean fields: true compliant, false review required, null not checked. */
export function complianceFlag(status: ComplianceStatus): boolean | null {
  return status === 'compliant' ? true : status === 'review_required' ? false : null;
}

/**
 * The APS 112 table's verification as a check, shared by the APRA tab's Basel III card and every
 * loan's capital status: a table read from third-party summaries cannot make either pass.
 */
export function aps112TableCheck(table: { id: string; version: string; verification: string }): ComplianceCheck {
  return makeCheck(
    "APS 112 risk-weight table verified against APRA's text",
    table.verification === 'verified' ? true : null,
    `${table.id} v${table.version}: ${table.verification}; not checked until it is verified`,
  );
}

/** The measured figures of one loan that its statuses read (from assessLoan). */
export interface LoanStatusInput {
  /** LVR as a fraction. */
  lvr: number;
  isLmiRequired: boolean;
  /** LMI as given by the caller: undefined when it was assumed held. */
  hasLmiInput: boolean | undefined;
  riskWeight: number;
  nccpChecks: readonly NccpCheck[];
  riskWeightTable: { id: string; version: string; verification: string };
}

export interface LoanStatuses {
  lvr: ComplianceStatusSummary;
  nccp: ComplianceStatusSummary;
  basel3: ComplianceStatusSummary;
  overall: ComplianceStatus;
}

/**
 * The LVR, NCCP and APS 112 statuses of one loan. LMI assumed held (not given) is not a pass: the
 * LMI check reads "Not checked" until the caller says whether it is held.
 * @example loanStatuses({ lvr: 0.8, isLmiRequired: false, hasLmiInput: undefined, riskWeight: 0.35, nccpChecks: [], riskWeightTable: APS112_RISK_WEIGHTS }).lvr.status // 'compliant'
 */
export function loanStatuses(input: LoanStatusInput): LoanStatuses {
  const lvrPct = `LVR ${(input.lvr * 100).toFixed(1)}%`;
  const lmiCheck = !input.isLmiRequired
    ? makeCheck('LVR at or below 80%, or LMI held', true, `${lvrPct}: no LMI needed`)
    : makeCheck(
        'LVR at or below 80%, or LMI held',
        input.hasLmiInput ?? null,
        input.hasLmiInput === undefined ? `${lvrPct}: LMI assumed held, not confirmed (give has_lmi)` : `${lvrPct}: LMI ${input.hasLmiInput ? 'held' : 'not held'}`,
      );
  const withinValue = makeCheck('Loan within the value of the security', input.lvr <= 1 + 1e-9, lvrPct);
  const nccp = input.nccpChecks.map((item) => makeCheck(item.label, item.status === 'missing' ? null : item.status === 'pass', item.detail));
  const basel3 = [
    aps112TableCheck(input.riskWeightTable),
    makeCheck('Risk weight at or below 100% (LVR at or below 100%)', input.riskWeight <= 1 && input.lvr <= 1 + 1e-9, `Risk weight ${Math.round(input.riskWeight * 100)}% at ${lvrPct}`),
  ];
  const statuses = { lvr: summariseChecks([lmiCheck, withinValue]), nccp: summariseChecks(nccp), basel3: summariseChecks(basel3) };
  return { ...statuses, overall: combineStatuses([statuses.lvr.status, statuses.nccp.status, statuses.basel3.status]) };
}
