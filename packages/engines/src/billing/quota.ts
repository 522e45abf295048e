import type { UsageKind } from '@propguard/schemas';

/**
 * Quota and metering arithmetic for calls made with an API key (issue 14). Pure: the caller
 * passes the time and the counts it read from the database.
 */

const DAY_MS = 86_400_000;

/** The metering period that holds `at`: the calendar month in UTC, [start, end). */
export function usagePeriodOf(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}

export interface QuotaDecision {
  isAllowed: boolean;
  /** Valuations left this period after this call; null when the plan is unlimited. */
  remaining: number | null;
  /** Seconds until the quota resets (for Retry-After), when refused. */
  retryAfterSeconds: number | null;
}

/**
 * May `requested` more metered valuations run (1, or a portfolio's loans)? `used` counts this
 * period's valuations so far. All or nothing: a portfolio larger than what is left is refused whole.
 *
 * @example checkValuationQuota({ used: 99, quota: 100, at, periodEnd }) // allowed, remaining 0
 * @example checkValuationQuota({ used: 100, quota: 100, at, periodEnd }) // refused, retry at periodEnd
 * @example checkValuationQuota({ used: 0, quota: 5, requested: 40, at, periodEnd }) // refused
 */
export function checkValuationQuota(input: { used: number; quota: number | null; requested?: number; at: Date; periodEnd: Date }): QuotaDecision {
  const requested = input.requested ?? 1;
  if (input.quota === null) return { isAllowed: true, remaining: null, retryAfterSeconds: null };
  if (input.used + requested <= input.quota) return { isAllowed: true, remaining: input.quota - input.used - requested, retryAfterSeconds: null };
  return { isAllowed: false, remaining: 0, retryAfterSeconds: Math.max(1, Math.ceil((input.periodEnd.getTime() - input.at.getTime()) / 1000)) };
}

/** Which usage kinds count against the monthly valuation quota. */
export const QUOTA_KINDS: readonly UsageKind[] = ['valuation', 'bulk_valuation'];

export interface PriceRow {
  kind: UsageKind;
  priceCents: number;
  /** For bulk: the price applies from this many valuation requests in the period (1-based). */
  fromMonthlyRequests: number | null;
}

export interface PricedUsageRow {
  kind: UsageKind;
  /** Calls of this row this period. */
  count: number;
  /** Of `count`, those the plan includes (not charged). */
  included: number;
  /** Of `count`, those beyond the plan: `count - included`, priced in `costCents`. */
  billable: number;
  /** The API price of one billable call of this row. */
  unitPriceCents: number;
  costCents: number;
}

/** A monthly allowance: a number of calls, or null for unlimited. */
export type Allowance = number | null;

/** What a plan includes each month, before anything is billable. */
export interface IncludedUsage {
  /** Valuations and bulk valuations together: the plan's monthly valuation quota. */
  valuations: Allowance;
  complianceReports: Allowance;
  certificates: Allowance;
}

/** Nothing included: every metered call is billable at the API prices. */
export const NOTHING_INCLUDED: IncludedUsage = { valuations: 0, complianceReports: 0, certificates: 0 };

/**
 * What each plan includes each month, from the Pricing tab's feature list (SPEC.md section 8):
 * - Starter: its 5 valuations; nothing else (an APRA compliance report is $25.00, an NFT certificate $5.00).
 * - Professional: its 100 valuations and APRA compliance reporting (compliance reports unlimited);
 *   NFT certificates are $5.00 each (the plan has no blockchain NFTs).
 * - Enterprise: unlimited valuations, APRA compliance reports and blockchain NFT certificates.
 * The valuation allowance is the plan's own monthly quota (`monthlyValuationQuota`, null for
 * unlimited), so the quota and the meter cannot disagree. Another plan includes only its valuations.
 */
export function includedUsageOf(plan: { id: string; monthlyValuationQuota: number | null }): IncludedUsage {
  const valuations = plan.monthlyValuationQuota;
  if (plan.id === 'starter') return { valuations, complianceReports: 0, certificates: 0 };
  if (plan.id === 'professional') return { valuations, complianceReports: null, certificates: 0 };
  if (plan.id === 'enterprise') return { valuations, complianceReports: null, certificates: null };
  return { valuations, complianceReports: 0, certificates: 0 };
}

/** How many of `count` calls an allowance covers. */
function coveredBy(allowance: Allowance, count: number): number {
  return allowance === null ? count : Math.min(count, Math.max(0, allowance));
}

function pricedRow(kind: UsageKind, count: number, included: number, priceCents: number): PricedUsageRow {
  const billable = count - included;
  return { kind, count, included, billable, unitPriceCents: priceCents, costCents: billable * priceCents };
}

/**
 * Prices a period's usage with the API price list (SPEC.md section 9: "$0.50 per valuation
 * request; bulk from 1000 requests $0.30"; NFT minting $5.00; APRA compliance report $25.00),
 * charging only what the plan does not include (`included`, see includedUsageOf).
 *
 * Valuation requests (valuation and bulk_valuation together) are numbered in the month: the 1st to
 * the 999th are the "valuation" row, the 1,000th and later the "bulk" row. The plan's included
 * valuations are the first ones of the month; of each row, only the requests beyond them are billable,
 * at that row's price. Compliance reports and certificates: those beyond their allowance, at their
 * price. "Other" calls are never charged.
 *
 * @example Professional, 100 valuations: included 100, billable 0, $0.00
 * @example nothing included, 1,200 valuations: 999 x 50 + 201 x 30 = 55,980 c
 * @example 100 included, 1,200 valuations: (999 - 100) x 50 + 201 x 30 = 50,980 c
 */
export function priceUsage(counts: Partial<Record<UsageKind, number>>, prices: readonly PriceRow[], included: IncludedUsage = NOTHING_INCLUDED): { rows: PricedUsageRow[]; totalCents: number } {
  const priceOf = (kind: UsageKind) => prices.find((row) => row.kind === kind)?.priceCents ?? 0;
  const valuations = (counts.valuation ?? 0) + (counts.bulk_valuation ?? 0);
  const threshold = prices.find((row) => row.kind === 'bulk_valuation')?.fromMonthlyRequests ?? null;
  const bulkCount = threshold === null ? 0 : Math.max(0, valuations - (threshold - 1));
  const standardCount = valuations - bulkCount;
  const includedValuations = coveredBy(included.valuations, valuations);
  const includedStandard = Math.min(includedValuations, standardCount);
  const rows: PricedUsageRow[] = [
    pricedRow('valuation', standardCount, includedStandard, priceOf('valuation')),
    pricedRow('bulk_valuation', bulkCount, includedValuations - includedStandard, priceOf('bulk_valuation')),
  ];
  const allowances = { compliance_report: included.complianceReports, certificate: included.certificates, other: null } as const;
  for (const kind of ['compliance_report', 'certificate', 'other'] as const) {
    const count = counts[kind] ?? 0;
    rows.push(pricedRow(kind, count, coveredBy(allowances[kind], count), kind === 'other' ? 0 : priceOf(kind)));
  }
  return { rows, totalCents: rows.reduce((sum, row) => sum + row.costCents, 0) };
}

/** Adds whole days (UTC), e.g. the end of a 14-day trial. */
export function addDays(at: Date, days: number): Date {
  return new Date(at.getTime() + days * DAY_MS);
}

/** SPEC.md section 9: "Billing cycle monthly at 30 days when a plan has a period". */
export const BILLING_CYCLE_DAYS = 30;

/** ISO date (yyyy-mm-dd) in UTC. */
export function isoDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}
