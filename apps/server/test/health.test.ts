import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deletePortfolio } from '@propguard/db';
import { ingestPortfolioCsv } from '@propguard/jobs';
import { CLIMATE_OUTLOOK, errorResponseSchema, serviceHealthSchema } from '@propguard/schemas';
import { buildApp } from '../src/app.ts';
import { REPO_ROOT } from '../src/config.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';
import { TEST_HOME } from './test-database.ts';

const HEALTH_PATHS = [
  '/api/propguard/health',
  '/api/llm/health',
  '/api/blockchain/blockchain-health',
  '/api/xnode/xnode-health',
  '/api/pipeline/pipeline-health',
  '/api/realty/health',
];

describe.skipIf(getApiSkipReason() !== null)('health endpoints', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it.each(HEALTH_PATHS)('%s answers 200 with the ServiceHealth shape and a fresh check time', async (url) => {
    const before = Date.now();
    const response = await testApp.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const body = serviceHealthSchema.parse(response.json());
    expect(Date.parse(body.last_check)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.latency).toBeGreaterThanOrEqual(0);
    expect(body.checks.length).toBeGreaterThan(0);
  });

  it('propguard health reports the database it measured and sales per state from the real data', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/propguard/health')).json());
    expect(body.success).toBe(true);
    const database = body.checks.find((check) => check.name === 'database');
    expect(database?.status).toBe('ok');
    expect(database?.figures?.kind).toBe(testApp.context.database.kind);
    expect(database?.latencyMs).toBeGreaterThanOrEqual(0);
    const sales = body.checks.find((check) => check.name === 'sales data');
    // Melbourne (VIC), Perth (WA) and Sydney and the Valuer General (NSW): the suite's data hold over a
    // thousand of each (the full data's tens of thousands: full-data/full-data.test.ts).
    const counted = await testApp.context.database.query<{ state: string; n: number }>('SELECT state, count(*)::int AS n FROM sales WHERE state IS NOT NULL GROUP BY state');
    for (const state of ['VIC', 'WA', 'NSW']) {
      expect(Number(sales?.figures?.[`state_${state}`]), state).toBe(counted.find((row) => row.state === state)?.n);
      expect(Number(sales?.figures?.[`state_${state}`]), state).toBeGreaterThan(1_000);
    }
  });

  it('health figures follow the database: they are counted, not constants', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/propguard/health')).json());
    const rows = await testApp.context.database.query<{ n: string | number }>("select count(*) as n from sales where state = 'WA'");
    const sales = body.checks.find((check) => check.name === 'sales data');
    expect(Number(sales?.figures?.state_WA)).toBe(Number(rows[0]?.n));
  });

  it('pipeline health lists every bundled data set as loaded', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/pipeline/pipeline-health')).json());
    expect(body.success).toBe(true);
    for (const dataset of ['melbourne-housing-sales', 'perth-house-sales', 'sydney-house-sales', 'au-postcodes-gazetteer', 'abs-suburbs-localities-2021']) {
      const check = body.checks.find((candidate) => candidate.name === dataset);
      expect(check?.status, dataset).toBe('ok');
      expect(Number(check?.figures?.rows_loaded)).toBeGreaterThan(0);
    }
  });

  it('realty health reports the address and locality index', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/realty/health')).json());
    expect(body.success).toBe(true);
    const index = body.checks.find((check) => check.name === 'property index');
    // The suite's few thousand sales give thousands of addresses (the full data's: full-data.test.ts).
    expect(Number(index?.figures?.addresses)).toBeGreaterThan(5_000);
    expect(Number(index?.figures?.localities)).toBeGreaterThan(15_000);
    expect(Number(index?.figures?.suburbs)).toBeGreaterThan(15_000);
  });

  it('xnode health reports the portfolio executor and the workers with their heartbeats (issue 15), nothing "not built"', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/xnode/xnode-health')).json());
    expect(body.checks.some((check) => check.status === 'not_built')).toBe(false);
    const queue = body.checks.find((check) => check.name === 'job queue');
    expect(queue?.status).toBe('ok');
    expect(queue?.figures?.executor).toBe(process.env.PROPGUARD_TEST_DB === 'postgres' ? 'queue' : 'threads');
    expect(body.checks.find((check) => check.name === 'workers')).toBeDefined();
  });

  it('the sentiment engine is checked by running it; no model configured reads as not configured', async () => {
    const body = serviceHealthSchema.parse((await testApp.app.inject('/api/llm/health')).json());
    expect(body.checks.find((check) => check.name === 'sentiment engine')?.status).toBe('ok');
    expect(body.checks.find((check) => check.name === 'language model')?.status).toBe('not_configured');
    expect(body.checks.some((check) => check.status === 'not_built')).toBe(false);
  });

  it('no health answer reveals server paths, connection strings, the Node version or the machine\'s load', async () => {
    for (const url of HEALTH_PATHS) {
      const text = (await testApp.app.inject(url)).body;
      expect(text, url).not.toContain(TEST_HOME);
      expect(text, url).not.toContain(REPO_ROOT);
      expect(text, url).not.toMatch(/postgres(ql)?:\/\//);
      expect(text, url).not.toContain(process.version);
      expect(text, url).not.toMatch(/heap|rss_mb|load_1m|free_mem|load average/i);
    }
  });

  it('counts the data once and again only when the data change, not on every poll', async () => {
    const facts = testApp.context.dataFacts;
    const first = await facts.read(testApp.context.database);
    expect(first.recounted).toBe(false);
    for (let i = 0; i < 3; i += 1) await testApp.app.inject('/api/pipeline/pipeline-health');
    expect((await facts.read(testApp.context.database)).recounted).toBe(false);
    // A load recorded by an ingest or an import moves the data version: the next poll recounts.
    const [load] = await testApp.context.database.query<{ dataset: string }>('SELECT dataset FROM dataset_loads ORDER BY dataset LIMIT 1');
    await testApp.context.database.query(`UPDATE dataset_loads SET loaded_at = loaded_at + interval '1 millisecond' WHERE dataset = $1`, [load!.dataset]);
    try {
      expect((await facts.read(testApp.context.database)).recounted).toBe(true);
      expect((await facts.read(testApp.context.database)).recounted).toBe(false);
    } finally {
      await testApp.context.database.query(`UPDATE dataset_loads SET loaded_at = loaded_at - interval '1 millisecond' WHERE dataset = $1`, [load!.dataset]);
    }
  });

  it('an unreachable optional model endpoint is reported as down, not as healthy', async () => {
    // Same open database, configuration pointing at a port where nothing listens.
    const context = { ...testApp.context, config: { ...testApp.context.config, llmBaseUrl: 'http://127.0.0.1:9/v1' } };
    const other = await buildApp(context, { logger: false, ownsContext: false });
    try {
      const body = serviceHealthSchema.parse((await other.inject('/api/llm/health')).json());
      expect(body.checks.find((check) => check.name === 'language model')?.status).toBe('down');
    } finally {
      await other.close();
    }
  });

  describe('HTTP hardening (issue 12.4, 12.8)', () => {
    // The same context, served with low limits, a short request timeout and a metrics key.
    let secured: FastifyInstance;
    beforeAll(async () => {
      const config = { ...testApp.context.config, rateLimitPerMinute: 5, expensiveRateLimitPerMinute: 2, requestTimeoutMs: 1000, metricsApiKey: 'test-metrics-key' };
      secured = await buildApp({ ...testApp.context, config }, { logger: false, ownsContext: false });
      await secured.ready();
    });
    afterAll(async () => {
      await secured?.close();
    });

    it('sends security headers with a Content-Security-Policy the app satisfies', async () => {
      const response = await secured.inject({ method: 'GET', url: '/api/data/summary', remoteAddress: '10.0.0.1' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).not.toContain('unsafe-eval');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeDefined();
    });

    it('limits each client address per class of route, with 429 and Retry-After', async () => {
      const get = (remoteAddress: string) => secured.inject({ method: 'GET', url: '/api/data/summary', remoteAddress });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await get('10.0.0.2')).statusCode);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await get('10.0.0.2');
      expect(limited.headers['retry-after']).toBeDefined();
      expect(errorResponseSchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');
      // Another address has its own budget.
      expect((await get('10.0.0.3')).statusCode).toBe(200);
      // Expensive routes have a stricter budget of their own.
      const market = (remoteAddress: string) => secured.inject({ method: 'POST', url: '/api/realty/market-analysis', payload: { location: 'Richmond VIC' }, remoteAddress });
      expect((await market('10.0.0.4')).statusCode).toBe(200);
      expect((await market('10.0.0.4')).statusCode).toBe(200);
      expect((await market('10.0.0.4')).statusCode).toBe(429);
    });

    it('serves Prometheus metrics to loopback clients or with the key, and refuses others', async () => {
      await secured.inject({ method: 'GET', url: '/api/propguard/health', remoteAddress: '127.0.0.1' });
      const local = await secured.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      expect(local.headers['content-type']).toContain('text/plain');
      expect(local.body).toContain('propguard_http_requests_total{method="GET",route="/api/propguard/health",status="200"}');
      expect(local.body).toContain('propguard_http_request_duration_seconds_bucket');
      expect(local.body).toMatch(/propguard_database_ping_seconds \d/);
      expect(local.body).toMatch(/propguard_portfolio_chunks\{state="running"\} \d+/);
      // The queue's depth: a stored book whose chunks nobody has taken yet counts them all.
      const queuedBefore = Number(/propguard_portfolio_chunks\{state="queued"\} (\d+)/.exec(local.body)![1]);
      const book = readFileSync(new URL('./fixtures/loan-book-30.csv', import.meta.url), 'utf8');
      const { portfolio } = await ingestPortfolioCsv(testApp.context.database, Readable.from([book]), { name: 'metrics depth', source: 'cli', workspaceId: null, executor: 'queue', outlook: CLIMATE_OUTLOOK, chunkSize: 10 });
      try {
        const after = await secured.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
        expect(Number(/propguard_portfolio_chunks\{state="queued"\} (\d+)/.exec(after.body)![1])).toBe(queuedBefore + portfolio!.totalChunks);
      } finally {
        await deletePortfolio(testApp.context.database, portfolio!.id);
      }
      expect(local.body).toContain('propguard_process_resident_memory_bytes');
      expect((await secured.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.5' })).statusCode).toBe(403);
      const withKey = await secured.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.6', headers: { authorization: 'Bearer test-metrics-key' } });
      expect(withKey.statusCode).toBe(200);
    });

    it('cuts off a request whose body is sent too slowly', async () => {
      await secured.listen({ port: 0, host: '127.0.0.1' });
      const { port } = secured.server.address() as AddressInfo;
      const started = Date.now();
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write('POST /api/valuations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"addr');
        });
        let data = '';
        socket.on('data', (chunk) => { data += chunk.toString(); });
        socket.on('close', () => resolve(data));
        socket.on('error', reject);
        setTimeout(() => { socket.destroy(); resolve(data); }, 10_000);
      });
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
    });
  });
});
