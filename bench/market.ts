/**
 * bench:market. (1) Accuracy: does the quality-adjusted index track the Valuer-General's median
 * house prices by locality (data/vic-suburb-median-prices-and-rents)? For every Melbourne suburb
 * with 40+ priced house sales, the annual changes 2016->2017 (and 2017->2018 where the sales reach
 * into 2018) of the index (mean monthly level of each year) are correlated with the published
 * medians' changes, and compared with the plain median of our own sales. (2) Latency of
 * POST /api/realty/market-analysis, cold (first analysis of a suburb) and cached.
 * Runs on the configured database (PGlite in PROPGUARD_HOME, default .propguard, or DATABASE_URL).
 */
import { performance } from 'node:perf_hooks';
import { loadMarketSales, loadVicLocalityMedians } from '@propguard/db';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

/** One process sends every request: the per-address rate limits are lifted for the measurement. */
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };
import { fitQualityIndex, meanLogLevel, medianOf, monthOf, type MarketSale } from '@propguard/engines';

const MIN_SALES = 40;
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
const context = await createAppContext(config);

function pearson(xs: number[], ys: number[]): number {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0; let sxx = 0; let syy = 0;
  for (let i = 0; i < n; i += 1) { sxy += (xs[i]! - mx) * (ys[i]! - my); sxx += (xs[i]! - mx) ** 2; syy += (ys[i]! - my) ** 2; }
  return sxy / Math.sqrt(sxx * syy);
}

const published = new Map<string, number>();
for (const row of await loadVicLocalityMedians(config.dataDir)) published.set(`${row.locality}|${row.year}`, row.medianAud);
const melbourne = await loadMarketSales(context.database, { kind: 'city', city: 'MELBOURNE', state: 'VIC', lat: -37.814, lng: 144.963, radiusKm: 50 }, 'house');
const bySuburb = new Map<string, MarketSale[]>();
for (const sale of melbourne) {
  if (!sale.isMarketSale || sale.priceAud === null || sale.state !== 'VIC') continue;
  const key = sale.suburb.toUpperCase();
  const list = bySuburb.get(key);
  if (list) list.push(sale); else bySuburb.set(key, [sale]);
}
const indexChanges: number[] = [];
const medianChanges: number[] = [];
const publishedChanges: number[] = [];
let suburbs = 0;
for (const [suburb, sales] of bySuburb) {
  if (sales.length < MIN_SALES) continue;
  const first = monthOf('2016-01-01');
  const last = sales.reduce((max, sale) => Math.max(max, monthOf(sale.saleDate)), first);
  const index = fitQualityIndex(sales, first, last, (sale) => `${sale.suburb.toUpperCase()}|${sale.postcode ?? ''}`);
  let used = false;
  for (const year of [2016, 2017]) {
    const a = meanLogLevel(index, monthOf(`${year}-01-01`), monthOf(`${year}-12-01`));
    const b = meanLogLevel(index, monthOf(`${year + 1}-01-01`), monthOf(`${year + 1}-12-01`));
    const pa = published.get(`${suburb}|${year}`);
    const pb = published.get(`${suburb}|${year + 1}`);
    const salesA = sales.filter((sale) => sale.saleDate.startsWith(String(year))).map((sale) => sale.priceAud!);
    const salesB = sales.filter((sale) => sale.saleDate.startsWith(String(year + 1))).map((sale) => sale.priceAud!);
    if (!pa || !pb || a.sales < 10 || b.sales < 10 || salesA.length < 10 || salesB.length < 10) continue;
    indexChanges.push(Math.exp(b.level - a.level) - 1);
    medianChanges.push(medianOf(salesB) / medianOf(salesA) - 1);
    publishedChanges.push(pb / pa - 1);
    used = true;
  }
  if (used) suburbs += 1;
}
console.log(`Index accuracy: ${suburbs} Melbourne suburbs with ${MIN_SALES}+ priced house sales, ${indexChanges.length} suburb-years`);
console.log(`  correlation of annual changes with the Valuer-General medians: quality-adjusted index ${pearson(indexChanges, publishedChanges).toFixed(2)}, plain median of our sales ${pearson(medianChanges, publishedChanges).toFixed(2)}`);
const mae = (xs: number[]) => xs.reduce((sum, x, i) => sum + Math.abs(x - publishedChanges[i]!), 0) / xs.length;
console.log(`  mean absolute difference of annual change: index ${(mae(indexChanges) * 100).toFixed(1)} pts, plain median ${(mae(medianChanges) * 100).toFixed(1)} pts`);

const app = await buildApp(context, { logger: false });
await app.ready();
const SUBURBS = ['Reservoir VIC', 'Richmond VIC', 'Brunswick VIC', 'Glenroy VIC', 'Bentleigh East VIC', 'Preston VIC', 'Kew VIC', 'Coburg VIC', 'Essendon VIC', 'Hawthorn VIC', 'Balwyn North VIC', 'Pascoe Vale VIC'];
async function time(location: string): Promise<number> {
  const started = performance.now();
  const response = await app.inject({ method: 'POST', url: '/api/realty/market-analysis', payload: { location, property_type: 'house', analysis_depth: 'comprehensive' } });
  if (response.statusCode !== 200) throw new Error(response.body);
  return performance.now() - started;
}
const warmUp = await time('Melbourne VIC 3000');
const cold: number[] = [];
for (const suburb of SUBURBS) cold.push(await time(suburb));
const cached: number[] = [];
for (let round = 0; round < 20; round += 1) for (const suburb of SUBURBS) cached.push(await time(suburb));
const p = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!;
console.log(`Latency of POST /api/realty/market-analysis (houses, comprehensive): first call with the city index fit ${warmUp.toFixed(0)} ms`);
console.log(`  cold suburbs (${cold.length}): median ${p(cold, 0.5).toFixed(1)} ms, p95 ${p(cold, 0.95).toFixed(1)} ms; cached (${cached.length}): p95 ${p(cached, 0.95).toFixed(2)} ms`);
await app.close();
await context.database.close();
