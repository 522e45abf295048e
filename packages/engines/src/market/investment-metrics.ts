/**
 * Rents, yields and the investment metrics of SPEC.md section 2 (cap rate, cash-on-cash, NOI per
 * year, DSCR). Rents are real (DFFH moving annual median rents by suburb group); the costs are
 * stated assumptions, returned with every result so that a reader sees what was assumed.
 */
import type { InvestmentMetrics, LoanInputs } from '@propguard/schemas';

/** One row of the DFFH Rental Report "moving annual rents by suburb" (data/vic-suburb-median-prices-and-rents). */
export interface RentRow {
  dwellingType: string;
  region: string;
  suburbGroup: string;
  /** Last month of the 12 months the median covers, YYYY-MM. */
  periodEnd: string;
  newLettings: number | null;
  weeklyRentAud: number | null;
}

export type RentLookup = { found: true; weeklyRentAud: number; source: string } | { found: false; reason: string };

export const DEFAULT_LOAN: LoanInputs = { lvr: 0.8, interest_rate: 0.06, term_years: 30, repayment: 'principal_and_interest' };

/**
 * Cost assumptions (docs/methodology/market.md). Not measurements: typical Melbourne figures an
 * analyst would use before seeing the property's own rates notice and management agreement.
 */
export const INVESTMENT_ASSUMPTIONS = {
  /** About two weeks' vacancy a year. */
  vacancyShare: 0.04,
  /** Letting and management fee: 7% plus GST of the rent collected. */
  managementShare: 0.077,
  /** Repairs and maintenance, share of the gross rent. */
  maintenanceShare: 0.05,
  /** Council rates and water service charges, dollars a year. */
  ratesAud: { house: 2_600, unit: 1_900 },
  /** Landlord insurance (a unit's building is insured by the owners corporation). */
  insuranceAud: { house: 1_800, unit: 600 },
  /** Owners corporation (strata) fees. */
  strataAud: { house: 0, townhouse: 1_500, unit: 3_000 },
  /**
   * Purchase costs as a share of the price: Victorian land transfer duty is about 5.5% near the
   * median (SRO Victoria general rates: 5.5% of the whole price above $960,000) plus conveyancing.
   */
  purchaseCostShare: 0.055,
} as const;

const RENT_HOUSE_TYPES = ['2 bedroom house', '3 bedroom house', '4 bedroom house'] as const;
const RENT_FLAT_TYPES = ['1 bedroom flat', '2 bedroom flat', '3 bedroom flat'] as const;

/** The DFFH dwelling type that matches a property type and its typical bedrooms. */
export function rentDwellingType(propertyType: string, bedrooms: number | null): string | null {
  if (propertyType === 'land') return null;
  if (propertyType === 'unit') {
    const beds = bedrooms ?? 2;
    return RENT_FLAT_TYPES[Math.min(2, Math.max(0, Math.round(beds) - 1))]!;
  }
  const beds = bedrooms ?? 3;
  return RENT_HOUSE_TYPES[Math.min(2, Math.max(0, Math.round(beds) - 2))]!;
}

/** The suburbs named by a DFFH suburb group ("Albert Park-Middle Park-West St Kilda"). */
export function suburbsOfGroup(group: string): string[] {
  return group.split('-').map((name) => name.trim().toUpperCase()).filter(Boolean);
}

/**
 * The median weekly rent of the suburb's group for the dwelling type, for the 12 months ending at
 * or before `asAt`; the group's "All properties" figure when the type's is not published.
 * @example findRent(rows, 'RICHMOND', 'house', 3, '2018-03-17') // { found: true, weeklyRentAud: 560, ... }
 */
export function findRent(rows: readonly RentRow[], suburb: string, propertyType: string, bedrooms: number | null, asAt: string): RentLookup {
  const dwellingType = rentDwellingType(propertyType, bedrooms);
  if (dwellingType === null) return { found: false, reason: 'No rent data for vacant land' };
  const name = suburb.trim().toUpperCase();
  const inGroup = rows.filter((row) => suburbsOfGroup(row.suburbGroup).includes(name));
  if (inGroup.length === 0) return { found: false, reason: `No published rents for ${suburb}: our rent data are the Victorian suburb groups of the DFFH Rental Report` };
  const asAtMonth = asAt.slice(0, 7);
  for (const type of [dwellingType, 'All properties']) {
    const latest = inGroup
      .filter((row) => row.dwellingType === type && row.weeklyRentAud !== null && row.periodEnd <= asAtMonth)
      .sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : -1))[0];
    if (latest) {
      return {
        found: true,
        weeklyRentAud: latest.weeklyRentAud!,
        source: `DFFH median rent, ${latest.dwellingType}, ${latest.suburbGroup}, 12 months to ${latest.periodEnd} (${latest.newLettings ?? 'unknown'} new lettings)`,
      };
    }
  }
  return { found: false, reason: `No rent published for ${suburb} up to ${asAtMonth}` };
}

function costClass(propertyType: string): 'house' | 'unit' {
  return propertyType === 'unit' ? 'unit' : 'house';
}

/** Annual repayments of a loan: the annuity formula for principal and interest, or the interest alone. */
export function annualDebtService(loanAud: number, loan: LoanInputs): number {
  if (loanAud <= 0) return 0;
  if (loan.repayment === 'interest_only' || loan.interest_rate === 0) {
    return loan.repayment === 'interest_only' ? loanAud * loan.interest_rate : loanAud / loan.term_years;
  }
  const monthlyRate = loan.interest_rate / 12;
  const payments = loan.term_years * 12;
  return ((loanAud * monthlyRate) / (1 - (1 + monthlyRate) ** -payments)) * 12;
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * Yields and investment metrics of buying at `priceAud` and letting at `weeklyRentAud`.
 *   NOI = rent x 52 x (1 - vacancy) - management - maintenance - rates - insurance - strata
 *   cap rate = NOI / price; net yield = NOI / (price + purchase costs); gross yield = rent x 52 / price
 *   cash-on-cash = (NOI - debt service) / (deposit + purchase costs); DSCR = NOI / debt service
 * @example computeInvestmentMetrics({ priceAud: 1_000_000, weeklyRentAud: 600, propertyType: 'house', rentSource: 'x', loan: DEFAULT_LOAN }).gross_yield // 0.0312
 */
export function computeInvestmentMetrics(input: { priceAud: number; weeklyRentAud: number; propertyType: string; rentSource: string; loan: LoanInputs }): InvestmentMetrics {
  const { priceAud, weeklyRentAud, propertyType, loan } = input;
  const a = INVESTMENT_ASSUMPTIONS;
  const annualRent = weeklyRentAud * 52;
  const collected = annualRent * (1 - a.vacancyShare);
  const kind = costClass(propertyType);
  const strata = propertyType === 'townhouse' || propertyType === 'villa' ? a.strataAud.townhouse : a.strataAud[kind];
  const costs = [
    { name: 'Vacancy', annual_aud: Math.round(annualRent * a.vacancyShare), basis: `${a.vacancyShare * 100}% of the rent (about two weeks a year)` },
    { name: 'Management', annual_aud: Math.round(collected * a.managementShare), basis: '7% + GST of the rent collected' },
    { name: 'Maintenance', annual_aud: Math.round(annualRent * a.maintenanceShare), basis: `${a.maintenanceShare * 100}% of the rent` },
    { name: 'Council rates and water', annual_aud: a.ratesAud[kind], basis: 'Typical Melbourne figure' },
    { name: 'Landlord insurance', annual_aud: a.insuranceAud[kind], basis: kind === 'unit' ? 'Contents and liability; the building is insured by the owners corporation' : 'Building and landlord cover' },
    { name: 'Owners corporation', annual_aud: strata, basis: strata === 0 ? 'None for a freestanding house' : 'Typical strata levy' },
  ];
  const operatingCosts = costs.slice(1).reduce((sum, item) => sum + item.annual_aud, 0);
  const noi = collected - operatingCosts;
  const purchaseCosts = priceAud * a.purchaseCostShare;
  const loanAud = priceAud * loan.lvr;
  const debtService = annualDebtService(loanAud, loan);
  const cashInvested = priceAud - loanAud + purchaseCosts;
  return {
    rent_source: input.rentSource,
    weekly_rent: Math.round(weeklyRentAud),
    annual_rent: Math.round(annualRent),
    price: Math.round(priceAud),
    gross_yield: round4(annualRent / priceAud),
    net_yield: round4(noi / (priceAud + purchaseCosts)),
    cap_rate: round4(noi / priceAud),
    noi: Math.round(noi),
    cash_on_cash: round4((noi - debtService) / cashInvested),
    dscr: debtService > 0 ? Math.round((noi / debtService) * 100) / 100 : null,
    annual_debt_service: Math.round(debtService),
    cash_invested: Math.round(cashInvested),
    costs,
    loan,
  };
}
