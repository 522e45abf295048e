import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { AppError } from '@propguard/schemas';
import { countOpenChunks, type Database } from '@propguard/db';
import { isDirectLoopbackRequest } from '../http/loopback.ts';
import { policy } from '../http/route-policy.ts';
import type { AdmissionGate } from '../http/admission-gate.ts';

function hasKey(request: FastifyRequest, key: string | undefined): boolean {
  if (!key) return false;
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics in the Prometheus text format (prom-client): requests and their latency per route
 * and status, the database's latency (one ping per scrape), the portfolio job queue's depth (chunks
 * queued and running), the calls running and queued for their turn (plugins/load-shedding.ts) and
 * the process's memory and CPU. Loopback
 * clients only, or a Bearer METRICS_API_KEY from elsewhere: these figures are for operators.
 */
export function registerMetrics(app: FastifyInstance, database: Database, metricsApiKey: string | undefined, admission: AdmissionGate | null = null): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'propguard_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'propguard_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'propguard_http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'propguard_database_ping_seconds',
    help: 'Round trip of SELECT 1 to the database, measured at each scrape (-1 when it failed)',
    registers: [registry],
    async collect() {
      const started = performance.now();
      try {
        await database.ping();
        this.set((performance.now() - started) / 1000);
      } catch {
        this.set(-1);
      }
    },
  });

  new Gauge({
    name: 'propguard_portfolio_chunks',
    help: 'Portfolio chunks of unfinished portfolios by state (queued: waiting for a worker; running: held by one), read at each scrape (-1 when the read failed)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const open = await countOpenChunks(database);
        this.set({ state: 'queued' }, open.queued);
        this.set({ state: 'running' }, open.running);
      } catch {
        this.set({ state: 'queued' }, -1);
        this.set({ state: 'running' }, -1);
      }
    },
  });

  if (admission) {
    new Gauge({
      name: 'propguard_admission_calls',
      help: 'Computing calls being answered (running) and queued for their turn (waiting); past OVERLOAD_MAX_WAIT_MS a waiting call gets 503',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const { running, waiting } = admission.load;
        this.set({ state: 'running' }, running);
        this.set({ state: 'waiting' }, waiting);
      },
    });
  }

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the URL: ids never become label values.
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  // Open to the route policy: the handler checks loopback or METRICS_API_KEY itself.
  app.get('/metrics', { config: policy('open'), schema: { hide: true } }, async (request, reply) => {
    // Straight from this machine, not through a proxy on it (whose connections come from loopback too).
    if (!isDirectLoopbackRequest(request) && !hasKey(request, metricsApiKey)) {
      throw new AppError('FORBIDDEN', 'Metrics are served to loopback clients, or with the METRICS_API_KEY as a Bearer token');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
