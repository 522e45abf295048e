/**
 * Server-side latency of the original client's calls (docs/compat.md), in process (Fastify
 * inject), on the configured database (PGlite in PROPGUARD_HOME, default .propguard, or
 * DATABASE_URL): 40 real addresses of our sales through each address call, 20 suburbs through the
 * market call, then p50/p95/max per call.
 *
 *   npm run bench:compat
 */
import { performance } from 'node:perf_hooks';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

/** One process sends every request: the per-address rate limits are lifted for the measurement. */
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };

const ADDRESSES = 40;
const SUBURBS = 20;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
const context = await createAppContext(config);
const app = await buildApp(context, { logger: false });
await app.ready();
try {
  const addresses = await context.database.query<{ line: string }>(
    `SELECT address || ', ' || suburb || ' ' || state || ' ' || postcode AS line FROM addresses
      WHERE lat IS NOT NULL AND state IS NOT NULL AND postcode IS NOT NULL ORDER BY md5(address || suburb) LIMIT ${ADDRESSES}`,
  );
  const suburbs = await context.database.query<{ location: string }>(
    `SELECT suburb || ' ' || state AS location FROM (SELECT DISTINCT suburb, state FROM sales WHERE state IS NOT NULL) s ORDER BY md5(suburb) LIMIT ${SUBURBS}`,
  );
  const calls: Array<{ name: string; payloads: object[]; url: string }> = [
    { name: 'POST /api/propguard/process-command (address)', url: '/api/propguard/process-command', payloads: addresses.map((row) => ({ command: row.line })) },
    { name: 'POST /functions/v1/enhanced-property-analysis', url: '/functions/v1/enhanced-property-analysis', payloads: addresses.map((row) => ({ address: row.line, analysisType: 'comprehensive' })) },
    { name: 'POST /api/llm/comprehensive-analysis', url: '/api/llm/comprehensive-analysis', payloads: addresses.map((row) => ({ property_data: { property: { address: row.line } } })) },
    { name: 'POST /api/llm/risk-assessment', url: '/api/llm/risk-assessment', payloads: addresses.map((row) => ({ property_data: { property: { address: row.line } } })) },
    { name: 'POST /functions/v1/market-intelligence', url: '/functions/v1/market-intelligence', payloads: suburbs.map((row) => ({ location: row.location, propertyType: 'house', analysisDepth: 'comprehensive' })) },
  ];
  console.log('| call | n | p50 ms | p95 ms | max ms | answers |');
  console.log('|---|---|---|---|---|---|');
  for (const call of calls) {
    const timings: number[] = [];
    const statuses = new Map<number, number>();
    for (const payload of call.payloads) {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: call.url, payload });
      timings.push(performance.now() - started);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    const sorted = [...timings].sort((a, b) => a - b);
    const answers = [...statuses].map(([status, count]) => `${count}x${status}`).join(', ');
    console.log(`| ${call.name} | ${timings.length} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} | ${answers} |`);
  }
} finally {
  await app.close();
  await context.database.close();
}
