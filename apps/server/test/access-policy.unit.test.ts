import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { accessOf } from '../src/plugins/access-policy.ts';
import { readCookie, sessionCookie } from '../src/services/accounts/cookies.ts';
import { hashPassword, verifyPassword } from '../src/services/accounts/secrets.ts';
import { usageKindOf } from '../src/services/accounts/usage-service.ts';
import { verifyStripeEvent } from '../src/services/billing/webhook-service.ts';

describe('access policy', () => {
  it('keeps sign-in, plans and webhooks open, public analyses public, and workspace things behind a role', () => {
    expect(accessOf('POST', '/api/auth/signup')).toBe('open');
    expect(accessOf('GET', '/api/plans')).toBe('open');
    expect(accessOf('POST', '/api/billing/webhooks/stripe')).toBe('open');
    expect(accessOf('POST', '/api/valuations')).toBe('public');
    expect(accessOf('POST', '/api/hazards/assess')).toBe('public');
    expect(accessOf('POST', '/functions/v1/property-analysis')).toBe('public');
    expect(accessOf('GET', '/api/realty/property/:id')).toBe('public');
    expect(accessOf('GET', '/api/reports/:reportId')).toBe('viewer');
    expect(accessOf('GET', '/api/compliance/overview')).toBe('viewer');
    expect(accessOf('POST', '/api/realty/valuation-report')).toBe('analyst');
    expect(accessOf('POST', '/api/pipeline/financial-impact-assessment')).toBe('analyst');
    expect(accessOf('PUT', '/api/compliance/tolerances/:dependency')).toBe('owner');
    expect(accessOf('POST', '/api/realty/cache/clear')).toBe('owner');
    expect(accessOf('POST', '/api/billing/checkout')).toBe('owner');
    expect(accessOf('DELETE', '/api/keys/:id')).toBe('owner');
    expect(accessOf('PATCH', '/api/workspace/members/:userId')).toBe('owner');
    expect(accessOf('DELETE', '/api/workspace/members/:userId')).toBe('owner');
    // The chain is public (verify, tokens, transactions); which certificates a workspace holds is not.
    expect(accessOf('GET', '/api/blockchain/nft-collection')).toBe('viewer');
    expect(accessOf('GET', '/api/blockchain/report-certificate')).toBe('viewer');
    expect(accessOf('POST', '/api/blockchain/verify-nft')).toBe('public');
    expect(accessOf('GET', '/api/blockchain/token/:id')).toBe('public');
    expect(accessOf('POST', '/api/blockchain/mint-valuation-nft')).toBe('analyst');
    // A write nobody listed (a future route) needs a role by default.
    expect(accessOf('POST', '/api/portfolios')).toBe('analyst');
    expect(accessOf('GET', '/api/portfolios/:id')).toBe('viewer');
  });

  it('meters valuations and compliance reports by route and template', () => {
    expect(usageKindOf('POST', '/api/valuations', {})).toBe('valuation');
    expect(usageKindOf('POST', '/api/realty/valuation-report', { template: 'lending-summary' })).toBe('compliance_report');
    expect(usageKindOf('POST', '/api/realty/valuation-report', { template: 'climate-risk' })).toBe('valuation');
    expect(usageKindOf('GET', '/api/reports', null)).toBe('other');
  });
});

describe('secrets and cookies', () => {
  it('hashes passwords with scrypt and verifies only the right one', async () => {
    const hash = await hashPassword('correct horse battery 9');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery 9', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery 8', hash)).toBe(false);
    expect(await hashPassword('correct horse battery 9')).not.toBe(hash);
  });

  it('writes an HTTP-only SameSite session cookie and reads it back', () => {
    expect(sessionCookie('abc', { maxAgeSeconds: 60, isSecure: true })).toBe('pg_session=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure');
    expect(readCookie('a=1; pg_session=abc; b=2', 'pg_session')).toBe('abc');
    expect(readCookie('a=%E0%A4%A', 'a')).toBeNull();
  });
});

describe('Stripe webhook verification (offline)', () => {
  const stripe = new Stripe('sk_test_unit');
  const payload = JSON.stringify({ id: 'evt_unit', object: 'event', type: 'invoice.paid', data: { object: {} } });

  it('accepts the SDK\'s own test signature and rejects a wrong secret, a tampered body and an old timestamp with a 400 error', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_unit' });
    expect(verifyStripeEvent(stripe, payload, header, 'whsec_unit').id).toBe('evt_unit');
    expect(() => verifyStripeEvent(stripe, payload, header, 'whsec_other')).toThrow(/Stripe-Signature/);
    expect(() => verifyStripeEvent(stripe, payload.replace('invoice.paid', 'invoice.voided'), header, 'whsec_unit')).toThrow(/Stripe-Signature/);
    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_unit', timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect(() => verifyStripeEvent(stripe, payload, old, 'whsec_unit')).toThrow(/too old/);
    expect(() => verifyStripeEvent(stripe, payload, undefined, 'whsec_unit')).toThrow(/missing/);
  });
});

describe('AUTH_MODE default', () => {
  it('is local on loopback and required beyond it, unless set', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(loadConfig({}).authMode).toBe('local');
    expect(loadConfig({ HOST: '::1' }).authMode).toBe('local');
    expect(loadConfig({ HOST: '0.0.0.0' }).authMode).toBe('required');
    expect(loadConfig({ HOST: '0.0.0.0', AUTH_MODE: 'local' }).authMode).toBe('local');
    expect(() => loadConfig({ AUTH_MODE: 'open' })).toThrow(/AUTH_MODE/);
  });
});
