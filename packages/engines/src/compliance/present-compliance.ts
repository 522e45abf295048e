/**
 * The compliance blocks of the doors that show one loan: the search API's listing block and the
 * original client's `compliance_analysis`. Pure presenters of a lending assessment: every status is
 * the assessment's own (loanStatuses), never recomputed or re-thresholded here.
 */
import type { CompatEnhancedAnalysis, ComplianceStatusSummary, LendingAssessment, ListingComplianceBlock } from '@propguard/schemas';
import { complianceFlag } from './statuses.ts';

/**
 * The listing's `propguard_compliance` block from the default loan's assessment. `cps230`: the
 * workspace's CPS 230 card (the header badge's status) when the caller has it; a loan alone says
 * nothing about CPS 230, so without it `apra_cps230_compliant` is null.
 * @example presentListingCompliance(assessDefaultLoan(1_000_000, climate), DEFAULT_LOAN_TEXT).nccp_act_compliant // null: no borrower, so the NCCP checks did not all run
 */
export function presentListingCompliance(assessment: LendingAssessment, assumptions: string, cps230: ComplianceStatusSummary | null = null): ListingComplianceBlock {
  const { statuses } = assessment;
  return {
    lvr_thresholds: assessment.lvr.thresholds,
    apra_cps230_compliant: cps230 ? complianceFlag(cps230.status) : null,
    risk_category: assessment.riskCategory,
    compliance_score: assessment.complianceScore,
    compliance_score_scale: assessment.complianceScoreScale,
    nccp_act_compliant: complianceFlag(statuses.nccp.status),
    basel_iii_compliant: complianceFlag(statuses.basel3.status),
    lvr_compliant: complianceFlag(statuses.lvr.status),
    statuses: { cps230, lvr: statuses.lvr, nccp: statuses.nccp, basel3: statuses.basel3 },
    risk_weight: assessment.capital.riskWeight,
    climate_adjusted_lvr: assessment.climate.climateAdjustedLvr,
    assumptions,
    method: assessment.method,
  };
}

type CompatCompliance = CompatEnhancedAnalysis['compliance_analysis'];

/**
 * The original client's `compliance_analysis` of a loan (or of none): the status in words and
 * `apra_compliant` true only when every check of the loan ran and passed.
 * @example presentCompatCompliance(null, 'No loan assessed').apra_compliant // null
 */
export function presentCompatCompliance(assessment: LendingAssessment | null, basis: string): CompatCompliance {
  return {
    loan_basis: basis,
    lvr: assessment?.lvr.ratio ?? null,
    lmi_required: assessment?.lmi.isRequired ?? null,
    risk_weight: assessment?.capital.riskWeight ?? null,
    compliance_score: assessment?.complianceScore ?? null,
    compliance_status: assessment?.complianceStatusLabel ?? null,
    climate_adjusted_lvr_2050: assessment?.climate.climateAdjustedLvr ?? null,
    apra_compliant: assessment ? complianceFlag(assessment.complianceStatus) : null,
  };
}
