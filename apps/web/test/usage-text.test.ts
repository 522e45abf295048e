import { describe, expect, it } from 'vitest';
import type { Plan } from '@propguard/schemas';
import { describeMissingApiAccess } from '../src/features/pricing/plan-text.ts';
import { describePlanInclusions } from '../src/features/settings/usage-text.ts';

const plan = (overrides: Partial<Plan>): Plan => ({ id: 'starter', name: 'Starter', description: '', price_cents: null, billing_period: null, trial_days: 0, monthly_valuation_quota: 5, api_access: false, api_requests_per_minute: 0, features: [], comparison: {}, is_highlighted: false, action: 'get-started', action_label: 'Get Started Free', ...overrides });
const PLANS = [plan({}), plan({ id: 'professional', name: 'Professional', price_cents: 29_900, billing_period: 'month', trial_days: 14, monthly_valuation_quota: 100, api_access: true, action: 'start-trial' }), plan({ id: 'enterprise', name: 'Enterprise', monthly_valuation_quota: null, api_access: true, action: 'contact-sales' })];

describe('the usage meter says what the plan includes', () => {
  it('per plan, in words', () => {
    expect(describePlanInclusions('Starter', { valuations: 5, compliance_reports: 0, certificates: 0 })).toBe('Your Starter plan includes 5 valuations a month. Only calls beyond that are billable, at the API prices.');
    expect(describePlanInclusions('Professional', { valuations: 100, compliance_reports: null, certificates: 0 })).toBe('Your Professional plan includes 100 valuations and unlimited APRA compliance reports a month. Only calls beyond that are billable, at the API prices.');
    expect(describePlanInclusions('Enterprise', { valuations: null, compliance_reports: null, certificates: null })).toBe('Your Enterprise plan includes unlimited valuations, unlimited APRA compliance reports and unlimited NFT certificates a month. Only calls beyond that are billable, at the API prices.');
  });
});

describe('the API keys panel of a plan without API access', () => {
  it('says why there are no keys and which plan adds them', () => {
    expect(describeMissingApiAccess(PLANS, 'starter')).toBe('The Starter plan has no API access, so it has no API keys. API access comes with Professional ($299 per month, 100 valuations a month, 14-day free trial).');
    expect(describeMissingApiAccess(PLANS, 'professional')).toBeNull();
    expect(describeMissingApiAccess(PLANS, 'unknown')).toBeNull();
  });
});
