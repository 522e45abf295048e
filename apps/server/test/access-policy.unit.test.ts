import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { mintUsage, policy, reportUsage, usageKindsOf } from '../src/http/route-policy.ts';
import { readCookie, sessionCookie } from '../src/services/accounts/cookies.ts';
import { hashPassword, verifyPassword } from '../src/services/accounts/secrets.ts';
import { verifyStripeEvent } from '../src/services/billing/webhook-service.ts';

describe('route policy usage', () => {
  it('meters a report as a valuation, and as a compliance report unless it is the climate-risk template alone', () => {
    const report = policy('analyst', { usage: (body) => reportUsage((body as { template?: 'climate-risk' | 'lending-summary' }).template) }).policy;
    expect(usageKindsOf(report, { template: 'lending-summary' })).toEqual(['valuation', 'compliance_report']);
    expect(usageKindsOf(report, { template: 'climate-risk' })).toEqual(['valuation']);
    expect(usageKindsOf(report, {})).toEqual(['valuation', 'compliance_report']);
  });

  it('meters a mint as a certificate, and the report it generates first as a valuation and a compliance report', () => {
    const mint = policy('analyst', { usage: mintUsage }).policy;
    expect(usageKindsOf(mint, { report_id: 'r1' })).toEqual(['certificate']);
    expect(usageKindsOf(mint, { property_data: { address: '1 Main St' } })).toEqual(['certificate', 'valuation', 'compliance_report']);
  });

  it('declares nothing metered by default, and only what a route names', () => {
    expect(policy('public').policy).toEqual({ access: 'public', usage: 'none', audited: false, compat: false, expensive: false });
    expect(usageKindsOf(policy('public').policy, {})).toEqual([]);
    expect(usageKindsOf(policy('analyst', { usage: ['valuation', 'certificate'] }).policy, {})).toEqual(['valuation', 'certificate']);
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
