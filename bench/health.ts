/**
 * `npm run bench:health`: latency of every health endpoint, server side (Fastify inject), while
 * valuations run at the same time, on the configured database (PGlite in PROPGUARD_HOME, default
 * .propguard, or DATABASE_URL). Target (issue 12): every health endpoint under 20 ms at p95, and
 * the valuations beside them unaffected (their p95 is printed with and without health polling).
 */
import { performance } from 'node:perf_hooks';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

/** One process sends every request: the per-address rate limits are lifted for the measurement. */
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };

const ROUNDS = 100;
const PATHS = ['/api/propguard/health', '/api/realty/health', '/api/pipeline/pipeline-health', '/api/llm/health', '/api/blockchain/blockchain-health', '/api/xnode/xnode-health'];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

const context = await createAppContext(loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS }));
const app = await buildApp(context, { logger: false });
await app.ready();
try {
  const addresses = await context.database.query<{ line: string }>(
    `SELECT address || ', ' || suburb || ' ' || state || ' ' || postcode AS line FROM addresses WHERE lat IS NOT NULL AND state IS NOT NULL AND postcode IS NOT NULL ORDER BY md5(address) LIMIT 60`,
  );
  async function valuations(): Promise<number[]> {
    const timings: number[] = [];
    for (const row of addresses) {
      const started = performance.now();
      await app.inject({ method: 'POST', url: '/api/valuations', payload: { address: row.line } });
      timings.push(performance.now() - started);
    }
    return timings.sort((a, b) => a - b);
  }
  const alone = await valuations();
  const health = new Map<string, number[]>(PATHS.map((path) => [path, []]));
  const polling = (async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const path of PATHS) {
        const started = performance.now();
        await app.inject({ method: 'GET', url: path });
        health.get(path)!.push(performance.now() - started);
      }
    }
  })();
  const beside = await valuations();
  await polling;
  console.log('| endpoint | n | p50 ms | p95 ms | max ms |');
  console.log('|---|---|---|---|---|');
  for (const [path, timings] of health) {
    const sorted = timings.sort((a, b) => a - b);
    console.log(`| ${path} | ${sorted.length} | ${percentile(sorted, 0.5).toFixed(1)} | ${percentile(sorted, 0.95).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} |`);
  }
  console.log(`\nPOST /api/valuations (${alone.length} addresses): p95 ${percentile(alone, 0.95).toFixed(1)} ms alone, ${percentile(beside, 0.95).toFixed(1)} ms while the health endpoints are polled.`);
} finally {
  await app.close();
  await context.database.close();
}
