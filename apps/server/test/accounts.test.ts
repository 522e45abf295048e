import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyListResponseSchema,
  authResponseSchema,
  complianceOverviewSchema,
  checkoutResponseSchema,
  checkoutStreamEventSchema,
  collectionResponseSchema,
  createApiKeyResponseSchema,
  errorResponseSchema,
  explorerTokenSchema,
  invoiceListResponseSchema,
  meResponseSchema,
  membersResponseSchema,
  mintCertificateResponseSchema,
  plansResponseSchema,
  receiptResponseSchema,
  subscriptionResponseSchema,
  usageResponseSchema,
  verifyCertificateResponseSchema,
} from '@propguard/schemas';
import { updateWorkspacePlan } from '@propguard/db';
import type { Principal } from '../src/services/accounts/principal.ts';
import { localPrincipal } from '../src/services/accounts/account-service.ts';
import { sampleDependencies } from '../src/services/compliance/cps230-service.ts';
import { QuotaError, reserveQuota } from '../src/services/accounts/usage-service.ts';
import { recordAccountMail, signUpThroughMail, type RecordingMailTransport } from './account-mail.ts';
import { readPdfText } from './pdf-text.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const PASSWORD = 'correct horse battery 9';
const CARD_OK = { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
const CARD_DECLINED = { ...CARD_OK, card_number: '4000 0000 0000 0002' };
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

function cookieOf(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  expect(header).toBeDefined();
  return header!.split(';')[0]!;
}

describe.skipIf(getApiSkipReason() !== null)('accounts, API keys, quotas and checkout (AUTH_MODE=required)', () => {
  let testApp: TestApp;
  let mail: RecordingMailTransport;
  const request = (options: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; cookie?: string; key?: string; payload?: unknown; remoteAddress?: string }) =>
    testApp.app.inject({
      method: options.method,
      url: options.url,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...(options.key ? { authorization: `Bearer ${options.key}` } : {}) },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    });
  const signUp = async (email: string, workspace: string) => {
    const response = await signUpThroughMail(testApp.app, testApp.context, { email, password: PASSWORD, workspace_name: workspace });
    expect(response.statusCode, response.body).toBe(200);
    return { cookie: cookieOf(response.headers['set-cookie']), me: authResponseSchema.parse(response.json()).me, setCookie: String(response.headers['set-cookie']) };
  };

  let owner: { cookie: string; email: string; workspaceId: string; userId: string };
  let other: { cookie: string; workspaceId: string };

  beforeAll(async () => {
    testApp = await createTestApp({ AUTH_MODE: 'required' });
    mail = recordAccountMail(testApp.context);
    // The suite's database outlives a run: failed sign-ins of earlier runs must not throttle this one.
    await testApp.context.database.query('DELETE FROM sign_in_throttle');
    const email = `owner-${unique()}@example.com`;
    const created = await signUp(email, 'Harbour Lending');
    owner = { cookie: created.cookie, email, workspaceId: created.me.workspace!.id, userId: created.me.user!.id };
    const second = await signUp(`other-${unique()}@example.com`, 'Other Bank');
    other = { cookie: second.cookie, workspaceId: second.me.workspace!.id };
  });
  afterAll(async () => {
    // The API suite shares one database: the reports made here by another workspace would be
    // missing from the local workspace's library that reports.test.ts counts against the table.
    if (other) await testApp?.context.database.query('DELETE FROM reports WHERE workspace_id = $1', [other.workspaceId]);
    await testApp?.close();
  });

  it('sets an HTTP-only SameSite session cookie, never returns the hash, and stores a scrypt hash', async () => {
    const email = `cookie-${unique()}@example.com`;
    const { setCookie, me } = await signUp(email, 'Cookie Co');
    expect(setCookie).toMatch(/pg_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=1209600/);
    expect(me).toMatchObject({ auth_mode: 'required', authenticated_by: 'session', user: { email }, workspace: { role: 'owner', plan: 'starter', is_local: false } });
    const [row] = await testApp.context.database.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE email = $1', [email]);
    expect(row?.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
  });

  it('rejects weak passwords and bad emails with messages naming the field', async () => {
    const weak = await request({ method: 'POST', url: '/api/auth/signup', payload: { email: `w-${unique()}@example.com`, password: 'short', workspace_name: 'W' + 'x' } });
    expect(weak.statusCode).toBe(400);
    const error = errorResponseSchema.parse(weak.json()).error;
    expect(error.message).toMatch(/password: at least 12 characters/);
    const letters = await request({ method: 'POST', url: '/api/auth/signup', payload: { email: `w-${unique()}@example.com`, password: 'onlyletterslongenough', workspace_name: 'Workspace' } });
    expect(letters.json().error.message).toMatch(/password: needs at least one digit or symbol/);
    const badEmail = await request({ method: 'POST', url: '/api/auth/signup', payload: { email: 'not-an-email', password: PASSWORD, workspace_name: 'Workspace' } });
    expect(badEmail.json().error.message).toMatch(/email: not a valid email address/);
  });

  it('refuses common and easily guessed passwords with a helpful message, at sign-up and at a reset (regression: password1234 and aaaaaaaaaaa1 were accepted)', async () => {
    for (const password of ['password1234', 'aaaaaaaaaaa1', 'P@ssw0rd12345', 'qwertyuiop12']) {
      const email = `common-${unique()}@example.com`;
      const response = await request({ method: 'POST', url: '/api/auth/signup', payload: { email, password, workspace_name: 'Common Co' } });
      expect(response.statusCode, password).toBe(400);
      const error = errorResponseSchema.parse(response.json()).error;
      expect(error.field).toBe('body.password');
      expect(error.message).toMatch(/^password: (it is one of the most common passwords|it would be easy to guess)/);
      expect(error.message).toMatch(/Try a few unrelated words/);
      expect(mail.lastTo(email)).toBeUndefined();
    }
    expect(errorResponseSchema.parse((await request({ method: 'POST', url: '/api/auth/signup', payload: { email: `c-${unique()}@example.com`, password: 'password1234', workspace_name: 'C' + 'o' } })).json()).error.message).toMatch(/most common passwords/);
    // The workspace's name is among the words tried first.
    const named = await request({ method: 'POST', url: '/api/auth/signup', payload: { email: `n-${unique()}@example.com`, password: 'Harbour Lending 1', workspace_name: 'Harbour Lending' } });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.message).toMatch(/personal or page related data/);
    const me = meResponseSchema.parse((await request({ method: 'GET', url: '/api/me' })).json());
    expect(me.password_rules).toMatch(/not a common or easily guessed password/);
  });

  it('answers a sign-up with an existing email exactly as a new one; only the mailbox learns which (regression: 409 told anyone who is a customer)', async () => {
    const fresh = `fresh-${unique()}@example.com`;
    const answers = [];
    for (const email of [owner.email, fresh]) {
      const response = await request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: PASSWORD, workspace_name: 'Again' } });
      answers.push({ status: response.statusCode, body: response.body.replace(email, 'EMAIL'), cookie: response.headers['set-cookie'], headerNames: Object.keys(response.headers).filter((name) => name !== 'date' && name !== 'content-length').sort() });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(200);
    expect(answers[0]!.cookie).toBeUndefined();
    expect(JSON.parse(answers[0]!.body).message).toMatch(/Check your email/);
    // The existing account's owner is told, with no link that creates anything; the new address gets its link.
    expect(mail.lastTo(owner.email)?.subject).toBe('You already have a PropGuard account');
    expect(mail.tokenTo(owner.email, 'signup_token')).toBeNull();
    const token = mail.tokenTo(fresh, 'signup_token');
    expect(token).toMatch(/^su_/);
    // Nothing exists until the link is followed; then the account does, once.
    expect(await testApp.context.database.query('SELECT 1 FROM users WHERE email = $1', [fresh])).toHaveLength(0);
    const confirmed = await request({ method: 'POST', url: '/api/auth/signup/confirm', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(authResponseSchema.parse(confirmed.json()).me).toMatchObject({ authenticated_by: 'session', user: { email: fresh }, workspace: { name: 'Again', role: 'owner' } });
    expect((await request({ method: 'POST', url: '/api/auth/signup/confirm', payload: { token } })).statusCode).toBe(404);
    expect((await request({ method: 'POST', url: '/api/auth/signup/confirm', payload: { token: 'su_not-a-real-token-at-all' } })).json().error.field).toBe('body.token');
    // The audit log records that the mail went, never its link.
    const [sent] = await testApp.context.database.query<{ action: string; subject: string }>("SELECT action, subject FROM account_audit WHERE action = 'mail.signup_existing' AND subject LIKE $1 ORDER BY id DESC LIMIT 1", [`to ${owner.email}%`]);
    expect(sent?.subject).toBe(`to ${owner.email}: You already have a PropGuard account`);
    const subjects = (await testApp.context.database.query<{ subject: string | null }>("SELECT subject FROM account_audit WHERE action LIKE 'mail.%'")).map((row) => row.subject ?? '');
    expect(subjects.length).toBeGreaterThanOrEqual(2);
    expect(subjects.filter((subject) => subject.includes(token!))).toEqual([]);
  });

  it('answers a password-reset request the same whatever the email; the link sets a new password once, ends old sessions and checks the new password', async () => {
    const email = `reset-${unique()}@example.com`;
    const { cookie: oldSession } = await signUp(email, 'Reset Co');
    const unknown = `nobody-${unique()}@example.com`;
    const known = await request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const nobody = await request({ method: 'POST', url: '/api/auth/password-reset', payload: { email: unknown } });
    expect(known.statusCode).toBe(200);
    expect(known.body.replace(email, 'EMAIL')).toBe(nobody.body.replace(unknown, 'EMAIL'));
    expect(mail.lastTo(unknown)).toBeUndefined();
    const token = mail.tokenTo(email, 'reset_token');
    expect(token).toMatch(/^pr_/);
    // A refused password does not spend the link.
    const weak = await request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'password1234' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toMatch(/most common passwords/);
    const newPassword = 'lantern quokka orbit 58';
    const reset = await request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: newPassword } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.headers['set-cookie']).toMatch(/pg_session=/);
    expect((await request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: newPassword } })).statusCode).toBe(404);
    expect(meResponseSchema.parse((await request({ method: 'GET', url: '/api/me', cookie: oldSession })).json()).authenticated_by).toBe('none');
    expect((await request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD }, remoteAddress: '198.51.100.20' })).statusCode).toBe(401);
    expect((await request({ method: 'POST', url: '/api/auth/login', payload: { email, password: newPassword }, remoteAddress: '198.51.100.20' })).statusCode).toBe(200);
  });

  it('throttles failed sign-ins per account with growing delays, then locks the account (audited); a reset lifts the lock (regression: 100 wrong passwords, then the right one signed in)', async () => {
    const email = `guess-${unique()}@example.com`;
    const created = await signUp(email, 'Guessed Co');
    const login = (password: string, remoteAddress = '198.51.100.7') => request({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });
    const throttleKey = `account:${email}`;
    // Moves the account's last failure back, as if the wait had passed.
    const waitOut = () => testApp.context.database.query("UPDATE sign_in_throttle SET last_failure_at = last_failure_at - interval '2 minutes' WHERE key = $1", [throttleKey]);

    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await login(`wrong guess ${attempt}x`)).statusCode).toBe(401);
    // The 5th failure asks for 2 s: even the right password is refused until then, from any address.
    const early = await login(PASSWORD, '203.0.113.50');
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(early.json().error.message).toMatch(/Too many failed sign-ins for this account: wait \d+ s/);
    for (let attempt = 6; attempt <= 9; attempt += 1) {
      await waitOut();
      expect((await login(`wrong guess ${attempt}x`)).statusCode).toBe(401);
      expect((await login(`wrong guess ${attempt}y`)).statusCode).toBe(429);
    }
    await waitOut();
    expect((await login('wrong guess 10x')).statusCode).toBe(401);
    await waitOut();
    const locked = await login(PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toMatch(/locked for 1[45] minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(10 * 60);

    const entries = (await request({ method: 'GET', url: '/api/audit', cookie: created.cookie })).json().entries as { action: string; actor: string; subject: string | null }[];
    expect(entries.filter((entry) => entry.action === 'login.failed')).toHaveLength(10);
    expect(entries).toContainEqual(expect.objectContaining({ action: 'login.failed', subject: 'from 198.51.100.7' }));
    expect(entries).toContainEqual(expect.objectContaining({ action: 'login.locked', actor: email, subject: expect.stringMatching(/^account locked for 15 minutes after 10 failed sign-ins/) }));

    // "Forgot your password?" gets the owner back in at once.
    await request({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    const reset = await request({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: mail.tokenTo(email, 'reset_token'), password: 'second lantern quokka 77' } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await login('second lantern quokka 77')).statusCode).toBe(200);
  });

  it('throttles one address guessing across many accounts, and a success from a shared address does not count against it', async () => {
    const address = '198.51.100.99';
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: PASSWORD }, remoteAddress: address })).statusCode).toBe(200);
    }
    const [after] = await testApp.context.database.query<{ failures: number }>('SELECT failures FROM sign_in_throttle WHERE key = $1', [`address:${address}`]);
    expect(after?.failures ?? 0).toBe(0);
    // 21 accounts, one guess each: past the address's 20 free failures, the next attempt must wait.
    for (let account = 0; account < 21; account += 1) {
      expect((await request({ method: 'POST', url: '/api/auth/login', payload: { email: `spray-${account}-${unique()}@example.com`, password: 'Winter2026!!' }, remoteAddress: address })).statusCode).toBe(401);
    }
    const sprayed = await request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: PASSWORD }, remoteAddress: address });
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.json().error.message).toMatch(/from your address/);
    // Another address is not affected.
    expect((await request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: PASSWORD }, remoteAddress: '198.51.100.100' })).statusCode).toBe(200);
  });

  it('logs in and out: a wrong password is 401 with one message, logout ends the session', async () => {
    const wrong = await request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: 'wrong password 1' } });
    expect(wrong.statusCode).toBe(401);
    const unknown = await request({ method: 'POST', url: '/api/auth/login', payload: { email: `nobody-${unique()}@example.com`, password: 'wrong password 1' } });
    expect(unknown.json().error.message).toBe(wrong.json().error.message);
    const login = await request({ method: 'POST', url: '/api/auth/login', payload: { email: owner.email, password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    const cookie = cookieOf(login.headers['set-cookie']);
    expect(meResponseSchema.parse((await request({ method: 'GET', url: '/api/me', cookie })).json()).authenticated_by).toBe('session');
    expect((await request({ method: 'POST', url: '/api/auth/logout', cookie })).statusCode).toBe(200);
    expect(meResponseSchema.parse((await request({ method: 'GET', url: '/api/me', cookie })).json()).authenticated_by).toBe('none');
  });

  it('requires a session or key for writes and workspace data, but serves public analyses anonymously', async () => {
    expect((await request({ method: 'PUT', url: '/api/compliance/tolerances/database', payload: { max_disruption_minutes: 60, min_availability_pct: 99, max_latency_ms: 500 } })).statusCode).toBe(401);
    expect((await request({ method: 'POST', url: '/api/realty/cache/clear' })).statusCode).toBe(401);
    expect((await request({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
    expect((await request({ method: 'GET', url: '/api/compliance/overview' })).statusCode).toBe(401);
    const unauthenticated = await request({ method: 'POST', url: '/api/keys', payload: { name: 'x' } });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().error.message).toMatch(/Bearer pg_/);
    const search = await request({ method: 'POST', url: '/api/functions/address-search', payload: { action: 'autocomplete', query: '12 collins st' } });
    expect(search.statusCode).toBe(200);
    expect((await request({ method: 'GET', url: '/api/plans' })).statusCode).toBe(200);
    expect((await request({ method: 'GET', url: '/api/reports', cookie: owner.cookie })).statusCode).toBe(200);
  });

  it('serves the plans as data: prices, quotas, comparison and an FAQ derived from them', async () => {
    const plans = plansResponseSchema.parse((await request({ method: 'GET', url: '/api/plans' })).json());
    expect(plans.plans.map((plan) => [plan.id, plan.price_cents, plan.monthly_valuation_quota, plan.trial_days])).toEqual([
      ['starter', null, 5, 0],
      ['professional', 29_900, 100, 14],
      ['enterprise', null, null, 0],
    ]);
    expect(plans.api_prices.map((price) => [price.kind, price.price_cents])).toEqual([['valuation', 50], ['bulk_valuation', 30], ['certificate', 500], ['compliance_report', 2500]]);
    expect(plans.comparison_rows).toContain('Monthly valuations');
    expect(plans.faq.map((entry) => entry.answer).join(' ')).toMatch(/14-day free trial/);
    expect(plans.payment_provider).toBe('test');
  });

  it('refuses API keys on Starter with an upgrade hint', async () => {
    const response = await request({ method: 'POST', url: '/api/keys', cookie: owner.cookie, payload: { name: 'too early' } });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toMatch(/Upgrade to Professional/);
  });

  it('a declined card answers 402 with a clear message and changes nothing', async () => {
    const response = await request({ method: 'POST', url: '/api/billing/checkout', cookie: owner.cookie, payload: { plan: 'professional', payment_method: CARD_DECLINED } });
    expect(response.statusCode).toBe(402);
    expect(response.json().error).toMatchObject({ code: 'PAYMENT_DECLINED', field: 'body.payment_method' });
    expect(response.json().error.message).toMatch(/declined.*plan is unchanged/);
    const subscription = subscriptionResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/subscription', cookie: owner.cookie })).json()).subscription;
    expect(subscription).toMatchObject({ plan: 'starter', status: 'none', next_billing_date: null });
    expect(invoiceListResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/invoices', cookie: owner.cookie })).json()).invoices).toEqual([]);
    const [workspace] = await testApp.context.database.query<{ plan_id: string; has_had_trial: boolean }>('SELECT plan_id, has_had_trial FROM workspaces WHERE id = $1', [owner.workspaceId]);
    expect(workspace).toEqual({ plan_id: 'starter', has_had_trial: false });
  });

  it('names the field of a bad card: checksum, expiry, missing', async () => {
    const badNumber = await request({ method: 'POST', url: '/api/billing/checkout', cookie: owner.cookie, payload: { plan: 'professional', payment_method: { ...CARD_OK, card_number: '4242 4242 4242 4241' } } });
    expect(badNumber.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'body.payment_method.card_number' });
    const expired = await request({ method: 'POST', url: '/api/billing/checkout', cookie: owner.cookie, payload: { plan: 'professional', payment_method: { ...CARD_OK, exp_year: 2020 } } });
    expect(expired.json().error.field).toBe('body.payment_method.exp_year');
    const enterprise = await request({ method: 'POST', url: '/api/billing/checkout', cookie: owner.cookie, payload: { plan: 'enterprise', payment_method: CARD_OK } });
    expect(enterprise.statusCode).toBe(400);
    expect(enterprise.json().error.message).toMatch(/Contact Sales/);
  });

  let invoiceId = '';
  it('starts the 14-day trial through the four steps and issues a receipt (page data and PDF)', async () => {
    const response = await request({ method: 'POST', url: '/api/billing/checkout', cookie: owner.cookie, payload: { plan: 'professional', payment_method: CARD_OK } });
    expect(response.statusCode, response.body).toBe(200);
    const checkout = checkoutResponseSchema.parse(response.json());
    expect(checkout.steps.map((step) => [step.step, step.status])).toEqual([['customer', 'done'], ['subscription', 'done'], ['payment_method', 'done'], ['activation', 'done']]);
    expect(checkout.status).toBe('trialing');
    const trialEnd = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    expect(checkout.trial_end).toBe(trialEnd);
    expect(checkout.next_billing_date).toBe(trialEnd);
    expect(checkout.order).toMatchObject({ plan: 'professional', amount_cents: 0, recurring_amount_cents: 29_900, billing_cycle: 'Monthly', payment_method: 'Visa ending 4242' });
    expect(checkout.order.order_id).toMatch(/^ord_/);
    expect(checkout.order.transaction_id).toMatch(/^seti_test_/);
    invoiceId = checkout.order.invoice_id!;
    const again = await request({ method: 'POST', url: '/api/billing/checkout', cookie: owner.cookie, payload: { plan: 'professional', payment_method: CARD_OK } });
    expect(again.statusCode).toBe(409);

    const invoices = invoiceListResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/invoices', cookie: owner.cookie })).json()).invoices;
    expect(invoices).toHaveLength(1);
    const receipt = receiptResponseSchema.parse((await request({ method: 'GET', url: `/api/billing/invoices/${invoiceId}`, cookie: owner.cookie })).json());
    expect(receipt).toMatchObject({ workspace_name: 'Harbour Lending', plan_name: 'Professional', invoice: { amount_cents: 0, status: 'paid', order_id: checkout.order.order_id } });
    const pdf = await request({ method: 'GET', url: `/api/billing/invoices/${invoiceId}/pdf`, cookie: owner.cookie });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // No PROPGUARD_SELLER_ABN on this server: the receipt says so plainly, never an invented number.
    expect(receipt.seller).toMatchObject({ name: 'PropGuard', abn: null });
    const { text } = await readPdfText(pdf.rawPayload);
    expect(text).toContain('ABN not configured');
    expect(text).toContain('GST included: $0.00');
  });

  it('streams the checkout: each step arrives as it completes, then the result; a decline streams an error and changes nothing', async () => {
    const { cookie, me } = await signUp(`stream-${unique()}@example.com`, 'Stream Co');
    const parse = (text: string) => text.split('\n\n').filter((block) => block.trim() !== '').map((block) => {
      const name = /^event: (.+)$/m.exec(block)?.[1];
      const event = checkoutStreamEventSchema.parse(JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? 'null'));
      expect(name).toBe(event.event);
      return event;
    });
    // Bad input is a plain 4xx before any stream.
    const badCard = await request({ method: 'POST', url: '/api/billing/checkout/stream', cookie, payload: { plan: 'professional', payment_method: { ...CARD_OK, card_number: '4242 4242 4242 4241' } } });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().error.field).toBe('body.payment_method.card_number');
    // A decline: two steps done, then the error; they were rolled back and the plan is unchanged.
    const declined = await request({ method: 'POST', url: '/api/billing/checkout/stream', cookie, payload: { plan: 'professional', payment_method: CARD_DECLINED } });
    expect(declined.headers['content-type']).toMatch(/^text\/event-stream/);
    const declineEvents = parse(declined.body);
    expect(declineEvents.map((event) => (event.event === 'step' ? event.step.step : event.event))).toEqual(['customer', 'subscription', 'error']);
    expect(declineEvents.at(-1)).toMatchObject({ event: 'error', error: { code: 'PAYMENT_DECLINED', field: 'body.payment_method' } });
    const [workspace] = await testApp.context.database.query<{ plan_id: string }>('SELECT plan_id FROM workspaces WHERE id = $1', [me.workspace!.id]);
    expect(workspace?.plan_id).toBe('starter');

    // Live: with the card confirmation held back, the first two steps reach the client before it ends.
    const processor = testApp.context.accounts.payments;
    let release = () => undefined as void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    testApp.context.accounts.payments = Object.assign(Object.create(processor) as typeof processor, {
      confirmPaymentMethod: async (input: Parameters<typeof processor.confirmPaymentMethod>[0]) => { await gate; return processor.confirmPaymentMethod(input); },
    });
    try {
      const address = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
      const response = await fetch(`${address}/api/billing/checkout/stream`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ plan: 'professional', payment_method: CARD_OK }) });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readMore = async () => {
        const chunk = await Promise.race([reader.read(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no event within 10 s; so far: ${text}`)), 10_000))]);
        if (!chunk.done) text += decoder.decode(chunk.value, { stream: true });
        return chunk.done;
      };
      while (parse(text.slice(0, text.lastIndexOf('\n\n') + 1)).length < 2) await readMore();
      const early = parse(text.slice(0, text.lastIndexOf('\n\n') + 1));
      expect(early.map((event) => event.event === 'step' && [event.step.step, event.completed, event.total])).toEqual([['customer', 1, 4], ['subscription', 2, 4]]);
      release();
      while (!(await readMore()));
      const events = parse(text);
      expect(events.map((event) => (event.event === 'step' ? `${event.step.step} ${event.completed}/${event.total}` : event.event))).toEqual(['customer 1/4', 'subscription 2/4', 'payment_method 3/4', 'activation 4/4', 'result']);
      const result = events.at(-1);
      expect(result?.event === 'result' && result.checkout).toMatchObject({ status: 'trialing', order: { payment_method: 'Visa ending 4242' } });
    } finally {
      release();
      testApp.context.accounts.payments = processor;
    }
  });

  let secret = '';
  let keyId = '';
  it('shows a key\'s secret once and stores only its SHA-256', async () => {
    const response = await request({ method: 'POST', url: '/api/keys', cookie: owner.cookie, payload: { name: 'Loan origination' } });
    expect(response.statusCode, response.body).toBe(200);
    const created = createApiKeyResponseSchema.parse(response.json());
    secret = created.secret;
    keyId = created.key.id;
    expect(secret).toMatch(/^pg_[A-Za-z0-9_-]{43}$/);
    expect(created.key.prefix).toBe(secret.slice(0, 9));
    const list = await request({ method: 'GET', url: '/api/keys', cookie: owner.cookie });
    expect(list.body).not.toContain(secret);
    expect(apiKeyListResponseSchema.parse(list.json()).keys[0]).toMatchObject({ id: keyId, name: 'Loan origination', last_used_at: null });
    const rows = await testApp.context.database.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [keyId]);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows[0]?.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    const blank = await request({ method: 'POST', url: '/api/keys', cookie: owner.cookie, payload: { name: '  ' } });
    expect(blank.json().error.message).toMatch(/name: required/);
  });

  it('calls with the key act for its workspace and move the usage meter', async () => {
    const before = usageResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/usage', cookie: owner.cookie })).json());
    const reports = await request({ method: 'GET', url: '/api/reports', key: secret });
    expect(reports.statusCode).toBe(200);
    const me = meResponseSchema.parse((await request({ method: 'GET', url: '/api/me', key: secret })).json());
    expect(me).toMatchObject({ authenticated_by: 'api_key', workspace: { id: owner.workspaceId, role: 'analyst', plan: 'professional' } });
    const after = usageResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/usage', cookie: owner.cookie })).json());
    expect(after.total_calls).toBe(before.total_calls + 2);
    expect(after.by_kind.find((row) => row.kind === 'other')?.count).toBe((before.by_kind.find((row) => row.kind === 'other')?.count ?? 0) + 2);
    expect(apiKeyListResponseSchema.parse((await request({ method: 'GET', url: '/api/keys', cookie: owner.cookie })).json()).keys[0]?.last_used_at).not.toBeNull();
    // An API key is not an owner: it cannot create keys.
    expect((await request({ method: 'POST', url: '/api/keys', key: secret, payload: { name: 'x' } })).statusCode).toBe(403);
  });

  it('answers 429 with Retry-After and an upgrade hint past the monthly valuation quota', async () => {
    // 99 of the 100 valuations already used this month.
    await testApp.context.database.query(
      `INSERT INTO api_usage (workspace_id, api_key_id, kind, route, status_code, occurred_at) SELECT $1, $2, 'valuation', 'POST /api/valuations', 200, now() FROM generate_series(1, 99)`,
      [owner.workspaceId, keyId],
    );
    const body = { address: '12 Collins Street, Melbourne VIC 3000' };
    const last = await request({ method: 'POST', url: '/api/valuations', key: secret, payload: body });
    expect(last.statusCode, last.body).toBe(200);
    const refused = await request({ method: 'POST', url: '/api/valuations', key: secret, payload: body });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().error.message).toMatch(/100 of 100 valuations.*Enterprise/);
    const usage = usageResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/usage', cookie: owner.cookie })).json());
    expect(usage).toMatchObject({ valuations_used: 100, valuations_quota: 100, valuations_remaining: 0 });
    // Professional includes 100 valuations a month: all 100 included, none billable, $0 (not 100 x 50 c).
    expect(usage.included_per_month).toEqual({ valuations: 100, compliance_reports: null, certificates: 0 });
    expect(usage.by_kind.find((row) => row.kind === 'valuation')).toMatchObject({ count: 100, included: 100, billable: 0, unit_price_cents: 50, cost_cents: 0 });
    expect(usage.total_cost_cents).toBe(0);
    // Anonymous public analyses are still served (rate-limited per address, not metered).
    expect((await request({ method: 'POST', url: '/api/valuations', payload: body })).statusCode).toBe(200);
  });

  it('serves exactly the quota to parallel calls at the limit; the rest get 429 with Retry-After (regression: the check and the count were apart)', async () => {
    // A fresh Starter workspace: 5 valuations a month. Eight calls in flight at once.
    const { cookie, me } = await signUp(`parallel-${unique()}@example.com`, 'Parallel Co');
    const body = { address: '12 Collins Street, Melbourne VIC 3000' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => request({ method: 'POST', url: '/api/valuations', cookie, payload: body })));
    const served = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(served).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().error.message).toMatch(/5 of 5 valuations on the Starter plan.*Upgrade to Professional/);
    }
    const usage = usageResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/usage', cookie })).json());
    expect(usage).toMatchObject({ valuations_used: 5, valuations_quota: 5, valuations_remaining: 0 });
    // Every reservation was settled with the call's status: none left in flight.
    const rows = await testApp.context.database.query<{ status_code: number }>('SELECT status_code FROM api_usage WHERE workspace_id = $1', [me.workspace!.id]);
    expect(rows.map((row) => row.status_code)).toEqual([200, 200, 200, 200, 200]);
    // The refused calls were not counted either: a later call is still refused at 5 of 5.
    expect((await request({ method: 'POST', url: '/api/valuations', cookie, payload: body })).statusCode).toBe(429);

    // The check-and-count itself, eight at once straight on the database (no HTTP between them).
    const fresh = await signUp(`parallel-db-${unique()}@example.com`, 'Parallel Db Co');
    const principal: Principal = { kind: 'session', workspaceId: fresh.me.workspace!.id, workspaceName: 'Parallel Db Co', isLocalWorkspace: false, planId: 'starter', role: 'owner', userId: fresh.me.user!.id, email: fresh.me.user!.email, sessionId: null, apiKeyId: null, apiKeyPrefix: null };
    const reservations = await Promise.allSettled(Array.from({ length: 8 }, () => reserveQuota(testApp.context.database, testApp.context.accounts.plans, principal, 'valuation', 'POST /api/valuations', new Date())));
    expect(reservations.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(5);
    const rejected = reservations.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(rejected).toHaveLength(3);
    for (const outcome of rejected) expect(outcome.reason).toBeInstanceOf(QuotaError);
  });

  it('keeps workspaces apart: another workspace\'s report, key and invoice answer 404', async () => {
    const [sale] = await testApp.context.database.query<{ id: number }>(`SELECT id FROM sales WHERE upper(suburb) = 'ABBOTSFORD' AND address IS NOT NULL AND price_aud IS NOT NULL ORDER BY id LIMIT 1`);
    const generated = await request({ method: 'POST', url: '/api/realty/valuation-report', cookie: other.cookie, payload: { listing_id: `sale-${sale?.id}`, template: 'climate-risk' } });
    expect(generated.statusCode, generated.body).toBe(200);
    const reportId = generated.json().report.report_id as string;
    expect((await request({ method: 'GET', url: `/api/reports/${reportId}`, cookie: other.cookie })).statusCode).toBe(200);
    expect((await request({ method: 'GET', url: `/api/reports/${reportId}`, cookie: owner.cookie })).statusCode).toBe(404);
    expect((await request({ method: 'GET', url: `/api/reports/${reportId}/pdf`, key: secret })).statusCode).toBe(404);
    const list = await request({ method: 'GET', url: '/api/reports', cookie: owner.cookie });
    expect(list.body).not.toContain(reportId);
    expect((await request({ method: 'DELETE', url: `/api/keys/${keyId}`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await request({ method: 'GET', url: `/api/billing/invoices/${invoiceId}`, cookie: other.cookie })).statusCode).toBe(404);
  });

  it('mints certificates only from the caller\'s workspace\'s reports and lists them to that workspace; verification stays public', async () => {
    const [sale] = await testApp.context.database.query<{ id: number }>(`SELECT id FROM sales WHERE upper(suburb) = 'ABBOTSFORD' AND address IS NOT NULL AND price_aud IS NOT NULL ORDER BY id OFFSET 1 LIMIT 1`);
    const generated = await request({ method: 'POST', url: '/api/realty/valuation-report', cookie: other.cookie, payload: { listing_id: `sale-${sale?.id}`, template: 'climate-risk' } });
    expect(generated.statusCode, generated.body).toBe(200);
    const reportId = generated.json().report.report_id as string;
    // Another workspace cannot certify it (404, like a missing report), nor read its certificate.
    const foreign = await request({ method: 'POST', url: '/api/blockchain/mint-valuation-nft', cookie: owner.cookie, payload: { report_id: reportId } });
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect((await request({ method: 'GET', url: `/api/blockchain/report-certificate?report_id=${reportId}`, cookie: owner.cookie })).statusCode).toBe(404);
    const minted = await request({ method: 'POST', url: '/api/blockchain/mint-valuation-nft', cookie: other.cookie, payload: { report_id: reportId } });
    expect(minted.statusCode, minted.body).toBe(200);
    const tokenId = mintCertificateResponseSchema.parse(minted.json()).token_id;
    const [owned] = await testApp.context.database.query<{ workspace_id: string; report_id: string }>('SELECT workspace_id, report_id FROM certificates WHERE token_id = $1', [tokenId]);
    expect(owned).toEqual({ workspace_id: other.workspaceId, report_id: reportId });
    const collectionOf = async (cookie: string) => collectionResponseSchema.parse((await request({ method: 'GET', url: '/api/blockchain/nft-collection?limit=50', cookie })).json());
    const mine = await collectionOf(other.cookie);
    expect(mine.certificates.map((certificate) => certificate.token_id)).toContain(tokenId);
    expect(mine.total).toBe(mine.certificates.length);
    const theirs = await collectionOf(owner.cookie);
    expect(theirs.certificates.map((certificate) => certificate.token_id)).not.toContain(tokenId);
    expect(theirs.events.map((event) => event.token_id)).not.toContain(tokenId);
    expect((await request({ method: 'GET', url: '/api/blockchain/nft-collection' })).statusCode).toBe(401);
    // Anyone may verify it: by token id, and an uploaded copy of the report.
    const verified = verifyCertificateResponseSchema.parse((await request({ method: 'GET', url: `/api/blockchain/verify-nft?token_id=${tokenId}` })).json());
    expect(verified.verified).toBe(true);
    const upload = await request({ method: 'POST', url: '/api/blockchain/verify-nft', payload: { token_id: tokenId, document: generated.json() } });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(verifyCertificateResponseSchema.parse(upload.json()).verified).toBe(true);
  });

  it('a certificate\'s public face holds no address, valuation or report id; the minting workspace sees its details (regression: GET /api/blockchain/token/{id} published them to anyone)', async () => {
    const [sale] = await testApp.context.database.query<{ id: number }>(`SELECT id FROM sales WHERE upper(suburb) = 'ABBOTSFORD' AND address IS NOT NULL AND price_aud IS NOT NULL ORDER BY id OFFSET 2 LIMIT 1`);
    const generated = await request({ method: 'POST', url: '/api/realty/valuation-report', cookie: other.cookie, payload: { listing_id: `sale-${sale?.id}`, template: 'full-valuation' } });
    expect(generated.statusCode, generated.body).toBe(200);
    const report = generated.json().report as { report_id: string; content_hash: string; generated_at: string; content: { property_details: { address: string; suburb: string }; comprehensive_analysis: { ai_valuation: number } } };
    const minted = mintCertificateResponseSchema.parse((await request({ method: 'POST', url: '/api/blockchain/mint-valuation-nft', cookie: other.cookie, payload: { report_id: report.report_id } })).json());
    const secrets = [report.content.property_details.address, report.report_id, String(report.content.comprehensive_analysis.ai_valuation)];
    const revealsNothing = (text: string) => {
      for (const secret of secrets) expect(text).not.toContain(secret);
    };

    // Anonymous and another workspace: the public fields only, on every door.
    for (const cookie of [undefined, owner.cookie]) {
      const token = await request({ method: 'GET', url: `/api/blockchain/token/${minted.token_id}`, cookie });
      expect(token.statusCode, token.body).toBe(200);
      const body = explorerTokenSchema.parse(token.json());
      expect(body.certificate).toMatchObject({ token_id: minted.token_id, is_issuing_workspace: false, property: null, report_id: null, valuation: null, report_date: report.generated_at, report_hash: `0x${report.content_hash}` });
      revealsNothing(token.body);
      const verified = await request({ method: 'GET', url: `/api/blockchain/verify-nft?token_id=${minted.token_id}`, cookie });
      expect(verifyCertificateResponseSchema.parse(verified.json()).verified).toBe(true);
      revealsNothing(verified.body);
      // A guessed field is not confirmed: no differences are told to anyone but the minting workspace.
      const guess = structuredClone(generated.json());
      guess.report.content.property_details.address = 'A GUESSED ADDRESS';
      const guessed = verifyCertificateResponseSchema.parse((await request({ method: 'POST', url: '/api/blockchain/verify-nft', cookie, payload: { token_id: minted.token_id, document: guess } })).json());
      expect(guessed).toMatchObject({ verified: false, document: { differences: [] } });
      const pdf = await request({ method: 'GET', url: `/api/blockchain/token/${minted.token_id}/pdf`, cookie });
      expect(pdf.statusCode).toBe(200);
      revealsNothing((await readPdfText(pdf.rawPayload)).text);
    }
    const ipfs = await request({ method: 'GET', url: `/ipfs/${minted.cid}` });
    expect(ipfs.statusCode).toBe(200);
    revealsNothing(ipfs.body);
    expect(ipfs.body).not.toContain(report.content.property_details.suburb);
    // Anyone holding the report verifies it against the token.
    const held = verifyCertificateResponseSchema.parse((await request({ method: 'POST', url: '/api/blockchain/verify-nft', payload: { token_id: minted.token_id, document: generated.json() } })).json());
    expect(held.verified).toBe(true);

    // The minting workspace sees the details.
    const mine = explorerTokenSchema.parse((await request({ method: 'GET', url: `/api/blockchain/token/${minted.token_id}`, cookie: other.cookie })).json());
    expect(mine.certificate).toMatchObject({ is_issuing_workspace: true, report_id: report.report_id, property: report.content.property_details.address, valuation: report.content.comprehensive_analysis.ai_valuation });
    const guess = structuredClone(generated.json());
    guess.report.content.property_details.address = 'A GUESSED ADDRESS';
    const told = verifyCertificateResponseSchema.parse((await request({ method: 'POST', url: '/api/blockchain/verify-nft', cookie: other.cookie, payload: { token_id: minted.token_id, document: guess } })).json());
    expect(told.document?.differences).toEqual(['property_details.address']);
  });

  it('keeps loan assessments and the audit trail per workspace in the compliance overview', async () => {
    const overview = async (cookie: string) => complianceOverviewSchema.parse((await request({ method: 'GET', url: '/api/compliance/overview', cookie })).json());
    const before = await overview(owner.cookie);
    const subject = `1 Separate St, Workspace ${unique()}`;
    const assessed = await request({ method: 'POST', url: '/api/pipeline/financial-impact-assessment', cookie: other.cookie, payload: { property_data: { valuation: 1_000_000, address: subject }, loan_amount: 850_000 } });
    expect(assessed.statusCode, assessed.body).toBe(200);
    const mine = await overview(other.cookie);
    expect(mine.audit.entries.some((entry) => entry.subject === subject)).toBe(true);
    expect(mine.portfolio.total).toBeGreaterThanOrEqual(1);
    const theirs = await overview(owner.cookie);
    expect(theirs.audit.entries.some((entry) => entry.subject === subject)).toBe(false);
    expect(theirs.portfolio.total).toBe(before.portfolio.total);
    expect((await request({ method: 'POST', url: '/api/pipeline/financial-impact-assessment', payload: { property_data: { valuation: 1_000_000 }, loan_amount: 850_000 } })).statusCode).toBe(401);
  });

  it('keeps CPS 230 tolerances and incidents per workspace: another workspace does not see them', async () => {
    const overview = async (cookie: string) => complianceOverviewSchema.parse((await request({ method: 'GET', url: '/api/compliance/overview', cookie })).json());
    // A 1 ms latency tolerance cannot be met: the next sample opens an incident, for this workspace only.
    const put = await request({ method: 'PUT', url: '/api/compliance/tolerances/property-data', cookie: owner.cookie, payload: { max_disruption_minutes: 30, min_availability_pct: 99, max_latency_ms: 1 } });
    expect(put.statusCode, put.body).toBe(200);
    await sampleDependencies(testApp.context);
    const mine = await overview(owner.cookie);
    expect(mine.resilience.dependencies.find((dependency) => dependency.id === 'property-data')?.tolerance).toMatchObject({ max_latency_ms: 1, source: 'lender' });
    const incident = mine.resilience.incidents.find((item) => item.dependency === 'property-data' && item.resolvedAt === null);
    expect(incident?.breach).toMatch(/above the 1 ms tolerance/);
    const theirs = await overview(other.cookie);
    expect(theirs.resilience.dependencies.find((dependency) => dependency.id === 'property-data')?.tolerance.source).toBe('default');
    expect(theirs.resilience.incidents.map((item) => item.id)).not.toContain(incident?.id);
    expect(theirs.resilience.incidents.some((item) => /1 ms tolerance/.test(item.breach))).toBe(false);
    // Back to a reachable tolerance: the next sample closes this workspace's incident.
    await request({ method: 'PUT', url: '/api/compliance/tolerances/property-data', cookie: owner.cookie, payload: { max_disruption_minutes: 30, min_availability_pct: 0, max_latency_ms: 600_000 } });
    await sampleDependencies(testApp.context);
    expect((await overview(owner.cookie)).resilience.incidents.find((item) => item.id === incident?.id)?.resolvedAt).not.toBeNull();
  });

  it('gives invited members their role: a viewer reads but may not write (403)', async () => {
    const viewerEmail = `viewer-${unique()}@example.com`;
    const invite = await request({ method: 'POST', url: '/api/workspace/invitations', cookie: owner.cookie, payload: { email: viewerEmail, role: 'viewer' } });
    expect(invite.statusCode, invite.body).toBe(200);
    const { cookie } = await signUp(viewerEmail, 'Viewer Own');
    const accept = await request({ method: 'POST', url: '/api/invitations/accept', cookie, payload: { token: invite.json().token } });
    expect(accept.statusCode, accept.body).toBe(200);
    const me = meResponseSchema.parse((await request({ method: 'GET', url: '/api/me', cookie })).json());
    expect(me.workspace).toMatchObject({ id: owner.workspaceId, role: 'viewer' });
    expect(me.workspaces).toHaveLength(2);
    expect((await request({ method: 'GET', url: '/api/reports', cookie })).statusCode).toBe(200);
    const write = await request({ method: 'POST', url: '/api/realty/cache/clear', cookie });
    expect(write.statusCode).toBe(403);
    expect(write.json().error.message).toMatch(/owner role.*you are viewer/);
    expect((await request({ method: 'POST', url: '/api/keys', cookie, payload: { name: 'v' } })).statusCode).toBe(403);
    const members = await request({ method: 'GET', url: '/api/workspace/members', cookie: owner.cookie });
    expect(members.json().members.map((member: { role: string }) => member.role)).toEqual(['owner', 'viewer']);
    const reuse = await request({ method: 'POST', url: '/api/invitations/accept', cookie, payload: { token: invite.json().token } });
    expect(reuse.statusCode).toBe(404);
  });

  it('lets owners change a member\'s role and remove a member, never the last owner (409), with audit entries', async () => {
    const memberEmail = `member-${unique()}@example.com`;
    const invite = await request({ method: 'POST', url: '/api/workspace/invitations', cookie: owner.cookie, payload: { email: memberEmail, role: 'analyst' } });
    const member = await signUp(memberEmail, 'Member Own');
    expect((await request({ method: 'POST', url: '/api/invitations/accept', cookie: member.cookie, payload: { token: invite.json().token } })).statusCode).toBe(200);
    const memberId = member.me.user!.id;
    const roleOf = (body: unknown, userId: string) => membersResponseSchema.parse(body).members.find((row) => row.user_id === userId)?.role;

    // The only owner can be neither demoted nor removed.
    const demoteLast = await request({ method: 'PATCH', url: `/api/workspace/members/${owner.userId}`, cookie: owner.cookie, payload: { role: 'analyst' } });
    expect(demoteLast.statusCode).toBe(409);
    expect(demoteLast.json().error.message).toMatch(/last owner and cannot be demoted: make another member an owner first/);
    const removeLast = await request({ method: 'DELETE', url: `/api/workspace/members/${owner.userId}`, cookie: owner.cookie });
    expect(removeLast.statusCode).toBe(409);
    expect(removeLast.json().error.message).toMatch(/last owner and cannot be removed/);

    // Roles change both ways; with two owners one may step down.
    const promoted = await request({ method: 'PATCH', url: `/api/workspace/members/${memberId}`, cookie: owner.cookie, payload: { role: 'owner' } });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(roleOf(promoted.json(), memberId)).toBe('owner');
    const demoted = await request({ method: 'PATCH', url: `/api/workspace/members/${memberId}`, cookie: owner.cookie, payload: { role: 'viewer' } });
    expect(roleOf(demoted.json(), memberId)).toBe('viewer');
    expect((await request({ method: 'PATCH', url: `/api/workspace/members/${memberId}`, cookie: owner.cookie, payload: { role: 'admin' } })).statusCode).toBe(400);

    // Only owners manage members; another workspace's owner finds no such member.
    expect((await request({ method: 'PATCH', url: `/api/workspace/members/${owner.userId}`, cookie: member.cookie, payload: { role: 'viewer' } })).statusCode).toBe(403);
    expect((await request({ method: 'DELETE', url: `/api/workspace/members/${memberId}`, cookie: other.cookie })).statusCode).toBe(404);
    expect((await request({ method: 'DELETE', url: '/api/workspace/members/usr_nobody', cookie: owner.cookie })).statusCode).toBe(404);

    // Removed: gone from the list, and their session in the workspace has ended.
    const removed = await request({ method: 'DELETE', url: `/api/workspace/members/${memberId}`, cookie: owner.cookie });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(roleOf(removed.json(), memberId)).toBeUndefined();
    expect((await request({ method: 'GET', url: '/api/reports', cookie: member.cookie })).statusCode).toBe(401);
    const entries = (await request({ method: 'GET', url: '/api/audit', cookie: owner.cookie })).json().entries as { action: string; subject: string | null }[];
    expect(entries).toContainEqual(expect.objectContaining({ action: 'member.role', subject: `${memberEmail}: owner to viewer` }));
    expect(entries).toContainEqual(expect.objectContaining({ action: 'member.remove', subject: memberEmail }));
  });

  it('cancels at period end and downgrades, keeping the plan until then; records who did what', async () => {
    const canceled = subscriptionResponseSchema.parse((await request({ method: 'POST', url: '/api/billing/subscription/cancel', cookie: owner.cookie })).json()).subscription;
    expect(canceled).toMatchObject({ plan: 'professional', status: 'trialing', cancel_at_period_end: true, next_billing_date: null });
    const resumed = subscriptionResponseSchema.parse((await request({ method: 'POST', url: '/api/billing/subscription/resume', cookie: owner.cookie })).json()).subscription;
    expect(resumed.cancel_at_period_end).toBe(false);
    expect(resumed.next_billing_date).not.toBeNull();
    const downgraded = subscriptionResponseSchema.parse((await request({ method: 'POST', url: '/api/billing/subscription/change', cookie: owner.cookie, payload: { plan: 'starter' } })).json()).subscription;
    expect(downgraded).toMatchObject({ plan: 'professional', scheduled_plan: 'starter', next_billing_date: null });
    const audit = await request({ method: 'GET', url: '/api/audit', cookie: owner.cookie });
    const actions = (audit.json().entries as { action: string; actor: string }[]).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['signup', 'checkout.failed', 'checkout.succeeded', 'api_key.create', 'invite', 'subscription.downgrade']));
  });

  it('reads the local workspace\'s principal at most once a second, and at once after this process changes the workspace', async () => {
    const { database, accounts } = testApp.context;
    const id = accounts.localWorkspaceId;
    const [{ plan_id: planBefore }] = await database.query<{ plan_id: string }>('SELECT plan_id FROM workspaces WHERE id = $1', [id]) as [{ plan_id: string }];
    const now = Date.now();
    try {
      await updateWorkspacePlan(database, id, 'starter');
      expect((await localPrincipal(database, id, now)).planId).toBe('starter');
      // A change this process writes is read at once.
      await updateWorkspacePlan(database, id, 'enterprise');
      expect((await localPrincipal(database, id, now)).planId).toBe('enterprise');
      // Another process's change (straight SQL here) shows within the second, not before.
      await database.query('UPDATE workspaces SET plan_id = $2 WHERE id = $1', [id, 'professional']);
      expect((await localPrincipal(database, id, now + 500)).planId).toBe('enterprise');
      expect((await localPrincipal(database, id, now + 1_001)).planId).toBe('professional');
    } finally {
      await updateWorkspacePlan(database, id, planBefore);
    }
  });

  it('limits API-key calls by the plan\'s requests a minute (429 with Retry-After), and a revoked key is 401', async () => {
    let limited = null;
    for (let call = 0; call < 70 && !limited; call += 1) {
      const response = await request({ method: 'GET', url: '/api/plans', key: secret });
      if (response.statusCode === 429) limited = response;
    }
    expect(limited?.headers['retry-after']).toBeDefined();
    expect(limited?.json().error.message).toMatch(/60 API requests a minute/);
    expect((await request({ method: 'DELETE', url: `/api/keys/${keyId}`, cookie: owner.cookie })).statusCode).toBe(200);
    const revoked = await request({ method: 'GET', url: '/api/reports', key: secret });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.body).not.toContain(secret);
  });
});
