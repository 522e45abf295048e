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
  count: number;
  costCents: number;
}

/**
 * Prices a period's usage with the API price list. Valuation requests are graduated: the
 * requests before the bulk threshold at the valuation price, the threshold-th and later at the
 * bulk price (SPEC.md section 9: "$0.50 per valuation request; bulk from 1000 requests $0.30").
 *
 * @example 1,200 valuations at 50 c, bulk 30 c from the 1,000th: 999 x 50 + 201 x 30 = 55,980 c
 */
export function priceUsage(counts: Partial<Record<UsageKind, number>>, prices: readonly PriceRow[]): { rows: PricedUsageRow[]; totalCents: number } {
  const priceOf = (kind: UsageKind) => prices.find((row) => row.kind === kind);
  const valuations = (counts.valuation ?? 0) + (counts.bulk_valuation ?? 0);
  const bulk = priceOf('bulk_valuation');
  const threshold = bulk?.fromMonthlyRequests ?? null;
  const bulkCount = threshold === null ? 0 : Math.max(0, valuations - (threshold - 1));
  const standardCount = valuations - bulkCount;
  const rows: PricedUsageRow[] = [
    { kind: 'valuation', count: standardCount, costCents: standardCount * (priceOf('valuation')?.priceCents ?? 0) },
    { kind: 'bulk_valuation', count: bulkCount, costCents: bulkCount * (bulk?.priceCents ?? 0) },
  ];
  for (const kind of ['compliance_report', 'certificate', 'other'] as const) {
    const count = counts[kind] ?? 0;
    rows.push({ kind, count, costCents: count * (priceOf(kind)?.priceCents ?? 0) });
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
