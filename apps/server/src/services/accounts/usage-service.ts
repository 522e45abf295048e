import { checkValuationQuota, formatLongDate, includedUsageOf, isoDate, priceUsage, QUOTA_KINDS, usagePeriodOf } from '@propguard/engines';
import { bulkUsageRoute, countUsageByKind, insertUsage, listApiPrices, listPlans, reserveUsage, settleUsage, type Database, type PlanRow } from '@propguard/db';
import { AppError, usageKindSchema, USAGE_KINDS, type UsageKind, type UsageResponse } from '@propguard/schemas';
import type { Principal } from './principal.ts';

/** Is this principal's traffic metered? API keys and signed-in sessions are; the local owner and anonymous callers are not. */
export function isMetered(principal: Principal | null): principal is Principal {
  return principal !== null && (principal.kind === 'api_key' || principal.kind === 'session');
}

export class PlanCache {
  private plans: Promise<PlanRow[]> | null = null;
  constructor(private readonly database: Database) {}
  /** Plans change only with a migration: read once. */
  async get(planId: string): Promise<PlanRow> {
    this.plans ??= listPlans(this.database);
    const plan = (await this.plans).find((row) => row.id === planId);
    if (!plan) throw new AppError('INTERNAL_ERROR', `Unknown plan ${planId}.`);
    return plan;
  }
}

/** Per-minute request counters of API-key traffic, per workspace (fixed one-minute windows). */
export class ApiRateWindows {
  private readonly windows = new Map<string, { startedAt: number; count: number }>();
  /** Counts one call; returns the seconds to wait when the plan's limit is exceeded, else null. */
  hit(workspaceId: string, limitPerMinute: number, now: number): number | null {
    const current = this.windows.get(workspaceId);
    if (!current || now - current.startedAt >= 60_000) {
      this.windows.set(workspaceId, { startedAt: now, count: 1 });
      if (this.windows.size > 10_000) this.windows.clear();
      return null;
    }
    current.count += 1;
    return current.count > limitPerMinute ? Math.max(1, Math.ceil((current.startedAt + 60_000 - now) / 1000)) : null;
  }
}

export class QuotaError extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super('QUOTA_EXCEEDED', message);
  }
}

/** Status code of a reserved usage row whose call is still running (settled when it answers). */
export const IN_FLIGHT_STATUS = 0;

/**
 * The quota check and the count of metered valuations in one step: reserves the call's usage row
 * (of `quantity` valuations: 1, or a portfolio's loans) only while the plan's monthly quota has room
 * for all of them (one transaction, see reserveUsage), else refuses with 429 QUOTA_EXCEEDED and
 * Retry-After at the next period. Other kinds are reserved without a check, so that the meter counts
 * them as they run. Returns the reservation to settle when the call answers (settleReservedUsage).
 */
export async function reserveQuota(database: Database, plans: PlanCache, principal: Principal, kind: UsageKind, route: string, now: Date, quantity = 1): Promise<number | null> {
  const plan = await plans.get(principal.planId);
  const period = usagePeriodOf(now);
  const isQuotaKind = QUOTA_KINDS.includes(kind) && plan.monthlyValuationQuota !== null;
  const decide = (used: number) => checkValuationQuota({ used, quota: isQuotaKind ? plan.monthlyValuationQuota : null, requested: quantity, at: now, periodEnd: period.end });
  const reserved = await reserveUsage(
    database,
    { workspaceId: principal.workspaceId, apiKeyId: principal.apiKeyId, kind, route, statusCode: IN_FLIGHT_STATUS, occurredAt: now.toISOString(), quantity },
    { kinds: QUOTA_KINDS, from: period.start.toISOString(), to: period.end.toISOString() },
    (used) => decide(used).isAllowed,
  );
  if (reserved.id !== null) return reserved.id;
  const quota = plan.monthlyValuationQuota ?? 0;
  const hint = plan.id === 'starter' ? 'Upgrade to Professional (100 valuations a month, 14-day free trial) on the Pricing tab.' : 'Contact sales for Enterprise (unlimited valuations).';
  const retryAfter = decide(reserved.used).retryAfterSeconds ?? 60;
  const renews = formatLongDate(isoDate(period.end));
  if (quantity > 1) {
    const left = Math.max(0, quota - reserved.used);
    throw new QuotaError(`This portfolio has ${quantity.toLocaleString('en-AU')} loans, each a valuation, and your ${plan.name} plan has ${left.toLocaleString('en-AU')} of its ${quota.toLocaleString('en-AU')} valuations left this month (${reserved.used.toLocaleString('en-AU')} used; they renew on ${renews}). Nothing was started. ${hint}`, retryAfter);
  }
  throw new QuotaError(`You have used your ${quota} valuations this month (${reserved.used} of ${quota} valuations on the ${plan.name} plan); they renew on ${renews}. ${hint}`, retryAfter);
}

/** A book's loans reserved as bulk valuations, all or none (429 QUOTA_EXCEEDED with the numbers). */
export async function reserveBulkValuations(database: Database, plans: PlanCache, principal: Principal, portfolioId: string, loans: number, now: Date): Promise<void> {
  await reserveQuota(database, plans, principal, 'bulk_valuation', bulkUsageRoute(portfolioId), now, loans);
}

/** A reserved call answered: counted with its status, or released when it failed (failed calls are not charged). */
export async function settleReservedUsage(database: Database, reservationId: number, statusCode: number): Promise<void> {
  await settleUsage(database, reservationId, statusCode);
}

export async function recordUsage(database: Database, principal: Principal, kind: UsageKind, route: string, statusCode: number, at: Date): Promise<void> {
  await insertUsage(database, { workspaceId: principal.workspaceId, apiKeyId: principal.apiKeyId, kind, route, statusCode, occurredAt: at.toISOString() });
}

const KIND_LABELS: Record<UsageKind, string> = {
  valuation: 'Valuation requests',
  bulk_valuation: 'Bulk valuations (from the 1,000th this month)',
  compliance_report: 'APRA compliance reports',
  certificate: 'NFT certificates',
  other: 'Other API calls (not charged)',
};

/**
 * The usage meter: this month's metered calls by kind, split into what the plan includes
 * (includedUsageOf: Starter 5 valuations; Professional 100 valuations and APRA compliance reports;
 * Enterprise unlimited valuations, reports and certificates) and what is billable, and only the
 * billable calls priced with the API price list.
 */
export async function describeUsage(database: Database, plans: PlanCache, principal: Principal, now: Date): Promise<UsageResponse> {
  const period = usagePeriodOf(now);
  const [counts, prices, plan] = await Promise.all([countUsageByKind(database, principal.workspaceId, period.start.toISOString(), period.end.toISOString()), listApiPrices(database), plans.get(principal.planId)]);
  const typed: Partial<Record<UsageKind, number>> = {};
  for (const [kind, total] of Object.entries(counts)) {
    const parsed = usageKindSchema.safeParse(kind);
    if (parsed.success) typed[parsed.data] = total;
  }
  const included = includedUsageOf(plan);
  const priced = priceUsage(typed, prices.flatMap((row) => {
    const kind = usageKindSchema.safeParse(row.kind);
    return kind.success ? [{ kind: kind.data, priceCents: row.priceCents, fromMonthlyRequests: row.fromMonthlyRequests }] : [];
  }), included);
  const used = QUOTA_KINDS.reduce((sum, kind) => sum + (typed[kind] ?? 0), 0);
  return {
    success: true,
    period_start: isoDate(period.start),
    period_end: isoDate(period.end),
    plan: principal.planId,
    valuations_used: used,
    valuations_quota: plan.monthlyValuationQuota,
    valuations_remaining: plan.monthlyValuationQuota === null ? null : Math.max(0, plan.monthlyValuationQuota - used),
    included_per_month: { valuations: included.valuations, compliance_reports: included.complianceReports, certificates: included.certificates },
    by_kind: USAGE_KINDS.map((kind) => {
      const row = priced.rows.find((entry) => entry.kind === kind);
      return { kind, label: KIND_LABELS[kind], count: row?.count ?? 0, included: row?.included ?? 0, billable: row?.billable ?? 0, unit_price_cents: row?.unitPriceCents ?? 0, cost_cents: row?.costCents ?? 0 };
    }),
    total_calls: Object.values(typed).reduce((sum, value) => sum + (value ?? 0), 0),
    total_cost_cents: priced.totalCents,
  };
}
