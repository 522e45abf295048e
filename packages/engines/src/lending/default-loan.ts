/**
 * The default loan that listings and reports assess when no borrower is known: the lending-rules
 * engine on DEFAULT_LOAN_ASSUMPTIONS, with the assumptions stated in words for the response.
 */
import { DEFAULT_LOAN_ASSUMPTIONS, type LendingAssessment } from '@propguard/schemas';
import { assessLoan, type ClimateInput } from './assess-loan.ts';

export const DEFAULT_LOAN_TEXT =
  `Default loan: ${DEFAULT_LOAN_ASSUMPTIONS.lvr * 100}% of the AI valuation, owner-occupier, principal and interest, ` +
  `${DEFAULT_LOAN_ASSUMPTIONS.interestRatePct}% over ${DEFAULT_LOAN_ASSUMPTIONS.termYears} years; no borrower details`;

/** @example assessDefaultLoan(1_000_000, { unavailableReason: 'no hazards' }).lvr.percent // 80 */
export function assessDefaultLoan(valuationAud: number, climate: ClimateInput): LendingAssessment {
  const loan = DEFAULT_LOAN_ASSUMPTIONS;
  return assessLoan(
    {
      valuationAud,
      loanAmountAud: Math.round(valuationAud * loan.lvr),
      purpose: loan.purpose,
      repayment: loan.repayment,
      interestRatePct: loan.interestRatePct,
      termYears: loan.termYears,
      interestOnlyYears: loan.interestOnlyYears,
    },
    climate,
  );
}
