/** Compliance (issues 7 and 28): the status policy, the APRA tab's regulation cards and the loan doors' blocks. */
export { makeCheck, summariseChecks, combineStatuses, complianceFlag, aps112TableCheck, loanStatuses, type LoanStatusInput, type LoanStatuses } from './statuses.ts';
export { buildRegulationCards, type DependencyEvidence, type RegulationEvidence } from './regulation-cards.ts';
export { presentListingCompliance, presentCompatCompliance } from './present-compliance.ts';
