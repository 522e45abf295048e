/**
 * `npm run bench:chain-rpc` (issue 29): health and valuation latency over HTTP while ten
 * infinite-loop eth_calls run against the public JSON-RPC, and those calls' answer times.
 *
 * The server runs in this process on the configured database (PGlite in PROPGUARD_HOME, default
 * .propguard, or DATABASE_URL) and listens on a loopback port; the requests go over HTTP like a
 * client's. Phase 1: GET /api/propguard/health every 10 ms and valuations one after another, alone.
 * Phase 2: the same while ten clients each send `eth_call` {gas: 0x5F5E100, data: 0x5b600056} (an
 * infinite loop) again as soon as the last one is answered; then one batch of ten such calls.
 * CHAIN_CALL_GAS_CAP, CHAIN_CALL_TIMEOUT_MS and CHAIN_CALL_THREADS apply as configured.
 *
 *   npm run bench:chain-rpc      target: health p95 under 50 ms under the load; each call answered within its budget
 */
import { performance } from 'node:perf_hooks';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

/** One process sends every request: the per-address rate limits are lifted for the measurement. */
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };
const LOOP_CALL = { jsonrpc: '2.0', method: 'eth_call', params: [{ gas: '0x5F5E100', data: '0x5b600056' }, 'latest'] };
const CLIENTS = 10;
const HEALTH_POLLS = 300;
const HEALTH_EVERY_MS = 10;
const VALUATIONS = 40;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}
const sortedOf = (values: number[]) => [...values].sort((a, b) => a - b);
const summary = (values: number[]) => {
  const sorted = sortedOf(values);
  return `p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p95 ${percentile(sorted, 0.95).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms (n ${sorted.length})`;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
const context = await createAppContext(config);
const app = await buildApp(context, { logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

async function post(path: string, body: unknown): Promise<{ ms: number; json: unknown }> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await response.json();
  return { ms: performance.now() - started, json };
}

try {
  console.log(`gas cap ${config.chainCallGasCap.toLocaleString('en-AU')}, time budget ${config.chainCallTimeoutMs} ms, ${config.chainCallThreads} call thread(s); ${CLIENTS} clients`);
  // The call thread loads the EVM on the first call.
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const { json } = await post('/api/blockchain/rpc', { jsonrpc: '2.0', id: 0, method: 'eth_call', params: [{ data: '0x600160020160005260206000f3' }, 'latest'] });
    if ((json as { result?: string }).result) break;
  }
  const lines = (await context.database.query<{ line: string }>(
    `SELECT address || ', ' || suburb || ' ' || state || ' ' || postcode AS line FROM addresses WHERE lat IS NOT NULL AND state IS NOT NULL AND postcode IS NOT NULL ORDER BY md5(address) LIMIT ${VALUATIONS}`,
  )).map((row) => row.line);
  for (const line of lines.slice(0, 5)) await post('/api/valuations', { address: line });

  async function measure(): Promise<{ health: number[]; valuations: number[] }> {
    const health: number[] = [];
    const valuations: number[] = [];
    const polling = (async () => {
      for (let poll = 0; poll < HEALTH_POLLS; poll += 1) {
        const started = performance.now();
        await (await fetch(`${base}/api/propguard/health`)).arrayBuffer();
        health.push(performance.now() - started);
        await sleep(HEALTH_EVERY_MS);
      }
    })();
    for (const line of lines) valuations.push((await post('/api/valuations', { address: line })).ms);
    await polling;
    return { health, valuations };
  }

  const quiet = await measure();
  let isLoading = true;
  const calls: number[] = [];
  const answers = new Map<string, number>();
  const clients = Array.from({ length: CLIENTS }, async (_, client) => {
    while (isLoading) {
      const { ms, json } = await post('/api/blockchain/rpc', { ...LOOP_CALL, id: client });
      calls.push(ms);
      const message = (json as { error?: { message: string } }).error?.message ?? 'a result';
      answers.set(message, (answers.get(message) ?? 0) + 1);
    }
  });
  const loaded = await measure();
  isLoading = false;
  await Promise.all(clients);
  const batch = await post('/api/blockchain/rpc', Array.from({ length: 10 }, (_, id) => ({ ...LOOP_CALL, id })));
  const after = await post('/api/blockchain/rpc', { jsonrpc: '2.0', id: 1, method: 'eth_blockNumber' });

  console.log('\n| measure | alone | while 10 infinite-loop eth_calls run |');
  console.log('|---|---|---|');
  console.log(`| GET /api/propguard/health | ${summary(quiet.health)} | ${summary(loaded.health)} |`);
  console.log(`| POST /api/valuations | ${summary(quiet.valuations)} | ${summary(loaded.valuations)} |`);
  console.log(`\neth_call {gas: 0x5F5E100, infinite loop}, answer time: ${summary(calls)}`);
  for (const [message, count] of answers) console.log(`  ${count} x ${message}`);
  console.log(`a batch of 10 such calls: answered in ${batch.ms.toFixed(0)} ms; eth_blockNumber right after: ${after.ms.toFixed(1)} ms`);
} finally {
  await app.close();
  await context.database.close();
}
