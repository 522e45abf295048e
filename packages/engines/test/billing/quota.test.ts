import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkValuationQuota, includedUsageOf, priceUsage, usagePeriodOf, type PriceRow } from '../../src/index.ts';

const PRICES: PriceRow[] = [
  { kind: 'valuation', priceCents: 50, fromMonthlyRequests: null },
  { kind: 'bulk_valuation', priceCents: 30, fromMonthlyRequests: 1000 },
  { kind: 'certificate', priceCents: 500, fromMonthlyRequests: null },
  { kind: 'compliance_report', priceCents: 2500, fromMonthlyRequests: null },
];

describe('usagePeriodOf', () => {
  it('is the calendar month in UTC, also across a year end', () => {
    const period = usagePeriodOf(new Date('2026-12-31T23:59:59Z'));
    expect(period.start.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(period.end.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('checkValuationQuota', () => {
  const at = new Date('2026-11-24T22:00:00Z');
  const periodEnd = new Date('2026-12-01T00:00:00Z');

  it('allows the 100th valuation of a 100 quota and refuses the 101st until the month ends', () => {
    expect(checkValuationQuota({ used: 99, quota: 100, at, periodEnd })).toEqual({ isAllowed: true, remaining: 0, retryAfterSeconds: null });
    // 24 Nov 22:00 -> 1 Dec 00:00 is 6 days and 2 hours = 6 x 86,400 + 7,200 = 525,600 s.
    expect(checkValuationQuota({ used: 100, quota: 100, at, periodEnd })).toEqual({ isAllowed: false, remaining: 0, retryAfterSeconds: 525_600 });
  });

  it('never refuses an unlimited plan', () => {
    expect(checkValuationQuota({ used: 1_000_000, quota: null, at, periodEnd }).isAllowed).toBe(true);
  });

  it('allows exactly `quota` calls in a period (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 20_000 }), (quota, used) => {
      const decision = checkValuationQuota({ used, quota, at, periodEnd });
      expect(decision.isAllowed).toBe(used < quota);
      if (decision.isAllowed) expect(decision.remaining).toBe(quota - used - 1);
      else expect(decision.retryAfterSeconds).toBeGreaterThan(0);
    }));
  });
});

describe('priceUsage', () => {
  it('prices valuations at 50 c up to the 999th and 30 c from the 1,000th', () => {
    // 999 x 50 + 201 x 30 = 49,950 + 6,030 = 55,980 c; plus 2 compliance reports at 2,500 c = 60,980 c.
    const priced = priceUsage({ valuation: 1200, compliance_report: 2, other: 40 }, PRICES);
    expect(priced.rows.find((row) => row.kind === 'valuation')).toEqual({ kind: 'valuation', count: 999, included: 0, billable: 999, unitPriceCents: 50, costCents: 49_950 });
    expect(priced.rows.find((row) => row.kind === 'bulk_valuation')).toEqual({ kind: 'bulk_valuation', count: 201, included: 0, billable: 201, unitPriceCents: 30, costCents: 6_030 });
    expect(priced.rows.find((row) => row.kind === 'other')).toEqual({ kind: 'other', count: 40, included: 40, billable: 0, unitPriceCents: 0, costCents: 0 });
    expect(priced.totalCents).toBe(60_980);
  });

  it('charges 3 valuations $1.50', () => {
    expect(priceUsage({ valuation: 3 }, PRICES).totalCents).toBe(150);
  });

  it('never lowers the cost when a call is added (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 0, max: 50 }), (valuations, reports) => {
      const before = priceUsage({ valuation: valuations, compliance_report: reports }, PRICES).totalCents;
      expect(priceUsage({ valuation: valuations + 1, compliance_report: reports }, PRICES).totalCents).toBeGreaterThan(before);
    }));
  });
});

const STARTER = includedUsageOf({ id: 'starter', monthlyValuationQuota: 5 });
const PROFESSIONAL = includedUsageOf({ id: 'professional', monthlyValuationQuota: 100 });
const ENTERPRISE = includedUsageOf({ id: 'enterprise', monthlyValuationQuota: null });

describe('includedUsageOf: what each plan includes each month', () => {
  it('Starter: its 5 valuations only; Professional: 100 valuations and compliance reports; Enterprise: unlimited valuations, reports and certificates', () => {
    expect(STARTER).toEqual({ valuations: 5, complianceReports: 0, certificates: 0 });
    expect(PROFESSIONAL).toEqual({ valuations: 100, complianceReports: null, certificates: 0 });
    expect(ENTERPRISE).toEqual({ valuations: null, complianceReports: null, certificates: null });
  });

  it("takes the valuations from the plan's quota, so the meter and the quota agree", () => {
    expect(includedUsageOf({ id: 'professional', monthlyValuationQuota: 250 }).valuations).toBe(250);
    expect(includedUsageOf({ id: 'unknown', monthlyValuationQuota: 7 })).toEqual({ valuations: 7, complianceReports: 0, certificates: 0 });
  });
});

describe('priceUsage with what the plan includes', () => {
  it('Professional at 100 of 100 valuations: all included, $0 (was $50.00)', () => {
    const priced = priceUsage({ valuation: 100 }, PRICES, PROFESSIONAL);
    expect(priced.rows.find((row) => row.kind === 'valuation')).toEqual({ kind: 'valuation', count: 100, included: 100, billable: 0, unitPriceCents: 50, costCents: 0 });
    expect(priced.totalCents).toBe(0);
  });

  it('Professional: compliance reports are included, certificates are billable at $5.00', () => {
    const priced = priceUsage({ valuation: 40, compliance_report: 3, certificate: 2 }, PRICES, PROFESSIONAL);
    expect(priced.rows.find((row) => row.kind === 'compliance_report')).toMatchObject({ count: 3, included: 3, billable: 0, costCents: 0 });
    expect(priced.rows.find((row) => row.kind === 'certificate')).toMatchObject({ count: 2, included: 0, billable: 2, costCents: 1_000 });
    expect(priced.totalCents).toBe(1_000);
  });

  it('Starter: valuations beyond 5 at 50 c, a compliance report at $25.00', () => {
    const priced = priceUsage({ valuation: 7, compliance_report: 1 }, PRICES, STARTER);
    expect(priced.rows.find((row) => row.kind === 'valuation')).toMatchObject({ count: 7, included: 5, billable: 2, costCents: 100 });
    expect(priced.totalCents).toBe(100 + 2_500);
  });

  it('Enterprise: unlimited valuations (bulk ones too), reports and certificates cost nothing', () => {
    const priced = priceUsage({ valuation: 600, bulk_valuation: 900, compliance_report: 4, certificate: 9 }, PRICES, ENTERPRISE);
    expect(priced.rows.find((row) => row.kind === 'bulk_valuation')).toMatchObject({ count: 501, included: 501, billable: 0 });
    expect(priced.totalCents).toBe(0);
  });

  it('the included valuations are the first of the month: beyond them, 50 c to the 999th and 30 c from the 1,000th', () => {
    // 100 included of 1,200: 899 x 50 + 201 x 30 = 44,950 + 6,030 = 50,980 c.
    const priced = priceUsage({ valuation: 1200 }, PRICES, PROFESSIONAL);
    expect(priced.rows.find((row) => row.kind === 'valuation')).toMatchObject({ count: 999, included: 100, billable: 899, costCents: 44_950 });
    expect(priced.rows.find((row) => row.kind === 'bulk_valuation')).toMatchObject({ count: 201, included: 0, billable: 201, costCents: 6_030 });
    expect(priced.totalCents).toBe(50_980);
    // An allowance reaching into the bulk requests covers those first ones at the bulk price.
    const large = priceUsage({ valuation: 1200 }, PRICES, { valuations: 1100, complianceReports: 0, certificates: 0 });
    expect(large.rows.find((row) => row.kind === 'bulk_valuation')).toMatchObject({ count: 201, included: 101, billable: 100, costCents: 3_000 });
  });

  it('every row: included + billable = count, billable priced alone; more included never costs more (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 3000 }), (valuations, reports, certificates, allowance) => {
      const counts = { valuation: valuations, compliance_report: reports, certificate: certificates };
      const some = priceUsage(counts, PRICES, { valuations: allowance, complianceReports: 0, certificates: 0 });
      for (const row of some.rows) expect(row.included + row.billable).toBe(row.count);
      const more = priceUsage(counts, PRICES, { valuations: allowance + 1, complianceReports: 0, certificates: 0 });
      expect(more.totalCents).toBeLessThanOrEqual(some.totalCents);
      expect(priceUsage(counts, PRICES, { valuations: null, complianceReports: null, certificates: null }).totalCents).toBe(0);
    }));
  });
});
