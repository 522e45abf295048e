import { performance } from 'node:perf_hooks';
import { BUNDLED_DATASETS, type Database } from '@propguard/db';
import { analysePropertySentiment } from '@propguard/engines';
import type { DataSummary, HealthCheck, ServiceHealth } from '@propguard/schemas';
import { redactPaths } from '../../http/redact.ts';
import { listRecentWorkers } from '../portfolio/portfolio-service.ts';
import type { AppContext } from '../app-context.ts';

const PROBE_TIMEOUT_MS = 2000;



interface CheckSpec {
  check: HealthCheck;
  /** A required check that is not ok makes the service unhealthy. */
  required: boolean;
}

async function timed<T>(probe: () => Promise<T>): Promise<{ value: T; latencyMs: number }> {
  const start = performance.now();
  const value = await probe();
  return { value, latencyMs: Math.round((performance.now() - start) * 100) / 100 };
}

async function checkDatabase(database: Database): Promise<CheckSpec> {
  try {
    const { latencyMs } = await timed(() => database.ping());
    return {
      required: true,
      check: {
        name: 'database',
        status: 'ok',
        latencyMs,
        // The kind only: the directory or connection string stays in the server log (main.ts).
        detail: database.kind === 'pglite' ? 'Embedded PostgreSQL (PGlite)' : 'PostgreSQL server',
        figures: { kind: database.kind },
      },
    };
  } catch (error) {
    return {
      required: true,
      check: { name: 'database', status: 'down', latencyMs: null, detail: `Database unreachable: ${redactPaths((error as Error).message)}` },
    };
  }
}

/** The data facts, recounted only when the data changed (DataFacts); the latency is the cheap version check's. */
async function loadSummary(context: AppContext): Promise<{ summary: DataSummary | null; latencyMs: number | null; error?: string }> {
  try {
    const { summary, latencyMs } = await context.dataFacts.read(context.database);
    return { summary, latencyMs };
  } catch (error) {
    return { summary: null, latencyMs: null, error: (error as Error).message };
  }
}

function salesCheck(summary: DataSummary | null, latencyMs: number | null, error?: string): CheckSpec {
  if (!summary) {
    return { required: true, check: { name: 'sales data', status: 'down', latencyMs, detail: `Could not read sales: ${error ?? 'unknown error'}` } };
  }
  const { sales } = summary;
  const byState = Object.entries(sales.byState).sort(([a], [b]) => a.localeCompare(b));
  return {
    required: true,
    check: {
      name: 'sales data',
      status: sales.total > 0 ? 'ok' : 'down',
      latencyMs,
      detail:
        sales.total > 0
          ? `${sales.total.toLocaleString('en-AU')} sales (${sales.priced.toLocaleString('en-AU')} priced) from ${sales.firstSaleDate} to ${sales.lastSaleDate}`
          : 'No sales loaded',
      figures: {
        total: sales.total,
        priced: sales.priced,
        ...Object.fromEntries(byState.map(([state, count]) => [`state_${state}`, count])),
      },
    },
  };
}

async function probeHttp(url: string, init: RequestInit): Promise<{ ok: boolean; status: number; latencyMs: number }> {
  const { value, latencyMs } = await timed(() => fetch(url, { ...init, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }));
  return { ok: value.ok, status: value.status, latencyMs };
}

function summarise(service: string, version: string, specs: CheckSpec[], startMs: number, messages: { healthy: string; degraded: string; unavailable: string }): ServiceHealth {
  const requiredDown = specs.some((spec) => spec.required && spec.check.status !== 'ok');
  const anyNotOk = specs.some((spec) => spec.check.status !== 'ok');
  const status = requiredDown ? 'unavailable' : anyNotOk ? 'degraded' : 'healthy';
  return {
    success: !requiredDown,
    service,
    status,
    message: messages[status],
    latency: Math.round((performance.now() - startMs) * 100) / 100,
    last_check: new Date().toISOString(),
    version,
    checks: specs.map((spec) => spec.check),
  };
}

function hazardCheck(context: AppContext): CheckSpec {
  if (!context.hazards.ready) return { required: true, check: { name: 'hazard layers', status: 'down', latencyMs: null, detail: context.hazards.reason } };
  const { runtime } = context.hazards;
  return {
    required: true,
    check: {
      name: 'hazard layers',
      status: 'ok',
      latencyMs: null,
      detail: `Six hazard models on ${runtime.context.data.suburbs.length.toLocaleString('en-AU')} suburb polygons, ${runtime.context.data.coastline.length.toLocaleString('en-AU')} shorelines and ${runtime.context.data.rivers.length.toLocaleString('en-AU')} rivers; loaded in ${runtime.loadMs} ms`,
      figures: { load_ms: runtime.loadMs },
    },
  };
}

/**
 * The fire-data feed: live NASA FIRMS when a key is set (the last query's outcome and latency,
 * measured when it ran; no extra calls are spent on health), else the archive in data/.
 */
function fireDataCheck(context: AppContext): CheckSpec {
  if (!context.hazards.ready) return { required: false, check: { name: 'fire data', status: 'down', latencyMs: null, detail: context.hazards.reason } };
  const { liveFeed, context: hazards } = context.hazards.runtime;
  const archive = `${hazards.fireIndex.items.length.toLocaleString('en-AU')} archived detections${hazards.firePeriod ? ` (${hazards.firePeriod.from.slice(0, 10)} to ${hazards.firePeriod.to.slice(0, 10)})` : ''}`;
  if (!context.config.firmsMapKey) {
    return { required: false, check: { name: 'fire data', status: 'ok', latencyMs: null, detail: `Archive: ${archive}. Set FIRMS_MAP_KEY for live NASA FIRMS detections.`, figures: { mode: 'archive' } } };
  }
  if (liveFeed.lastQueryAt === null) {
    return { required: false, check: { name: 'fire data', status: 'ok', latencyMs: null, detail: `Live NASA FIRMS (${context.config.firmsSource}); not queried yet. Fallback: ${archive}.`, figures: { mode: 'live' } } };
  }
  return {
    required: false,
    check: {
      name: 'fire data',
      status: liveFeed.lastError ? 'degraded' : 'ok',
      latencyMs: liveFeed.lastLatencyMs,
      detail: liveFeed.lastError
        ? `Last live FIRMS query at ${liveFeed.lastQueryAt} failed (${liveFeed.lastError}); the archive answered.`
        : `Live NASA FIRMS (${context.config.firmsSource}); last query at ${liveFeed.lastQueryAt}.`,
      figures: { mode: 'live' },
    },
  };
}

/** GET /api/propguard/health: the API process, its database and the data it serves. */
export async function getPropguardHealth(context: AppContext): Promise<ServiceHealth> {
  const start = performance.now();
  const [database, data] = await Promise.all([checkDatabase(context.database), loadSummary(context)]);
  const api: CheckSpec = {
    required: true,
    check: {
      name: 'api',
      status: 'ok',
      latencyMs: null,
      detail: `Up since ${context.startedAt.toISOString()}, version ${context.version}`,
      figures: { uptime_s: Math.round((Date.now() - context.startedAt.getTime()) / 1000) },
    },
  };
  const valuation: CheckSpec = context.valuation.ready
    ? {
        required: true,
        check: {
          name: 'valuation model',
          status: 'ok',
          latencyMs: null,
          detail: `Model ${context.valuation.runtime.model.id}; ${context.valuation.runtime.salesIndexed.toLocaleString('en-AU')} sales indexed; each market valued as at its own latest sale (${[...context.valuation.runtime.index.lastSaleDateByMarket].map(([state, date]) => `${state} ${date}`).join(', ')})`,
          figures: { model_id: context.valuation.runtime.model.id, sales_indexed: context.valuation.runtime.salesIndexed, load_ms: context.valuation.runtime.loadMs },
        },
      }
    : { required: true, check: { name: 'valuation model', status: 'down', latencyMs: null, detail: context.valuation.reason } };
  return summarise('propguard', context.version, [api, database, salesCheck(data.summary, data.latencyMs, data.error), valuation, hazardCheck(context), fireDataCheck(context)], start, {
    healthy: 'PropGuard API, database and data are up',
    degraded: 'PropGuard API is up; some parts are degraded',
    unavailable: 'PropGuard API cannot serve analyses: see checks',
  });
}

/** The in-memory address-suggestion index (POST /api/functions/address-search), timed on one probe query. */
function addressIndexCheck(context: AppContext): CheckSpec {
  if (!context.addressIndex.ready) return { required: false, check: { name: 'address suggestions', status: context.addressIndex.whenBuilt ? 'degraded' : 'down', latencyMs: null, detail: context.addressIndex.reason } };
  const { index, loadMs } = context.addressIndex;
  const started = performance.now();
  index.searchAfresh('collins st melbourne', 8);
  const latencyMs = Math.round((performance.now() - started) * 100) / 100;
  return {
    required: false,
    check: {
      name: 'address suggestions',
      status: index.entries.length > 0 ? 'ok' : 'down',
      latencyMs,
      detail: `${index.addressCount.toLocaleString('en-AU')} street addresses and ${index.localityCount.toLocaleString('en-AU')} localities in the suggestion index, built in ${loadMs} ms`,
      figures: { addresses: index.addressCount, localities: index.localityCount, load_ms: loadMs },
    },
  };
}

/** GET /api/realty/health: the property data behind search and listings. */
export async function getRealtyHealth(context: AppContext): Promise<ServiceHealth> {
  const start = performance.now();
  const [database, data] = await Promise.all([checkDatabase(context.database), loadSummary(context)]);
  const summary = data.summary;
  const index: CheckSpec = {
    required: true,
    check: summary
      ? {
          name: 'property index',
          status: summary.addresses > 0 && summary.localities > 0 ? 'ok' : 'down',
          latencyMs: data.latencyMs,
          detail: `${summary.addresses.toLocaleString('en-AU')} street addresses and ${summary.localities.toLocaleString('en-AU')} localities indexed`,
          figures: { addresses: summary.addresses, localities: summary.localities, suburbs: summary.suburbs },
        }
      : { name: 'property index', status: 'down', latencyMs: null, detail: `Could not read the index: ${data.error ?? 'unknown error'}` },
  };
  const cache = context.listingCache;
  const search: CheckSpec = {
    required: false,
    check: {
      name: 'listing enrichments',
      status: context.valuation.ready && context.hazards.ready ? 'ok' : 'degraded',
      latencyMs: null,
      detail: `${cache.size.toLocaleString('en-AU')} listings valued and assessed in the cache (${cache.hits.toLocaleString('en-AU')} hits, ${cache.misses.toLocaleString('en-AU')} misses)`,
      figures: { entries: cache.size, hits: cache.hits, misses: cache.misses },
    },
  };
  return summarise('realty', context.version, [database, index, salesCheck(summary, data.latencyMs, data.error), search, addressIndexCheck(context)], start, {
    healthy: 'Property data are loaded and searchable',
    degraded: 'Property data are searchable; listings lack our valuation or risk: see checks',
    unavailable: 'Property data are not available: see checks',
  });
}

/** GET /api/pipeline/pipeline-health: the data pipeline (bundled data set loads). */
export async function getPipelineHealth(context: AppContext): Promise<ServiceHealth> {
  const start = performance.now();
  const [database, data] = await Promise.all([checkDatabase(context.database), loadSummary(context)]);
  const loads = new Map((data.summary?.datasets ?? []).map((load) => [load.dataset, load]));
  const datasetChecks: CheckSpec[] = BUNDLED_DATASETS.map(({ id: dataset }) => {
    const load = loads.get(dataset);
    return {
      required: true,
      check: load
        ? {
            name: dataset,
            status: load.rowsLoaded > 0 ? 'ok' : 'down',
            latencyMs: null,
            detail: `${load.rowsLoaded.toLocaleString('en-AU')} rows loaded, ${load.rowsRejected.toLocaleString('en-AU')} rejected, at ${load.loadedAt} in ${load.durationMs} ms`,
            figures: { rows_loaded: load.rowsLoaded, rows_rejected: load.rowsRejected, duration_ms: load.durationMs },
          }
        : { name: dataset, status: 'down', latencyMs: null, detail: 'Not loaded' },
    };
  });
  const imports: CheckSpec[] = [...loads.values()]
    .filter((load) => load.dataset.startsWith('import:'))
    .map((load) => ({
      required: false,
      check: {
        name: load.dataset,
        status: 'ok',
        latencyMs: null,
        detail: `${load.rowsLoaded.toLocaleString('en-AU')} rows imported at ${load.loadedAt}`,
        figures: { rows_loaded: load.rowsLoaded, rows_rejected: load.rowsRejected },
      },
    }));
  return summarise('pipeline', context.version, [database, ...datasetChecks, ...imports], start, {
    healthy: 'Every bundled data set is loaded',
    degraded: 'Data sets are loaded; some checks are degraded',
    unavailable: 'A bundled data set is missing: run `npm run ingest`',
  });
}

/** GET /api/llm/health: the sentiment engine and the optional OpenAI-compatible model. */
export async function getLlmHealth(context: AppContext): Promise<ServiceHealth> {
  const start = performance.now();
  // A real run of the text engine on a known sentence: a risk phrase must read as high risk.
  const probe = analysePropertySentiment('Renovated family home, flood prone with structural cracking');
  const engineOk = probe.risk_level === 'high' && probe.drivers.length > 0;
  const engine: CheckSpec = {
    required: true,
    check: {
      name: 'sentiment engine',
      status: engineOk ? 'ok' : 'down',
      latencyMs: null,
      detail: engineOk
        ? 'Deterministic market and text sentiment (docs/methodology/market.md); the assistant and LLM-compatible endpoints write from our figures'
        : `The text engine misread a known sentence (risk ${probe.risk_level})`,
    },
  };
  let model: CheckSpec;
  if (!context.config.llmBaseUrl) {
    model = { required: false, check: { name: 'language model', status: 'not_configured', latencyMs: null, detail: 'LLM_BASE_URL is not set; nothing needs it' } };
  } else {
    const url = `${context.config.llmBaseUrl.replace(/\/$/, '')}/models`;
    try {
      const probe = await probeHttp(url, { method: 'GET' });
      model = { required: false, check: { name: 'language model', status: probe.ok ? 'ok' : 'down', latencyMs: probe.latencyMs, detail: `GET ${url} answered ${probe.status}` } };
    } catch (error) {
      model = { required: false, check: { name: 'language model', status: 'down', latencyMs: null, detail: `GET ${url} failed: ${(error as Error).message}` } };
    }
  }
  return summarise('llm', context.version, [engine, model], start, {
    healthy: 'Sentiment engine ready',
    degraded: 'Sentiment engine ready; the optional model is not configured or not answering',
    unavailable: 'The sentiment engine failed its check',
  });
}

/** GET /api/blockchain/blockchain-health: the certificate chain, its contract and the minter, measured now. */
export async function getBlockchainHealth(context: AppContext): Promise<ServiceHealth> {
  const start = performance.now();
  const specs: CheckSpec[] = [];
  if (!context.chain.ready) {
    specs.push({ required: true, check: { name: 'certificate chain', status: 'down', latencyMs: null, detail: `The chain could not be opened: ${redactPaths(context.chain.reason)}` } });
  } else {
    const runtime = context.chain.runtime;
    try {
      const { value, latencyMs } = await timed(async () => {
        const [blockNumber, balanceWei, supply] = await Promise.all([
          runtime.registry.publicClient.getBlockNumber({ cacheTime: 0 }),
          runtime.registry.balanceOfMinter(),
          runtime.registry.totalSupply(),
        ]);
        return { blockNumber, balanceWei, supply };
      });
      const balance = Number(value.balanceWei) / 1e18;
      specs.push({
        required: true,
        check: {
          name: 'certificate chain',
          status: 'ok',
          latencyMs,
          detail: `${runtime.network}: block ${value.blockNumber.toLocaleString('en-AU')}, ${value.supply.toLocaleString('en-AU')} certificates, contract ${runtime.contractAddress}`,
          figures: { chain_id: Number(runtime.chainId), block_height: Number(value.blockNumber), contract_address: runtime.contractAddress, certificates: Number(value.supply), kind: runtime.kind },
        },
      });
      specs.push({
        required: false,
        check: {
          name: 'minter',
          status: value.balanceWei > 0n ? 'ok' : 'degraded',
          latencyMs: null,
          detail: value.balanceWei > 0n ? `Minter ${runtime.registry.minter} holds ${balance.toLocaleString('en-AU', { maximumFractionDigits: 6 })} of the chain's coin for gas` : `Minter ${runtime.registry.minter} has no funds for gas: mints will fail`,
          figures: { minter: runtime.registry.minter, balance_wei: value.balanceWei.toString() },
        },
      });
    } catch (error) {
      specs.push({ required: true, check: { name: 'certificate chain', status: 'down', latencyMs: null, detail: `The chain did not answer: ${redactPaths((error as Error).message.split('\n')[0] ?? '')}` } });
    }
  }
  return summarise('blockchain', context.version, specs, start, {
    healthy: 'Certificate contract deployed; the chain answers and the minter can pay for gas',
    degraded: 'Certificate contract reachable; some checks are degraded',
    unavailable: 'Certificates are not available: the chain is not answering',
  });
}

/**
 * GET /api/xnode/xnode-health: the portfolio revaluation jobs (issue 15): the executor (worker
 * threads in this server, or the pg-boss queue on PostgreSQL) and the workers seen with their
 * heartbeats (id, host, chunks done, last heartbeat), read from the workers table now.
 */
export async function getXnodeHealth(context: AppContext): Promise<ServiceHealth> {
  const start = performance.now();
  const database = await checkDatabase(context.database);
  const jobs = context.portfolioJobs;
  const specs: CheckSpec[] = [database];
  specs.push({
    required: true,
    check: jobs.isReady
      ? {
          name: 'job queue',
          status: 'ok',
          latencyMs: null,
          detail: jobs.mode === 'threads'
            ? `Embedded: portfolio chunks run on ${context.config.portfolioThreads === 0 ? 'the main thread' : `${context.config.portfolioThreads} worker thread(s)`} of this server`
            : `PostgreSQL queue (pg-boss): chunks run by \`propguard worker\` processes${context.config.portfolioServerWorker ? ' and by this server' : ''}; a chunk's lease is ${context.config.portfolioLeaseSeconds} s`,
          figures: { executor: jobs.mode, lease_seconds: context.config.portfolioLeaseSeconds, last_error: jobs.lastError },
        }
      : { name: 'job queue', status: 'down', latencyMs: null, detail: 'Portfolio jobs cannot run: the valuation model or the hazard layers are not loaded' },
  });
  try {
    const { value: workers, latencyMs } = await timed(() => listRecentWorkers(context));
    const alive = workers.filter((worker) => worker.isAlive);
    const figures: Record<string, string | number | null> = { workers_alive: alive.length, workers_seen: workers.length };
    workers.slice(0, 20).forEach((worker, index) => {
      figures[`worker_${index + 1}`] = `${worker.id} on ${worker.host}: ${worker.chunksDone} chunks, ${worker.loansDone} loans, last heartbeat ${worker.lastHeartbeat}${worker.isAlive ? '' : ' (silent)'}`;
    });
    specs.push({
      required: false,
      check: {
        name: 'workers',
        status: alive.length > 0 ? 'ok' : 'degraded',
        latencyMs,
        detail: alive.length > 0
          ? `${alive.length} worker(s) alive: ${alive.map((worker) => `${worker.id} (${worker.chunksDone} chunks done)`).join(', ')}`
          : jobs.mode === 'queue' ? 'No worker has sent a heartbeat in the last 30 s: start `propguard worker` (or leave PORTFOLIO_SERVER_WORKER on)' : 'No worker has sent a heartbeat in the last 30 s',
        figures,
      },
    });
  } catch (error) {
    specs.push({ required: false, check: { name: 'workers', status: 'down', latencyMs: null, detail: `The workers could not be read: ${redactPaths((error as Error).message.split('\n')[0] ?? '')}` } });
  }
  return summarise('xnode', context.version, specs, start, {
    healthy: 'Revaluation workers ready',
    degraded: 'Revaluation jobs can be queued; some checks are degraded',
    unavailable: 'Portfolio revaluation jobs cannot run',
  });
}
