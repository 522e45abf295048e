/**
 * Latency of the address suggestions (POST /api/functions/address-search) on the whole index,
 * in process (Fastify inject: no network), on the configured database (PGlite in PROPGUARD_HOME,
 * default .propguard, or DATABASE_URL). Builds 400 varied queries from the data itself, every one
 * deterministic: whole addresses, typing prefixes, house number and street, a letter dropped
 * (typo), lower case without street type, localities, mistyped localities and postcodes. Prints
 * the index build time and p50/p95/max per kind and overall.
 *
 *   npm run bench:address
 */
import { performance } from 'node:perf_hooks';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

/** One process sends every request: the per-address rate limits are lifted for the measurement. */
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };

const PER_KIND = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

function summarise(name: string, timings: number[]): string {
  const sorted = [...timings].sort((a, b) => a - b);
  return `| ${name} | ${timings.length} | ${percentile(sorted, 0.5).toFixed(2)} | ${percentile(sorted, 0.95).toFixed(2)} | ${(sorted[sorted.length - 1] ?? 0).toFixed(2)} |`;
}

/** Drops the third letter of the first long word: "85 Turner St" -> "85 Tuner St". */
function withTypo(text: string): string {
  return text.replace(/\b([A-Za-z]{2})[A-Za-z]([A-Za-z]{3,})/, '$1$2');
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
const context = await createAppContext(config);
const app = await buildApp(context, { logger: false });
await app.ready();
try {
  if (!context.addressIndex.ready) throw new Error(context.addressIndex.reason);
  const { index, loadMs } = context.addressIndex;
  const addresses = await context.database.query<{ address: string; suburb: string; state: string; postcode: string }>(
    `SELECT address, suburb, state, postcode FROM addresses WHERE state IS NOT NULL AND postcode IS NOT NULL
      AND id % (SELECT greatest(1, count(*)::int / ${PER_KIND}) FROM addresses) = 0 ORDER BY id LIMIT ${PER_KIND}`,
  );
  const localities = await context.database.query<{ name: string; state: string; postcode: string }>(
    `SELECT name, state, postcode FROM localities WHERE id % (SELECT greatest(1, count(*)::int / ${PER_KIND}) FROM localities) = 0 ORDER BY id LIMIT ${PER_KIND}`,
  );
  const kinds: Record<string, string[]> = {
    'whole address': addresses.map((row) => `${row.address}, ${row.suburb} ${row.state} ${row.postcode}`),
    'typing (first 8 characters)': addresses.map((row) => `${row.address}`.slice(0, 8)),
    'house number and street': addresses.map((row) => row.address),
    'typo in street, with suburb': addresses.map((row) => withTypo(`${row.address} ${row.suburb}`)),
    'lower case, no street type': addresses.map((row) => row.address.toLowerCase().split(' ').slice(0, -1).join(' ')),
    locality: localities.map((row) => row.name.toLowerCase()),
    'locality with typo': localities.map((row) => withTypo(row.name.toLowerCase())),
    postcode: localities.map((row) => row.postcode),
  };
  // Warm up (JIT) on queries outside the measured set.
  for (const query of ['collins st melbourne', '12 smith', 'richmnd', '6000']) await app.inject({ method: 'POST', url: '/api/functions/address-search', payload: { action: 'autocomplete', query } });
  const rows: string[] = [];
  const all: number[] = [];
  let empty = 0;
  for (const [kind, queries] of Object.entries(kinds)) {
    const timings: number[] = [];
    for (const query of queries) {
      if (query.trim() === '') continue;
      const started = performance.now();
      const response = await app.inject({ method: 'POST', url: '/api/functions/address-search', payload: { action: 'autocomplete', query } });
      timings.push(performance.now() - started);
      if (response.statusCode !== 200) throw new Error(`${query}: HTTP ${response.statusCode} ${response.body}`);
      if ((response.json() as { suggestions: unknown[] }).suggestions.length === 0) empty += 1;
    }
    all.push(...timings);
    rows.push(summarise(kind, timings));
  }
  console.log(`Address index: ${index.addressCount.toLocaleString('en-AU')} addresses + ${index.localityCount.toLocaleString('en-AU')} localities, loaded and built in ${loadMs} ms (index build ${index.buildMs} ms)`);
  console.log(`Database: ${context.database.kind}; ${all.length} queries, ${empty} with no suggestion\n`);
  console.log('| POST /api/functions/address-search (autocomplete) | queries | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const row of rows) console.log(row);
  console.log(summarise('all queries', all));
} finally {
  await app.close();
  await context.database.close();
}
