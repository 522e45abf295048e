import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkValuationQuota, priceUsage, usagePeriodOf, type PriceRow } from '../../src/index.ts';

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
    expect(priced.rows.find((row) => row.kind === 'valuation')).toEqual({ kind: 'valuation', count: 999, costCents: 49_950 });
    expect(priced.rows.find((row) => row.kind === 'bulk_valuation')).toEqual({ kind: 'bulk_valuation', count: 201, costCents: 6_030 });
    expect(priced.rows.find((row) => row.kind === 'other')).toEqual({ kind: 'other', count: 40, costCents: 0 });
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
