import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, invoiceListResponseSchema, receiptResponseSchema, subscriptionResponseSchema } from '@propguard/schemas';
import { createStripeClient, StripePaymentProvider } from '../src/services/billing/stripe-provider.ts';
import { signUpThroughMail } from './account-mail.ts';
import { readPdfText } from './pdf-text.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const WEBHOOK_SECRET = 'whsec_offline_test_secret';
// The test database outlives a run: Stripe ids are unique per run, as Stripe's are.
const RUN = Date.now().toString(36);
const CUSTOMER = `cus_fake_${RUN}`;
const SUBSCRIPTION = `sub_fake_${RUN}`;

/** A local stand-in for api.stripe.com: records what the SDK sends and answers like Stripe. */
function startFakeStripe() {
  const calls: { method: string; path: string; body: URLSearchParams }[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
    request.on('end', () => {
      const path = request.url ?? '';
      calls.push({ method: request.method ?? '', path, body: new URLSearchParams(raw) });
      const answer = path === '/v1/customers' ? { id: CUSTOMER, object: 'customer' }
        : path === '/v1/checkout/sessions' ? { id: 'cs_test_fake_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/pay/cs_test_fake_1' }
          : path === '/v1/billing_portal/sessions' ? { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/session/test_1' }
            : path.startsWith('/v1/subscriptions/') ? { id: path.split('/').pop(), object: 'subscription', cancel_at_period_end: true }
              : null;
      response.writeHead(answer ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_fake' });
      response.end(JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `no fake for ${path}` } }));
    });
  });
  return new Promise<{ calls: typeof calls; port: number; close: () => Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ calls, port: (server.address() as AddressInfo).port, close: () => new Promise((done) => server.close(() => done())) }));
  });
}

describe.skipIf(getApiSkipReason() !== null)('Stripe adapter (offline: SDK pointed at a local fake, webhooks signed by the SDK\'s test helper)', () => {
  let testApp: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let cookie = '';
  let workspaceId = '';
  const signer = new Stripe('sk_test_offline');
  const now = Math.floor(Date.now() / 1000);

  const postEvent = (event: object, options: { secret?: string; tamper?: boolean; noHeader?: boolean } = {}) => {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET });
    return testApp.app.inject({
      method: 'POST',
      url: '/api/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', ...(options.noHeader ? {} : { 'stripe-signature': signature }) },
      payload: options.tamper ? payload.replace('trialing', 'active') : payload,
    });
  };
  const subscriptionEvent = (id: string, type: string, status: string, created = now) => ({
    id: `${id}_${RUN}`, object: 'event', type, api_version: '2025-01-01', created,
    data: { object: { id: SUBSCRIPTION, object: 'subscription', customer: CUSTOMER, status, cancel_at_period_end: false, trial_end: now + 14 * 86_400, metadata: { workspace_id: workspaceId }, items: { object: 'list', data: [{ id: 'si_1', current_period_start: now, current_period_end: now + 14 * 86_400 }] } } },
  });

  beforeAll(async () => {
    fake = await startFakeStripe();
    testApp = await createTestApp({ AUTH_MODE: 'required', STRIPE_SECRET_KEY: 'sk_test_offline', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PRICE_PROFESSIONAL: 'price_professional_test', PROPGUARD_SELLER_NAME: 'PropGuard Analytics Pty Ltd', PROPGUARD_SELLER_ABN: '51824753556' });
    const stripe = new StripePaymentProvider(await createStripeClient({ secretKey: 'sk_test_offline', endpoint: { host: '127.0.0.1', port: fake.port, protocol: 'http' } }));
    testApp.context.accounts.stripe = stripe;
    testApp.context.accounts.payments = stripe;
    const signup = await signUpThroughMail(testApp.app, testApp.context, { email: `stripe-${Date.now()}@example.com`, password: 'correct horse battery 9', workspace_name: 'Stripe Lending' });
    cookie = String(signup.headers['set-cookie']).split(';')[0]!;
    workspaceId = authResponseSchema.parse(signup.json()).me.workspace!.id;
  });
  afterAll(async () => {
    await testApp?.close();
    await fake?.close();
  });

  it('creates the customer and a Checkout Session with the 14-day trial through the SDK', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/billing/checkout-session', headers: { cookie }, payload: { plan: 'professional' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().url).toBe('https://checkout.stripe.com/c/pay/cs_test_fake_1');
    const customer = fake.calls.find((call) => call.path === '/v1/customers');
    expect(customer?.body.get('metadata[workspace_id]')).toBe(workspaceId);
    const session = fake.calls.find((call) => call.path === '/v1/checkout/sessions');
    expect(session?.body.get('mode')).toBe('subscription');
    expect(session?.body.get('line_items[0][price]')).toBe('price_professional_test');
    expect(session?.body.get('subscription_data[trial_period_days]')).toBe('14');
    expect(session?.body.get('client_reference_id')).toBe(workspaceId);
    // The test processor's card form is not used with Stripe.
    const direct = await testApp.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie }, payload: { plan: 'professional' } });
    expect(direct.statusCode).toBe(400);
  });

  it('rejects a missing, forged or tampered signature with 400 and changes nothing', async () => {
    const event = subscriptionEvent('evt_sig_1', 'customer.subscription.created', 'trialing');
    expect((await postEvent(event, { noHeader: true })).statusCode).toBe(400);
    expect((await postEvent(event, { secret: 'whsec_wrong' })).statusCode).toBe(400);
    const tampered = await postEvent(event, { tamper: true });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.message).toMatch(/Stripe-Signature/);
    expect(tampered.body).not.toContain(WEBHOOK_SECRET);
    const subscription = subscriptionResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json()).subscription;
    expect(subscription.status).toBe('none');
  });

  it('applies subscription and invoice events once, however often Stripe delivers them', async () => {
    const created = subscriptionEvent('evt_sub_created', 'customer.subscription.created', 'trialing');
    const first = await postEvent(created);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ received: true, duplicate: false, outcome: 'subscription trialing' });
    expect((await postEvent(created)).json()).toMatchObject({ duplicate: true });
    const subscription = subscriptionResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json()).subscription;
    expect(subscription).toMatchObject({ plan: 'professional', status: 'trialing', provider: 'stripe', next_billing_date: new Date((now + 14 * 86_400) * 1000).toISOString().slice(0, 10) });

    const invoice = (id: string) => ({ id: `${id}_${RUN}`, object: 'event', type: 'invoice.paid', created: now, data: { object: { id: `in_fake_${RUN}`, object: 'invoice', customer: CUSTOMER, amount_paid: 0, created: now, period_start: now, period_end: now, status_transitions: { paid_at: now }, lines: { object: 'list', data: [{ description: 'Trial period for Professional', period: { start: now, end: now + 14 * 86_400 } }] } } } });
    expect((await postEvent(invoice('evt_inv_1'))).json()).toMatchObject({ outcome: 'invoice recorded' });
    // The same invoice in a second event (Stripe sends invoice.paid and invoice.payment_succeeded).
    expect((await postEvent(invoice('evt_inv_2'))).statusCode).toBe(200);
    const invoices = invoiceListResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie } })).json()).invoices;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ provider: 'stripe', description: 'Trial period for Professional', amount_cents: 0 });
  });

  it('cancels at period end through the SDK and ends the plan when Stripe deletes the subscription', async () => {
    const canceled = await testApp.app.inject({ method: 'POST', url: '/api/billing/subscription/cancel', headers: { cookie } });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const update = fake.calls.find((call) => call.path === `/v1/subscriptions/${SUBSCRIPTION}`);
    expect(update?.body.get('cancel_at_period_end')).toBe('true');
    const portal = await testApp.app.inject({ method: 'POST', url: '/api/billing/portal', headers: { cookie } });
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    expect((await postEvent(subscriptionEvent('evt_sub_deleted', 'customer.subscription.deleted', 'canceled'))).json()).toMatchObject({ outcome: 'subscription canceled' });
    const [workspace] = await testApp.context.database.query<{ plan_id: string }>('SELECT plan_id FROM workspaces WHERE id = $1', [workspaceId]);
    expect(workspace?.plan_id).toBe('starter');
  });

  // After the cancel test: the subscription was deleted by an event created `now`. Later events are newer.
  const subscriptionStatus = async () => subscriptionResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/subscription', headers: { cookie } })).json()).subscription.status;
  const invoiceEvent = (id: string, type: string, created: number, invoiceId: string, amountCents: number) => ({
    id: `${id}_${RUN}`, object: 'event', type, api_version: '2025-01-01', created,
    data: { object: { id: `${invoiceId}_${RUN}`, object: 'invoice', customer: CUSTOMER, amount_paid: type === 'invoice.paid' ? amountCents : 0, amount_due: amountCents, created, period_start: created, period_end: created + 30 * 86_400, status_transitions: { paid_at: type === 'invoice.paid' ? created : null }, lines: { object: 'list', data: [{ description: 'Professional plan: monthly subscription', period: { start: created, end: created + 30 * 86_400 } }] } } },
  });

  it('applies events in the order Stripe created them: an older event delivered late never overwrites a newer state', async () => {
    expect((await postEvent(subscriptionEvent('evt_order_active', 'customer.subscription.updated', 'active', now + 200))).json()).toMatchObject({ duplicate: false, outcome: 'subscription active' });
    const late = await postEvent(subscriptionEvent('evt_order_trialing', 'customer.subscription.updated', 'trialing', now + 100));
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({ duplicate: false, outcome: expect.stringMatching(/^ignored: older/) });
    expect(await subscriptionStatus()).toBe('active');
    const [workspace] = await testApp.context.database.query<{ plan_id: string }>('SELECT plan_id FROM workspaces WHERE id = $1', [workspaceId]);
    expect(workspace?.plan_id).toBe('professional');
    // A late failed payment is older news too.
    expect((await postEvent(invoiceEvent('evt_order_failed_old', 'invoice.payment_failed', now + 150, 'in_old', 29_900))).json().outcome).toMatch(/^ignored: older/);
    expect(await subscriptionStatus()).toBe('active');
    const [recorded] = await testApp.context.database.query<{ outcome: string; event_created_at: string }>('SELECT outcome, event_created_at FROM billing_events WHERE id = $1', [`evt_order_trialing_${RUN}`]);
    expect(recorded?.outcome).toMatch(/^ignored: older/);
    expect(new Date(recorded!.event_created_at).getTime()).toBe((now + 100) * 1000);
  });

  it('invoice.payment_failed moves the subscription to past_due; the payment that settles it makes it active again', async () => {
    expect((await postEvent(invoiceEvent('evt_failed', 'invoice.payment_failed', now + 300, 'in_renewal', 29_900))).json()).toMatchObject({ duplicate: false, outcome: 'subscription past_due' });
    expect(await subscriptionStatus()).toBe('past_due');
  });

  it('applies an event exactly once when Stripe delivers it twice at the same moment', async () => {
    const paid = invoiceEvent('evt_paid_concurrent', 'invoice.paid', now + 400, 'in_renewal', 29_900);
    const before = invoiceListResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie } })).json()).invoices.length;
    const answers = await Promise.all([postEvent(paid), postEvent(paid), postEvent(paid)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const bodies = answers.map((answer) => answer.json() as { duplicate: boolean; outcome: string });
    expect(bodies.filter((body) => !body.duplicate)).toEqual([{ received: true, duplicate: false, outcome: 'invoice recorded; subscription active' }]);
    expect(bodies.filter((body) => body.duplicate)).toHaveLength(2);
    const [events] = await testApp.context.database.query<{ n: number }>('SELECT count(*)::int AS n FROM billing_events WHERE id = $1', [paid.id]);
    expect(events?.n).toBe(1);
    expect(invoiceListResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie } })).json()).invoices).toHaveLength(before + 1);
    expect(await subscriptionStatus()).toBe('active');
  });

  it('states the seller, its ABN, the GST included and the Australian date on the receipt page and its PDF alike', async () => {
    // 23:30 UTC on 27 November 2026 is 10:30 am on 28 November in Sydney: the receipt says 28 November.
    const lateEvening = Date.UTC(2026, 10, 27, 23, 30) / 1000;
    expect((await postEvent(invoiceEvent('evt_paid_evening', 'invoice.paid', lateEvening, 'in_evening', 29_900))).json()).toMatchObject({ duplicate: false });
    const list = invoiceListResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/billing/invoices', headers: { cookie } })).json());
    expect(list.seller).toEqual({ name: 'PropGuard Analytics Pty Ltd', email: expect.any(String), abn: '51 824 753 556' });
    const invoice = list.invoices.find((entry) => entry.transaction_id === `in_evening_${RUN}`)!;
    expect(invoice).toMatchObject({ amount_cents: 29_900, gst_cents: 2_718, period_start: '2026-11-28' });
    const receipt = receiptResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoice.id}`, headers: { cookie } })).json());
    expect(receipt.seller).toMatchObject({ name: 'PropGuard Analytics Pty Ltd', abn: '51 824 753 556' });
    const pdf = await testApp.app.inject({ method: 'GET', url: `/api/billing/invoices/${invoice.id}/pdf`, headers: { cookie } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await readPdfText(pdf.rawPayload);
    expect(text).toContain('PropGuard Analytics Pty Ltd');
    expect(text).toContain('ABN 51 824 753 556');
    expect(text).toContain('GST included: $27.18');
    expect(text).toContain('$299.00 AUD');
    expect(text).toContain('28 November 2026');
    expect(text).not.toContain('27 November 2026');
  });
});
