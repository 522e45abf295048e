import { describe, expect, it } from 'vitest';
import type { Plan } from '@propguard/schemas';
import { formatPlanPrice } from '../src/features/pricing/plan-text.ts';
import { formatCents } from '../src/lib/format.ts';

const base: Plan = { id: 'starter', name: 'Starter', description: '', price_cents: null, billing_period: null, trial_days: 0, monthly_valuation_quota: 5, api_access: false, api_requests_per_minute: 0, features: [], comparison: {}, is_highlighted: false, action: 'get-started', action_label: 'Get Started Free' };

describe('plan prices as the Pricing tab shows them', () => {
  it('reads Free, $299 per month and Custom from the plan rows', () => {
    expect(formatPlanPrice(base)).toEqual({ amount: 'Free', period: null });
    expect(formatPlanPrice({ ...base, id: 'professional', price_cents: 29_900, billing_period: 'month', action: 'start-trial' })).toEqual({ amount: '$299', period: 'per month' });
    expect(formatPlanPrice({ ...base, id: 'enterprise', action: 'contact-sales' })).toEqual({ amount: 'Custom', period: null });
  });

  it('shows API prices in dollars and cents', () => {
    expect(formatCents(50)).toBe('$0.50');
    expect(formatCents(2500)).toBe('$25.00');
  });
});
