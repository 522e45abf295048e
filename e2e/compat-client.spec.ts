import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';

/**
 * The original client runs on another origin. A one-page server on another loopback port (so
 * another origin, in the same address space as ours, as Chromium's local-network rules require)
 * serves a page that calls our server the way that client does (its headers, its bodies):
 * Chromium enforces the real CORS rules, a preflight for every call, then the JSON.
 */
let client: Server;
let clientOrigin: string;

test.beforeAll(async () => {
  client = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Original client</title><h1>Original client</h1>');
  });
  await new Promise<void>((resolve) => client.listen(0, '127.0.0.1', resolve));
  clientOrigin = `http://127.0.0.1:${(client.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => client.close(resolve));
});

test('a page on another origin calls the compatibility routes and reads our figures', async ({ page, baseURL }) => {
  expect(clientOrigin).not.toBe(baseURL);
  await page.goto(`${clientOrigin}/`);
  const results = await page.evaluate(async (server) => {
    const headers = { apikey: 'public-anon-key', authorization: 'Bearer public-anon-token', 'x-client-info': 'supabase-js/2', 'content-type': 'application/json' };
    async function call(path: string, body?: object) {
      const response = await fetch(`${server}${path}`, body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers });
      return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as Record<string, unknown> };
    }
    return {
      health: await call('/functions/v1/propguard/health'),
      command: await call('/api/propguard/process-command', { command: '85 Turner St, Abbotsford VIC 3067' }),
      market: await call('/functions/v1/market-intelligence', { location: 'Richmond VIC', propertyType: 'house', analysisDepth: 'comprehensive' }),
      marketByAddress: await call('/functions/v1/market-intelligence', { location: '85 Turner St, Abbotsford VIC 3067', propertyType: 'house', analysisDepth: 'comprehensive' }),
      enhanced: await call('/functions/v1/enhanced-property-analysis', { address: '85 Turner St, Abbotsford VIC 3067', location: 'Abbotsford VIC', analysisType: 'comprehensive', coordinates: { lat: -37.8034, lng: 145.0 } }),
      valuation: await call('/api/valuations', { address: '85 Turner St, Abbotsford VIC 3067' }).catch((error: Error) => ({ status: 0, type: null, body: String(error) })),
    };
  }, baseURL);
  expect(results.health.status).toBe(200);
  expect(results.command.status).toBe(200);
  expect(results.command.type).toBe('application/json');
  expect(results.command.body.current_valuation as number).toBeGreaterThan(500_000);
  expect((results.market.body.market_intelligence as { market_overview: { average_price: number } }).market_overview.average_price).toBeGreaterThan(0);
  // COMPAT.md "Exact shapes": the shapes and units the original client renders.
  expect(results.command.body.confidence as number).toBeLessThanOrEqual(1);
  const market = results.market.body.market_intelligence as { demand_supply: { market_balance: string | null }; price_trends: { current_median: number | null } };
  expect([null, 'seller', 'buyer', 'balanced']).toContain(market.demand_supply.market_balance);
  expect(market.price_trends.current_median).toBeGreaterThan(0);
  expect((results.marketByAddress.body.market_intelligence as { location_note: string }).location_note).toMatch(/^Answered for Abbotsford VIC/);
  const analysis = results.enhanced.body.analysis as { risk_assessment: { climate_risks: Record<string, { score: number | null; factors: string[] }> }; financial_metrics: { cap_rate: number | null; cash_flow_projection: Array<number | null> } };
  for (const hazard of Object.values(analysis.risk_assessment.climate_risks)) expect(Array.isArray(hazard.factors)).toBe(true);
  expect(analysis.financial_metrics.cash_flow_projection).toHaveLength(5);
  // A cap rate as a percentage (about 2-6 in Abbotsford), never a fraction like 0.0223.
  expect(analysis.financial_metrics.cap_rate as number).toBeGreaterThan(1);
  // Our own screens' routes send no CORS headers, so the browser refuses the cross-origin read.
  expect(results.valuation.status).toBe(0);
});
