/**
 * Server-side latency of the lending-rules endpoint, in process (Fastify inject), on the configured
 * database (PGlite in PROPGUARD_HOME, default .propguard, or DATABASE_URL). 200 real places from the
 * addresses (a deterministic sample), each with a valuation and an 85% loan: the 2050 hazards at
 * the place, the engine, and the two inserts (portfolio log, audit trail). Prints p50/p95/max.
 *
 *   npm run bench:lending
 */
import { performance } from 'node:perf_hooks';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

/** One process sends every request: the per-address rate limits are lifted for the measurement. */
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };

const SAMPLE_SIZE = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function summarise(name: string, timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `| ${name} | ${timings.length} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} |`;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
const context = await createAppContext(config);
const app = await buildApp(context, { logger: false });
await app.ready();
try {
  const places = await context.database.query<{ address: string; lat: number; lng: number }>(
    `SELECT address, lat, lng FROM addresses WHERE lat IS NOT NULL
      AND id % (SELECT greatest(1, count(*)::int / ${SAMPLE_SIZE}) FROM addresses) = 0 ORDER BY id LIMIT ${SAMPLE_SIZE}`,
  );
  const body = (place: { address: string; lat: number; lng: number }, index: number, record: boolean) => ({
    property_data: { valuation: 600_000 + (index % 20) * 50_000, address: place.address, lat: place.lat, lng: place.lng },
    loan_amount: Math.round((600_000 + (index % 20) * 50_000) * 0.85),
    gross_annual_income: 150_000,
    record,
  });
  if (places[0]) await app.inject({ method: 'POST', url: '/api/pipeline/financial-impact-assessment', payload: body(places[0], 0, false) });
  const rows: string[] = [];
  const statuses = new Map<number, number>();
  for (const record of [true, false]) {
    const timings: number[] = [];
    for (const [index, place] of places.entries()) {
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/pipeline/financial-impact-assessment', payload: body(place, index, record) });
      timings.push(performance.now() - started);
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    rows.push(summarise(`POST /api/pipeline/financial-impact-assessment (${record ? 'recorded' : 'preview, record: false'})`, timings));
  }
  const overview: number[] = [];
  for (let index = 0; index < 20; index += 1) {
    const started = performance.now();
    await app.inject({ method: 'GET', url: '/api/compliance/overview' });
    overview.push(performance.now() - started);
  }
  rows.push(summarise('GET /api/compliance/overview', overview));
  console.log(`Database: ${context.database.kind}; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
  console.log('| endpoint | requests | p50 ms | p95 ms | max ms |\n| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
} finally {
  await app.close();
  await context.database.close();
}
