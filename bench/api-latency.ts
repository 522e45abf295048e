/**
 * Server-side latency of the API, in process (Fastify inject: no network, no client), on the
 * configured database (PGlite in PROPGUARD_HOME, default .propguard, or DATABASE_URL).
 * Values 200 real addresses from the sales data (a seeded sample), then prints p50/p95/max.
 *
 *   npm run bench:api
 */
import { performance } from 'node:perf_hooks';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

const SAMPLE_SIZE = 200;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function summarise(name: string, timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `| ${name} | ${timings.length} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} |`;
}

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const context = await createAppContext(config);
const app = await buildApp(context, { logger: false });
await app.ready();
try {
  // A deterministic sample: every k-th address with coordinates, ordered by id.
  const addresses = await context.database.query<{ address: string; suburb: string; state: string; postcode: string }>(
    `SELECT address, suburb, state, postcode FROM addresses WHERE lat IS NOT NULL AND state IS NOT NULL AND postcode IS NOT NULL
      AND id % (SELECT greatest(1, count(*)::int / ${SAMPLE_SIZE}) FROM addresses) = 0 ORDER BY id LIMIT ${SAMPLE_SIZE}`,
  );
  const rows: string[] = [];
  const statuses = new Map<number, number>();
  const valuationTimings: number[] = [];
  // Warm up once (JIT, caches) before measuring.
  await app.inject({ method: 'POST', url: '/api/valuations', payload: { address: `${addresses[0]?.address}, ${addresses[0]?.suburb}` } });
  for (const row of addresses) {
    valuationTimings.push(await time(async () => {
      const response = await app.inject({ method: 'POST', url: '/api/valuations', payload: { address: `${row.address}, ${row.suburb} ${row.state} ${row.postcode}` } });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }));
  }
  rows.push(summarise('POST /api/valuations (known address)', valuationTimings));
  const localityTimings: number[] = [];
  for (const row of addresses.slice(0, 50)) {
    localityTimings.push(await time(() => app.inject({ method: 'POST', url: '/api/valuations', payload: { suburb: row.suburb, postcode: row.postcode } })));
  }
  rows.push(summarise('POST /api/valuations (suburb + postcode)', localityTimings));
  for (const url of ['/api/propguard/health', '/api/realty/health']) {
    const timings: number[] = [];
    for (let i = 0; i < 20; i += 1) timings.push(await time(() => app.inject(url)));
    rows.push(summarise(`GET ${url}`, timings));
  }
  console.log(`\nServer-side latency on ${context.database.kind} (${context.database.location}), milliseconds:\n`);
  console.log('| request | n | p50 | p95 | max |\n|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(`\nvaluation status codes: ${[...statuses].map(([code, count]) => `${code}: ${count}`).join(', ')}`);
} finally {
  await app.close();
  await context.database.close();
}
