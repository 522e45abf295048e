import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, errorResponseSchema, mintCertificateResponseSchema, portfolioCreatedResponseSchema, reportResponseSchema, usageResponseSchema } from '@propguard/schemas';
import { policy } from '../src/http/route-policy.ts';
import { requireRoutePolicies } from '../src/plugins/auth.ts';
import { settleFinishedBulkUsage } from '@propguard/db';
import { portfolioStatusRemote, submitPortfolioRemote } from '../../cli/src/commands/portfolio-remote.ts';
import { recordAccountMail, signUpThroughMail } from './account-mail.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const PASSWORD = 'correct horse battery 9';
const ADDRESS = '12 Collins Street, Melbourne VIC 3000';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

describe('route policies are declared, not inferred', () => {
  it('stops the server at start-up when a route declares no policy', async () => {
    const app = Fastify();
    requireRoutePolicies(app);
    app.get('/api/declared', { config: policy('viewer') }, async () => ({}));
    expect(() => app.get('/api/forgotten', async () => ({}))).toThrow(/GET \/api\/forgotten declares no policy/);
    await app.close();
  });
});

describe.skipIf(getApiSkipReason() !== null)('every door under one policy (issue 30, AUTH_MODE=required)', () => {
  let testApp: TestApp;
  let listingIds: string[] = [];
  const request = (options: { method: Method; url: string; cookie?: string; payload?: unknown; remoteAddress?: string; headers?: Record<string, string> }) =>
    testApp.app.inject({
      method: options.method,
      url: options.url,
      headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
      remoteAddress: options.remoteAddress ?? '192.0.2.50',
    });
  const signUp = async (workspace: string) => {
    const response = await signUpThroughMail(testApp.app, testApp.context, { email: `${workspace.toLowerCase().replaceAll(' ', '-')}-${unique()}@example.com`, password: PASSWORD, workspace_name: workspace });
    expect(response.statusCode, response.body).toBe(200);
    const header = [response.headers['set-cookie']].flat()[0]!;
    const me = authResponseSchema.parse(response.json()).me;
    return { cookie: header.split(';')[0]!, workspaceId: me.workspace!.id, userId: me.user!.id };
  };
  const setPlan = (workspaceId: string, plan: 'starter' | 'professional' | 'enterprise') => testApp.context.database.query('UPDATE workspaces SET plan_id = $2 WHERE id = $1', [workspaceId, plan]);
  const useValuations = (workspaceId: string, count: number) =>
    testApp.context.database.query(`INSERT INTO api_usage (workspace_id, api_key_id, kind, route, status_code, occurred_at) SELECT $1, NULL, 'valuation', 'POST /api/valuations', 200, now() FROM generate_series(1, $2::int)`, [workspaceId, count]);
  const usageOf = async (cookie: string) => usageResponseSchema.parse((await request({ method: 'GET', url: '/api/billing/usage', cookie })).json());
  const countOf = (usage: { by_kind: Array<{ kind: string; count: number }> }, kind: string) => usage.by_kind.find((row) => row.kind === kind)?.count ?? 0;
  const expectError = (response: { statusCode: number; body: string; json(): unknown }, status: number, code: string, text?: RegExp) => {
    expect(response.statusCode, response.body).toBe(status);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe(code);
    if (text) expect(error.message).toMatch(text);
  };

  beforeAll(async () => {
    testApp = await createTestApp({ AUTH_MODE: 'required', PORTFOLIO_THREADS: '0' });
    recordAccountMail(testApp.context);
    await testApp.context.database.query('DELETE FROM sign_in_throttle');
    await testApp.context.database.query('DELETE FROM public_allowance');
    // Real listing ids of the suite's data (ids are not fixed: a data set loaded again gets new ones).
    listingIds = (await testApp.context.database.query<{ id: number }>('SELECT id FROM sales ORDER BY id LIMIT 6')).map((row) => `sale-${row.id}`);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('declares a policy on every registered route, and enforces each route\'s access: 401 signed out, 403 below the role, served at it', async () => {
    const routes = testApp.app.routePolicies.filter((route) => !route.isVendor && route.method !== 'HEAD' && route.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(100);
    // Vendor routes are only the documentation and the built app.
    for (const route of testApp.app.routePolicies.filter((entry) => entry.isVendor)) expect(route.url, route.url).toMatch(/^\/(api\/docs|\*|$)/);
    const viewer = await signUp('Viewer Co');
    await testApp.context.database.query(`UPDATE workspace_members SET role = 'viewer' WHERE user_id = $1`, [viewer.userId]);
    const analyst = await signUp('Analyst Co');
    await testApp.context.database.query(`UPDATE workspace_members SET role = 'analyst' WHERE user_id = $1`, [analyst.userId]);
    const rank = { viewer: 1, analyst: 2, owner: 3 } as const;
    let checked = 0;
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z]+/g, 'no-such-id').replace('*', 'x');
      const method = route.method as Method;
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const name = `${method} ${route.url} (${route.policy.access})`;
      const anonymous = await request({ method, url, payload, remoteAddress: `198.51.100.${checked % 250}` });
      if (route.url === '/metrics') {
        // Open to the policy; the handler serves loopback clients or METRICS_API_KEY only.
        expect(anonymous.statusCode, name).toBe(403);
      } else if (route.policy.access === 'open' || route.policy.access === 'public') {
        expect(anonymous.statusCode, name).not.toBe(401);
        expect(anonymous.statusCode, name).not.toBe(403);
      } else {
        expect(anonymous.statusCode, name).toBe(401);
        for (const [role, member] of [['viewer', viewer], ['analyst', analyst]] as const) {
          const answer = await request({ method, url, payload, cookie: member.cookie });
          if (rank[role] < rank[route.policy.access]) expect(answer.statusCode, `${name} as ${role}`).toBe(403);
          else expect([401, 403], `${name} as ${role}: ${answer.body}`).not.toContain(answer.statusCode);
        }
      }
      checked += 1;
    }
    expect(checked).toBe(routes.length);
  });

  it('answers another workspace\'s report, portfolio and certificate reads with 404', async () => {
    const mine = await signUp('Mine Lending');
    const theirs = await signUp('Theirs Lending');
    await setPlan(mine.workspaceId, 'professional');
    const report = reportResponseSchema.parse((await request({ method: 'POST', url: '/api/realty/valuation-report', cookie: mine.cookie, payload: { address: ADDRESS, template: 'climate-risk' } })).json()).report;
    const book = await request({ method: 'POST', url: '/api/portfolios', cookie: mine.cookie, payload: { name: 'Mine', rows: [{ loan_id: 'M1', address: ADDRESS, loan_amount: 500000 }] } });
    expect(book.statusCode, book.body).toBe(202);
    const portfolioId = portfolioCreatedResponseSchema.parse(book.json()).portfolio.id;
    for (const url of [`/api/reports/${report.report_id}`, `/api/reports/${report.report_id}/pdf`, `/api/reports/${report.report_id}/text`, `/api/portfolios/${portfolioId}`, `/api/portfolios/${portfolioId}/results`, `/api/portfolios/${portfolioId}/results.csv`, `/api/blockchain/report-certificate?report_id=${report.report_id}`]) {
      expect((await request({ method: 'GET', url, cookie: mine.cookie })).statusCode, `mine ${url}`).toBe(200);
      expect((await request({ method: 'GET', url, cookie: theirs.cookie })).statusCode, `theirs ${url}`).toBe(404);
    }
  });

  it('gives a signed-out visitor PUBLIC_ANALYSES_PER_DAY analyses a day across every door, then 401 with a sign-in hint; a failed analysis is not counted', async () => {
    const address = '203.0.113.77';
    expect(testApp.context.config.publicAnalysesPerDay).toBe(3);
    // Not found: given back.
    expectError(await request({ method: 'POST', url: '/api/valuations', payload: { listingId: 'sale-999999999' }, remoteAddress: address }), 404, 'NOT_FOUND');
    expect((await request({ method: 'POST', url: '/api/valuations', payload: { address: ADDRESS }, remoteAddress: address })).statusCode).toBe(200);
    expect((await request({ method: 'POST', url: '/functions/v1/property-analysis', payload: { query: ADDRESS }, remoteAddress: address })).statusCode).toBe(200);
    expect((await request({ method: 'POST', url: '/api/functions/property-analysis', payload: { query: ADDRESS }, remoteAddress: address })).statusCode).toBe(200);
    for (const door of [
      { method: 'POST', url: '/api/valuations', payload: { address: ADDRESS } },
      { method: 'POST', url: '/functions/v1/enhanced-property-analysis', payload: { address: ADDRESS } },
      { method: 'POST', url: '/api/propguard/process-command', payload: { command: ADDRESS } },
      { method: 'GET', url: `/api/realty/property/${listingIds[0]}` },
    ] as const) {
      expectError(await request({ ...door, remoteAddress: address }), 401, 'UNAUTHENTICATED', /3 property analyses a day.*Sign in/);
    }
    // The probe of the original client is not an analysis; another address has its own allowance.
    expect((await request({ method: 'POST', url: '/functions/v1/property-analysis', payload: { healthCheck: true }, remoteAddress: address })).statusCode).toBe(200);
    expect((await request({ method: 'POST', url: '/api/valuations', payload: { address: ADDRESS }, remoteAddress: '203.0.113.78' })).statusCode).toBe(200);
    // Free hazard and search reads stay public.
    expect((await request({ method: 'POST', url: '/api/realty/search', payload: { location: 'Richmond' }, remoteAddress: address })).statusCode).toBe(200);
  });

  it('counts every valuation door against a Starter workspace\'s 5 a month, and refuses each past it with the same words', async () => {
    const starter = await signUp('Starter Doors');
    await useValuations(starter.workspaceId, 4);
    // The fifth: a report (a valuation, and priced as a compliance report).
    const report = await request({ method: 'POST', url: '/api/realty/valuation-report', cookie: starter.cookie, payload: { address: ADDRESS, template: 'lending-summary' } });
    expect(report.statusCode, report.body).toBe(200);
    const usage = await usageOf(starter.cookie);
    expect(usage).toMatchObject({ valuations_used: 5, valuations_quota: 5, valuations_remaining: 0 });
    expect(countOf(usage, 'compliance_report')).toBe(1);
    for (const door of [
      { method: 'POST', url: '/api/valuations', payload: { address: ADDRESS } },
      { method: 'POST', url: '/api/functions/property-analysis', payload: { query: ADDRESS } },
      { method: 'GET', url: `/api/realty/property/${listingIds[0]}` },
      { method: 'POST', url: '/api/realty/valuation-report', payload: { address: ADDRESS } },
      { method: 'POST', url: '/functions/v1/property-analysis', payload: { query: ADDRESS } },
      { method: 'POST', url: '/functions/v1/enhanced-property-analysis', payload: { address: ADDRESS } },
      { method: 'POST', url: '/functions/v1/valuation-report', payload: { address: ADDRESS } },
      { method: 'POST', url: '/api/propguard/process-command', payload: { command: ADDRESS } },
      { method: 'POST', url: '/api/llm/comprehensive-analysis', payload: { property_data: { address: ADDRESS } } },
      { method: 'POST', url: '/api/blockchain/mint-valuation-nft', payload: { property_data: { address: ADDRESS } } },
    ] as const) {
      const refused = await request({ ...door, cookie: starter.cookie });
      expectError(refused, 429, 'QUOTA_EXCEEDED', /^You have used your 5 valuations this month \(5 of 5 valuations on the Starter plan\).*Upgrade to Professional/);
      expect(Number(refused.headers['retry-after']), door.url).toBeGreaterThan(0);
    }
    // Nothing refused was counted.
    expect((await usageOf(starter.cookie)).valuations_used).toBe(5);
  });

  it('refuses a portfolio larger than the quota left before it starts, with the numbers; counts a book\'s loans as bulk valuations, settled to the loans valued', async () => {
    const starter = await signUp('Starter Book');
    const rows = Array.from({ length: 40 }, (_, index) => ({ loan_id: `S${index + 1}`, address: `${index + 1} Collins Street, Melbourne VIC 3000`, loan_amount: 400000 }));
    const refused = await request({ method: 'POST', url: '/api/portfolios', cookie: starter.cookie, payload: { name: 'Too big', rows } });
    expectError(refused, 429, 'QUOTA_EXCEEDED', /This portfolio has 40 loans.*5 of its 5 valuations left this month.*Nothing was started/);
    const listed = await request({ method: 'GET', url: '/api/portfolios', cookie: starter.cookie });
    expect(listed.json().portfolios).toEqual([]);
    // The original client's bulk analysis is the same door.
    expectError(await request({ method: 'POST', url: '/api/realty/bulk-analysis', cookie: starter.cookie, payload: { listing_ids: listingIds } }), 429, 'QUOTA_EXCEEDED', /6 loans/);

    const professional = await signUp('Professional Book');
    await setPlan(professional.workspaceId, 'professional');
    await useValuations(professional.workspaceId, 97);
    const small = rows.slice(0, 3).concat([{ loan_id: 'BAD', address: '', loan_amount: -1 } as never]);
    expectError(await request({ method: 'POST', url: '/api/portfolios', cookie: professional.cookie, payload: { rows: small } }), 429, 'QUOTA_EXCEEDED', /4 loans.*3 of its 100/);
    const accepted = await request({ method: 'POST', url: '/api/portfolios', cookie: professional.cookie, payload: { name: 'Three', rows: rows.slice(0, 3) } });
    expect(accepted.statusCode, accepted.body).toBe(202);
    const id = portfolioCreatedResponseSchema.parse(accepted.json()).portfolio.id;
    const bulkOf = async () => (await testApp.context.database.query<{ n: number }>(`SELECT coalesce(sum(quantity), 0)::int AS n FROM api_usage WHERE workspace_id = $1 AND kind = 'bulk_valuation'`, [professional.workspaceId]))[0]!.n;
    expect(await bulkOf()).toBe(3);
    expect((await usageOf(professional.cookie)).valuations_remaining).toBe(0);
    // Run to the end, then settled with what was valued.
    const deadline = Date.now() + 120_000;
    let state = '';
    while (Date.now() < deadline) {
      state = (await request({ method: 'GET', url: `/api/portfolios/${id}`, cookie: professional.cookie })).json().portfolio.state;
      if (['completed', 'failed', 'cancelled'].includes(state)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state).toBe('completed');
    await settleFinishedBulkUsage(testApp.context.database);
    const [row] = await testApp.context.database.query<{ quantity: number; status_code: number }>(`SELECT quantity, status_code FROM api_usage WHERE route = $1`, [`portfolio ${id}`]);
    const [valued] = await testApp.context.database.query<{ n: number }>('SELECT count(estimate_aud)::int AS n FROM portfolio_loans WHERE portfolio_id = $1', [id]);
    expect(row).toEqual({ quantity: valued!.n, status_code: 200 });
  });

  it('meters and audits a streamed mint (the web app\'s), which hijacks the reply', async () => {
    const owner = await signUp('Streamed Mint');
    await setPlan(owner.workspaceId, 'enterprise');
    const report = reportResponseSchema.parse((await request({ method: 'POST', url: '/api/realty/valuation-report', cookie: owner.cookie, payload: { address: ADDRESS } })).json()).report;
    const before = await usageOf(owner.cookie);
    const streamed = await request({ method: 'POST', url: '/api/blockchain/mint-valuation-nft', cookie: owner.cookie, payload: { report_id: report.report_id }, headers: { accept: 'text/event-stream' } });
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toContain('text/event-stream');
    const result = /event: result\ndata: (.+)\n/.exec(streamed.body);
    expect(result, streamed.body).not.toBeNull();
    mintCertificateResponseSchema.parse(JSON.parse(result![1]!));
    const after = await usageOf(owner.cookie);
    expect(countOf(after, 'certificate')).toBe(countOf(before, 'certificate') + 1);
    const audit = (await request({ method: 'GET', url: '/api/audit', cookie: owner.cookie })).json() as { entries: Array<{ action: string }> };
    expect(audit.entries.map((entry) => entry.action)).toContain('POST /api/blockchain/mint-valuation-nft');
  });

  it('tells a CLI user without a key to set PROPGUARD_API_KEY (regression: the 401 named no variable)', async () => {
    const baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const dir = mkdtempSync(join(tmpdir(), 'propguard-cli-'));
    try {
      const book = join(dir, 'book.csv');
      writeFileSync(book, `loan_id,address,loan_amount\nC1,"${ADDRESS}",400000\n`);
      await expect(submitPortfolioRemote({ baseUrl }, { csv: book }, () => undefined)).rejects.toThrow(/answered 401: .*set PROPGUARD_API_KEY=pg_/);
      await expect(portfolioStatusRemote({ baseUrl, apiKey: 'pg_not_a_real_key_0000000000' }, 'x', () => undefined)).rejects.toThrow(/answered 401: This API key is unknown or revoked\. PROPGUARD_API_KEY was sent/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
