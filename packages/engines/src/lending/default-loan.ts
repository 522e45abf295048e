/**
 * The default loan that listings and reports assess when no borrower is known: the lending-rules
 * engine on DEFAULT_LOAN_ASSUMPTIONS, with the assumptions stated in words for the response.
 */
import { formatAud, DEFAULT_LOAN_ASSUMPTIONS, type LendingAssessment } from '@propguard/schemas';
import { assessLoan, type ClimateInput } from './assess-loan.ts';

export const DEFAULT_LOAN_TEXT =
  `Default loan: ${DEFAULT_LOAN_ASSUMPTIONS.lvr * 100}% of the AI valuation, owner-occupier, principal and interest, ` +
  `${DEFAULT_LOAN_ASSUMPTIONS.interestRatePct}% over ${DEFAULT_LOAN_ASSUMPTIONS.termYears} years; no borrower details`;

/** The loan assessed, in words: the default one, or a given amount on the default terms. */
export function loanText(loanAmountAud?: number): string {
  if (loanAmountAud === undefined) return DEFAULT_LOAN_TEXT;
  const loan = DEFAULT_LOAN_ASSUMPTIONS;
  return `Loan of ${formatAud(loanAmountAud)} as given, owner-occupier, principal and interest, ` +
    `${loan.interestRatePct}% over ${loan.termYears} years; no borrower details`;
}

/**
 * The default loan (80% of the valuation), or `loanAmountAud` on the same default terms.
 * @example assessDefaultLoan(1_000_000, { outlook: CLIMATE_OUTLOOK, unavailableReason: 'no hazards' }).lvr.percent // 80
 */
export function assessDefaultLoan(valuationAud: number, climate: ClimateInput, loanAmountAud?: number): LendingAssessment {
  const loan = DEFAULT_LOAN_ASSUMPTIONS;
  return assessLoan(
    {
      valuationAud,
      loanAmountAud: loanAmountAud ?? Math.round(valuationAud * loan.lvr),
      purpose: loan.purpose,
      repayment: loan.repayment,
      interestRatePct: loan.interestRatePct,
      termYears: loan.termYears,
      interestOnlyYears: loan.interestOnlyYears,
    },
    climate,
  );
}
