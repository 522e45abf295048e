/**
 * `npm run bench:load`: how many requests a second the HTTP server answers, per route and mixed,
 * with a real load generator (autocannon, keep-alive connections) in this process and the server in
 * its own process, as users meet it. Prints, for each run: requests/s, p50/p95/p99 latency and
 * errors per route, and the server's CPU time per request (from /proc, when the bench started it).
 *
 *   npm run bench:load                          # starts the server on PROPGUARD_HOME (default .propguard)
 *   npm run bench:load -- --url http://host:port # a running server (its rate limits must allow the load)
 *   npm run bench:load -- --runs mixed,valuations --duration 30 --connections 20
 *
 * Runs: mixed (valuations, address suggestions, hazards and search in equal parts), valuations,
 * autocomplete, hazards, search (10 results), mixed+health (the mix while four dashboards poll every
 * health endpoint each second), overload (the mix at ten times the connections: 503s with
 * Retry-After are shed load, counted apart from errors). Targets (issue 35) are printed beside the figures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: 'mixed,valuations,autocomplete,hazards,search,mixed+health,overload' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '20' },
    port: { type: 'string', default: '4611' },
  },
});
const DURATION_S = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const HEALTH_PATHS = ['/api/propguard/health', '/api/realty/health', '/api/pipeline/pipeline-health', '/api/llm/health', '/api/blockchain/blockchain-health', '/api/xnode/xnode-health'];
/** Issue 35's targets on the 2-core machine, load generator included. */
const TARGETS: Record<string, string> = {
  mixed: '>= 300/s, p99 < 300 ms, no errors',
  valuations: '>= 300/s',
  autocomplete: '>= 1,500/s, p95 < 20 ms',
  hazards: '>= 800/s',
  search: '>= 250/s',
  'mixed+health': 'as mixed (polling harmless)',
  overload: '503 + Retry-After past capacity, health answered, no 5xx else',
};
const SEARCH_SUBURBS = ['Richmond VIC', 'Brunswick VIC', 'Fitzroy VIC', 'Footscray VIC', 'Subiaco WA', 'Fremantle WA', 'Scarborough WA', 'Bondi NSW', 'Cessnock NSW', 'Parramatta NSW'];

interface Target { method: 'GET' | 'POST'; path: string; body?: unknown }
type RouteName = 'valuation' | 'autocomplete' | 'hazards' | 'search' | 'health';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/** utime + stime of a process in seconds (Linux /proc; clock ticks of 100 Hz). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function startServer(port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const started = Date.now();
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) before it was ready`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/propguard/health`);
      if (response.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() - started > 15 * 60_000) throw new Error('the server was not ready within 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return server;
}

async function post<T>(base: string, path: string, body: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Real addresses and places from the server's own data, through its search. */
async function harvest(base: string): Promise<Record<Exclude<RouteName, 'health'>, Target[]>> {
  const places: { line: string; street: string; lat: number; lng: number }[] = [];
  for (const location of SEARCH_SUBURBS) {
    const { properties } = await post<{ properties: { street_address: string | null; suburb: string; state: string; postcode: string; lat: number; lng: number }[] }>(base, '/api/realty/search', { location, limit: 40 });
    for (const row of properties) {
      if (row.street_address) places.push({ line: `${row.street_address}, ${row.suburb} ${row.state} ${row.postcode}`, street: row.street_address, lat: row.lat, lng: row.lng });
    }
  }
  if (places.length < 50) throw new Error(`only ${places.length} addresses found to drive the load with`);
  const json = (path: string, body: unknown): Target => ({ method: 'POST', path, body });
  return {
    valuation: places.map((place) => json('/api/valuations', { address: place.line })),
    autocomplete: places.map((place, index) => json('/api/functions/address-search', { action: 'autocomplete', query: index % 2 === 0 ? place.street.slice(0, 8) : place.line.slice(0, 20) })),
    hazards: places.map((place) => json('/api/hazards/assess', { lat: place.lat, lng: place.lng })),
    search: SEARCH_SUBURBS.map((location) => json('/api/realty/search', { location, limit: 10 })),
  };
}

interface RunResult { name: string; seconds: number; byRoute: Map<RouteName, { latencies: number[]; errors: number; shed: number }>; total: number; cpuPerRequestMs: number | null }

/** One autocannon run over the targets, interleaved so each connection sends the routes in turn. */
async function drive(base: string, name: string, routes: Partial<Record<RouteName, Target[]>>, connections: number, serverPid: number | null): Promise<RunResult> {
  const names = Object.keys(routes) as RouteName[];
  const longest = Math.max(...names.map((route) => routes[route]!.length));
  const requests: autocannon.Request[] = [];
  for (let index = 0; index < longest; index += 1) {
    for (const route of names) {
      const list = routes[route]!;
      const target = list[index % list.length]!;
      requests.push({
        method: target.method,
        path: target.path,
        ...(target.body === undefined ? {} : { body: JSON.stringify(target.body), headers: { 'content-type': 'application/json' } }),
        onResponse: (_status: number, _body: string, context: object) => { (context as { route?: RouteName }).route = route; },
      });
    }
  }
  const byRoute = new Map(names.map((route) => [route, { latencies: [] as number[], errors: 0, shed: 0 }]));
  const cpuBefore = serverPid === null ? 0 : cpuSeconds(serverPid);
  const started = Date.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url: base, connections, duration: DURATION_S, requests, timeout: 30 }, (error, finished) => (error ? reject(error) : resolve(finished)));
    instance.on('response', (client, status, _bytes, responseTime) => {
      // The route of the answered request: its onResponse has just run on this connection's context.
      const { context } = (client as unknown as { requestIterator: { context: { route?: RouteName } } }).requestIterator;
      const stats = byRoute.get(context.route ?? names[0]!)!;
      stats.latencies.push(responseTime);
      if (status === 503) stats.shed += 1;
      else if (status >= 400) stats.errors += 1;
    });
  });
  const seconds = (Date.now() - started) / 1000;
  const total = [...byRoute.values()].reduce((sum, stats) => sum + stats.latencies.length, 0);
  if (result.errors + result.timeouts > 0) byRoute.get(names[0]!)!.errors += result.errors + result.timeouts;
  const cpuPerRequestMs = serverPid === null || total === 0 ? null : ((cpuSeconds(serverPid) - cpuBefore) * 1000) / total;
  return { name, seconds, byRoute, total, cpuPerRequestMs };
}

/** Four dashboards, each polling every health endpoint once a second, for the length of a run. */
async function pollHealth(base: string, until: number): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const dashboard = async () => {
    while (Date.now() < until) {
      const round = Date.now();
      await Promise.all(HEALTH_PATHS.map(async (path) => {
        const started = performance.now();
        try {
          const response = await fetch(`${base}${path}`);
          await response.arrayBuffer();
          if (!response.ok) failures += 1;
        } catch { failures += 1; }
        latencies.push(performance.now() - started);
      }));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 - (Date.now() - round))));
    }
  };
  await Promise.all([dashboard(), dashboard(), dashboard(), dashboard()]);
  return { latencies, failures };
}

function printRun(run: RunResult, note = ''): void {
  console.log(`\n## ${run.name}: ${Math.round(run.total / run.seconds)} requests/s over ${run.seconds.toFixed(0)} s${run.cpuPerRequestMs === null ? '' : `, server CPU ${run.cpuPerRequestMs.toFixed(2)} ms a request`} (target ${TARGETS[run.name] ?? 'none'})${note}`);
  console.log('| route | requests/s | p50 ms | p95 ms | p99 ms | errors | shed (503) |');
  console.log('|---|---|---|---|---|---|---|');
  for (const [route, stats] of run.byRoute) {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    console.log(`| ${route} | ${Math.round(sorted.length / run.seconds)} | ${percentile(sorted, 0.5).toFixed(0)} | ${percentile(sorted, 0.95).toFixed(0)} | ${percentile(sorted, 0.99).toFixed(0)} | ${stats.errors} | ${stats.shed} |`);
  }
}

let server: ChildProcess | null = null;
try {
  const base = args.url ?? `http://127.0.0.1:${args.port}`;
  if (!args.url) server = await startServer(Number(args.port));
  const pid = server?.pid ?? null;
  const targets = await harvest(base);
  // Warm up: JIT and caches, a few seconds of the mix.
  await drive(base, 'warm-up', targets, CONNECTIONS, null).catch(() => undefined);
  console.log(`# bench:load, ${new Date().toISOString()}: ${cpus().length} cores, load ${loadavg().map((value) => value.toFixed(1)).join(' ')}, ${CONNECTIONS} connections, ${DURATION_S} s a run, ${args.url ? args.url : 'server started by the bench'}`);
  const mixed = { valuation: targets.valuation, autocomplete: targets.autocomplete, hazards: targets.hazards, search: targets.search };
  for (const name of args.runs!.split(',')) {
    if (name === 'mixed') printRun(await drive(base, name, mixed, CONNECTIONS, pid));
    else if (name === 'valuations') printRun(await drive(base, name, { valuation: targets.valuation }, CONNECTIONS, pid));
    else if (name === 'autocomplete') printRun(await drive(base, name, { autocomplete: targets.autocomplete }, CONNECTIONS, pid));
    else if (name === 'hazards') printRun(await drive(base, name, { hazards: targets.hazards }, CONNECTIONS, pid));
    else if (name === 'search') printRun(await drive(base, name, { search: targets.search }, CONNECTIONS, pid));
    else if (name === 'mixed+health' || name === 'overload') {
      const connections = name === 'overload' ? CONNECTIONS * 10 : CONNECTIONS;
      const polling = pollHealth(base, Date.now() + DURATION_S * 1000);
      const run = await drive(base, name, mixed, connections, pid);
      const health = await polling;
      const sorted = health.latencies.sort((a, b) => a - b);
      printRun(run, `; health polled beside it: ${sorted.length} calls, p95 ${percentile(sorted, 0.95).toFixed(0)} ms, ${health.failures} failed`);
      if (name === 'overload') {
        // Recovery: once the overload stops, a valuation is answered again.
        const after = await fetch(`${base}/api/valuations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(targets.valuation[0]!.body) });
        console.log(`After the overload: a valuation answers ${after.status}.`);
      }
    } else throw new Error(`unknown run "${name}" (mixed, valuations, autocomplete, hazards, search, mixed+health, overload)`);
  }
} finally {
  server?.kill('SIGTERM');
}
