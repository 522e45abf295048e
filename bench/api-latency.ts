/**
 * Server-side latency of the API, in process (Fastify inject: no network, no client), on the
 * configured database (PGlite in PROPGUARD_HOME, default .propguard, or DATABASE_URL).
 * Values 200 real addresses from the sales data (a seeded sample), runs 240 property searches
 * (six filter kinds over 40 places, twice), assesses hazards at 100 places, generates 20 valuation
 * reports (stored in that database) and renders their PDFs, then prints p50/p95/max.
 *
 *   npm run bench:api
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

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
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
  // Property search (issue 5): filter combinations over 40 suburbs, the first time (every listing
  // valued and assessed) and again (the enrichments cached).
  const suburbs = await context.database.query<{ suburb: string; state: string; postcode: string }>(
    `SELECT suburb, state, postcode FROM (SELECT DISTINCT suburb, state, postcode FROM sales WHERE state IS NOT NULL AND postcode IS NOT NULL AND price_aud IS NOT NULL) s ORDER BY md5(suburb || postcode) LIMIT 40`,
  );
  const kinds = ['suburb', 'postcode + all filters', 'suburb page 2 by price', 'state by price/date', 'capital city + min price', 'suburb by valuation gap'] as const;
  const searches = suburbs.flatMap((row, index) => [
    { location: `${row.suburb} ${row.state}`, property_type: 'sold' },
    { location: row.postcode, property_type: 'sold', property_category: 'house', min_price: 400_000, max_price: 1_500_000, bedrooms: 3, bathrooms: 1 },
    { location: `${row.suburb} ${row.state} ${row.postcode}`, property_type: index % 2 === 0 ? 'for-sale' : 'sold', sort: 'price-asc', offset: 20 },
    { location: row.state, property_type: 'sold', sort: index % 2 === 0 ? 'price-desc' : 'date-desc', bedrooms: 2 },
    { location: ['Sydney', 'Melbourne', 'Perth'][index % 3], property_type: 'sold', min_price: 600_000 },
    { location: `${row.suburb} ${row.state}`, property_type: 'sold', sort: 'gap-desc' },
  ]);
  await app.inject({ method: 'POST', url: '/api/realty/cache/clear' });
  for (const pass of ['first', 'repeat'] as const) {
    const timings: number[] = [];
    const byKind = new Map<string, number[]>();
    for (const [index, body] of searches.entries()) {
      const took = await time(async () => {
        const response = await app.inject({ method: 'POST', url: '/api/realty/search', payload: body });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      });
      timings.push(took);
      const kind = kinds[index % kinds.length] ?? 'other';
      byKind.set(kind, [...(byKind.get(kind) ?? []), took]);
    }
    rows.push(summarise(`POST /api/realty/search (6 filter kinds x 40 places, ${pass} time)`, timings));
    for (const [kind, kindTimings] of byKind) rows.push(summarise(`  search, ${kind} (${pass} time)`, kindTimings));
  }
  // Hazards, fire risk and the map around the sampled addresses.
  const points = await context.database.query<{ lat: number; lng: number }>(`SELECT lat, lng FROM addresses WHERE lat IS NOT NULL ORDER BY md5(address) LIMIT 100`);
  const hazardTimings: number[] = [];
  const fireTimings: number[] = [];
  const climateTimings: number[] = [];
  for (const point of points) {
    hazardTimings.push(await time(() => app.inject({ method: 'POST', url: '/api/hazards/assess', payload: point })));
    fireTimings.push(await time(() => app.inject({ method: 'POST', url: '/api/functions/fire-risk', payload: { latitude: point.lat, longitude: point.lng, radiusKm: 50 } })));
    climateTimings.push(await time(() => app.inject({ method: 'POST', url: '/api/hazards/climate', payload: { ...point, propertyValueAud: 900_000 } })));
  }
  rows.push(summarise('POST /api/hazards/assess (six hazards)', hazardTimings));
  rows.push(summarise('POST /api/functions/fire-risk (archive)', fireTimings));
  rows.push(summarise('POST /api/hazards/climate (dashboard)', climateTimings));
  // Valuation reports (issue 8): generation (a fresh analysis, stored and hashed), then the PDF.
  const reportTimings: number[] = [];
  const pdfTimings: number[] = [];
  for (const row of addresses.slice(0, 20)) {
    let reportId = '';
    reportTimings.push(await time(async () => {
      const response = await app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload: { address: `${row.address}, ${row.suburb} ${row.state} ${row.postcode}` } });
      reportId = (response.json() as { report?: { report_id: string } }).report?.report_id ?? '';
    }));
    if (reportId !== '') pdfTimings.push(await time(() => app.inject({ method: 'GET', url: `/api/reports/${reportId}/pdf` })));
  }
  rows.push(summarise('POST /api/realty/valuation-report (generate and store)', reportTimings));
  rows.push(summarise('GET /api/reports/{id}/pdf (render the PDF)', pdfTimings));
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
