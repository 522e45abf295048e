import { samplePayments } from '../billing/payments-health.ts';
import {
  findOpenIncident,
  getPortfolioDistribution,
  insertHealthChecks,
  latestHealthChecks,
  listIncidents,
  listTolerances,
  listValuationAudit,
  openIncident,
  resolveIncident,
  summariseHealthHistory,
  touchIncident,
  upsertTolerance,
  type WorkspaceScope,
} from '@propguard/db';
import { availabilityPct, breachOf, buildRegulationCards, CPS230_CLOCKS, DEFAULT_TOLERANCE, incidentClocks, makeCheck, type Tolerance } from '@propguard/engines';
import { AppError, type ComplianceOverview, type HealthCheck, type ServiceHealth, type ToleranceBody } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { getBlockchainHealth, getPropguardHealth, getRealtyHealth } from '../health/health-service.ts';
import { valueRequest } from '../valuation/valuation-service.ts';
import { buildReportingSchedule } from './reporting-schedule.ts';

type DependencyId = ComplianceOverview['resilience']['dependencies'][number]['id'];
type Status = HealthCheck['status'];

const DEPENDENCY_NAMES: Record<DependencyId, string> = {
  database: 'Database',
  'fire-data': 'Fire data feed',
  'property-data': 'Property data (listings index)',
  chain: 'Certificate chain',
  payments: 'Payments provider',
};

/** A fresh sample is taken when the newest is older than this (the tab is also sampled on a timer). */
export const SAMPLE_MAX_AGE_MS = 15_000;
export const HEALTH_SAMPLE_INTERVAL_MS = 60_000;
const HISTORY_WINDOW_MS = 86_400_000;
/**
 * Health samples are kept 30 days, then deleted by the scheduler (hourly). The CPS 230 tab reads
 * the last 24 hours (HISTORY_WINDOW_MS); a month lets an operator look back at an incident, and
 * bounds the table (a sample a minute for each of six dependencies: about 260,000 rows).
 */
export const HEALTH_CHECK_RETENTION_DAYS = 30;

interface Sample { dependency: DependencyId; status: Status; latencyMs: number | null; detail: string }

function fromCheck(dependency: DependencyId, check: HealthCheck | undefined, missing: string): Sample {
  return check ? { dependency, status: check.status, latencyMs: check.latencyMs, detail: check.detail } : { dependency, status: 'down', latencyMs: null, detail: missing };
}

/** The address the property-data sample values: a real valuation, the product's own latency. */
const SAMPLE_ADDRESS = '85 Turner St, Abbotsford VIC 3067';

/**
 * Property data, sampled by doing what users do: one real valuation (placing the address, reading
 * its sales, the model), timed. Its latency is the product's, not the health check's.
 */
async function samplePropertyData(context: AppContext, realty: ServiceHealth): Promise<Sample> {
  if (!context.valuation.ready) return { dependency: 'property-data', status: 'down', latencyMs: null, detail: context.valuation.reason };
  const started = performance.now();
  try {
    // Afresh: a kept answer would time the cache, not the product.
    const valuation = await valueRequest(context, context.valuation.runtime, { address: SAMPLE_ADDRESS }, { fresh: true });
    const latencyMs = Math.round((performance.now() - started) * 100) / 100;
    return { dependency: 'property-data', status: realty.success ? (realty.status === 'healthy' ? 'ok' : 'degraded') : 'down', latencyMs, detail: `A valuation of ${SAMPLE_ADDRESS} took ${latencyMs} ms (${valuation.comparables.length} comparables); ${realty.message}` };
  } catch (error) {
    return { dependency: 'property-data', status: 'down', latencyMs: null, detail: `A valuation of ${SAMPLE_ADDRESS} failed: ${(error as Error).message}` };
  }
}

/** Probes every dependency once through the health checks, stores the samples and opens or closes incidents. */
export async function sampleDependencies(context: AppContext, now: Date = new Date()): Promise<void> {
  const [propguard, realty, chain] = await Promise.all([getPropguardHealth(context), getRealtyHealth(context), getBlockchainHealth(context)]);
  const byName = (checks: HealthCheck[], name: string) => checks.find((check) => check.name === name);
  const contract = byName(chain.checks, 'certificate chain');
  const samples: Sample[] = [
    fromCheck('database', byName(propguard.checks, 'database'), 'No database check'),
    fromCheck('fire-data', byName(propguard.checks, 'fire data'), 'No fire data check'),
    await samplePropertyData(context, realty),
    fromCheck('chain', contract, 'No chain check'),
    await samplePayments(context.accounts.payments, context.accounts.stripe),
  ];
  const checkedAt = now.toISOString();
  await insertHealthChecks(context.database, samples.map((sample) => ({ checkedAt, dependency: sample.dependency, status: sample.status, latencyMs: sample.latencyMs, detail: sample.detail })));
  // Each sample is held against PropGuard's default tolerance (incidents without a workspace, seen
  // by every workspace that set none for the dependency) and against each workspace's own tolerance.
  const lenderTolerances = await listTolerances(context.database);
  for (const sample of samples) {
    const holders: { workspaceId: string | null; tolerance: Tolerance }[] = [
      { workspaceId: null, tolerance: DEFAULT_TOLERANCE },
      ...lenderTolerances.filter((row) => row.dependency === sample.dependency).map((row) => ({ workspaceId: row.workspaceId, tolerance: toleranceOf(row) })),
    ];
    for (const { workspaceId, tolerance } of holders) {
      const breach = breachOf(sample, tolerance);
      const open = await findOpenIncident(context.database, sample.dependency, workspaceId);
      if (breach && open) await touchIncident(context.database, open.id, checkedAt, breach);
      else if (breach) await openIncident(context.database, { dependency: sample.dependency, workspaceId, openedAt: checkedAt, lastBreachAt: checkedAt, breach, tolerance });
      else if (open) await resolveIncident(context.database, open.id, checkedAt);
    }
  }
}

function toleranceOf(row: { maxDisruptionMinutes: number; minAvailabilityPct: number; maxLatencyMs: number }): Tolerance {
  return { maxDisruptionMinutes: row.maxDisruptionMinutes, minAvailabilityPct: row.minAvailabilityPct, maxLatencyMs: row.maxLatencyMs };
}

/** A workspace's own tolerances by dependency (issue 14: one set per workspace). */
async function toleranceMap(context: AppContext, workspaceId: string): Promise<Map<string, { tolerance: Tolerance; source: 'default' | 'lender' }>> {
  const rows = await listTolerances(context.database, workspaceId);
  return new Map(rows.map((row) => [row.dependency, { tolerance: toleranceOf(row), source: 'lender' as const }]));
}

/** PUT /api/compliance/tolerances/{dependency}: the workspace's tolerance for one dependency. */
export async function setTolerance(context: AppContext, workspaceId: string, dependency: string, body: ToleranceBody, now: Date = new Date()): Promise<void> {
  // Own keys only: "constructor" or "__proto__" are not dependencies, however `in` reads them.
  if (!Object.hasOwn(DEPENDENCY_NAMES, dependency)) throw new AppError('NOT_FOUND', `params.dependency: unknown dependency "${dependency}"; one of ${Object.keys(DEPENDENCY_NAMES).join(', ')}`, { field: 'params.dependency' });
  await upsertTolerance(context.database, { workspaceId, dependency, maxDisruptionMinutes: body.max_disruption_minutes, minAvailabilityPct: body.min_availability_pct, maxLatencyMs: body.max_latency_ms, updatedAt: now.toISOString() });
}

/**
 * GET /api/compliance/overview: the evidence of the APRA Compliance tab. `scope`: the caller's
 * workspace (issue 14): its tolerances, incidents, loan assessments and audit trail only; the
 * measured service levels are the product's, the same for every workspace.
 */
export async function getComplianceOverview(context: AppContext, now: Date, scope: WorkspaceScope): Promise<ComplianceOverview> {
  let latest = await latestHealthChecks(context.database);
  const newest = latest.reduce((max, row) => Math.max(max, new Date(row.checkedAt).getTime()), 0);
  if (now.getTime() - newest > SAMPLE_MAX_AGE_MS) {
    await sampleDependencies(context, now);
    latest = await latestHealthChecks(context.database);
  }
  const since = new Date(now.getTime() - HISTORY_WINDOW_MS).toISOString();
  const tolerances = await toleranceMap(context, scope.workspaceId);
  const incidentView = { workspaceId: scope.workspaceId, ownDependencies: [...tolerances.keys()] };
  const [history, incidentRows, openRows, audit, portfolio] = await Promise.all([
    summariseHealthHistory(context.database, since),
    listIncidents(context.database, 20, incidentView),
    // The open ones whatever their age: the 20 newest may not hold an incident opened earlier and still open.
    listIncidents(context.database, 100, incidentView, { openOnly: true }),
    listValuationAudit(context.database, 20, scope),
    getPortfolioDistribution(context.database, scope),
  ]);
  const historyBy = new Map(history.map((row) => [row.dependency, row]));
  const latestBy = new Map(latest.map((row) => [row.dependency, row]));

  const dependencies = (Object.keys(DEPENDENCY_NAMES) as DependencyId[]).map((id) => {
    const row = latestBy.get(id);
    const stats = historyBy.get(id);
    const tolerance = tolerances.get(id) ?? { tolerance: DEFAULT_TOLERANCE, source: 'default' as const };
    const availability = stats ? availabilityPct(stats.okSamples, stats.countedSamples) : null;
    const status = (row?.status ?? 'down') as Status;
    const isCounted = status !== 'not_built' && status !== 'not_configured';
    const isBreachingNow = breachOf({ status, latencyMs: row?.latencyMs ?? null }, tolerance.tolerance) !== null;
    return {
      id,
      name: DEPENDENCY_NAMES[id],
      status,
      detail: row?.detail ?? 'Not sampled yet',
      lastCheck: row?.checkedAt ? new Date(row.checkedAt).toISOString() : null,
      samples24h: stats?.samples ?? 0,
      availability24hPct: availability,
      p95LatencyMs24h: stats?.p95LatencyMs === null || stats?.p95LatencyMs === undefined ? null : Math.round(stats.p95LatencyMs * 100) / 100,
      tolerance: { max_disruption_minutes: tolerance.tolerance.maxDisruptionMinutes, min_availability_pct: tolerance.tolerance.minAvailabilityPct, max_latency_ms: tolerance.tolerance.maxLatencyMs, source: tolerance.source },
      isWithinTolerance: !isCounted ? null : (availability === null || availability >= tolerance.tolerance.minAvailabilityPct) && !isBreachingNow,
      isBreachingNow: isCounted ? isBreachingNow : null,
    };
  });

  const withClocks = (row: (typeof incidentRows)[number]) => {
    const tolerance = row.tolerance as Tolerance;
    const openedAt = new Date(row.openedAt).toISOString();
    const resolvedAt = row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null;
    return { id: row.id, dependency: row.dependency, breach: row.breach, openedAt, lastBreachAt: new Date(row.lastBreachAt).toISOString(), resolvedAt, ...incidentClocks(openedAt, resolvedAt, tolerance, now) };
  };
  const incidents = incidentRows.map(withClocks);
  const openIncidents = openRows.map(withClocks);
  // The checks and their statuses are the engine's (one policy: compliant only when every check ran and passed).
  const regulations = buildRegulationCards({
    dependencies: dependencies.map((dependency) => ({ id: dependency.id, name: dependency.name, status: dependency.status, detail: dependency.detail, samples24h: dependency.samples24h, isWithinTolerance: dependency.isWithinTolerance, isBreachingNow: dependency.isBreachingNow, toleranceSource: dependency.tolerance.source })),
    openIncidents,
    incidentsLogged: incidents.length,
    samples24h: history.reduce((sum, row) => sum + row.samples, 0),
    lastSampleAt: dependencies.reduce<string | null>((max, dependency) => (dependency.lastCheck && (!max || dependency.lastCheck > max) ? dependency.lastCheck : max), null),
    audit: { total: audit.total, lastAt: audit.rows[0] ? new Date(audit.rows[0].recordedAt).toISOString() : null },
    portfolio: { total: portfolio.total, high: portfolio.high },
  });

  const activeItems: ComplianceOverview['activeItems'] = [];
  for (const incident of openIncidents) activeItems.push({ priority: 'high', text: `${DEPENDENCY_NAMES[incident.dependency as DependencyId] ?? incident.dependency}: ${incident.breach}; notify APRA by ${incident.notifyOutsideToleranceBy ?? incident.notifyMaterialBy} if material` });
  for (const regulation of regulations) for (const item of regulation.checks) if (item.status === 'fail') activeItems.push({ priority: 'medium', text: `${regulation.name}: ${item.label} (${item.detail})` });
  if (!dependencies.some((dependency) => dependency.tolerance.source === 'lender')) activeItems.push({ priority: 'low', text: 'Set your tolerance levels: PropGuard defaults are in use' });

  return {
    success: true,
    generatedAt: now.toISOString(),
    statement: 'Software cannot be compliant by itself: PropGuard supports your CPS 230 obligations as a material service provider, and this is the evidence it measures.',
    regulations,
    resilience: {
      dependencies,
      incidents,
      clocks: { materialIncidentHours: CPS230_CLOCKS.materialIncidentHours, outsideToleranceHours: CPS230_CLOCKS.outsideToleranceHours, source: CPS230_CLOCKS.source },
      businessContinuity: [
        makeCheck('Stored reports and assessments survive a restart', null, 'Kept in the database (PGlite or PostgreSQL), not in memory; the restart test of the suite checks it, this page does not'),
        makeCheck(
          'Fire data falls back to the archive when the live feed fails',
          context.hazards.ready && context.hazards.runtime.context.fireIndex.items.length > 0,
          context.hazards.ready ? `${context.hazards.runtime.context.fireIndex.items.length.toLocaleString('en-AU')} archived detections loaded to fall back on` : context.hazards.reason,
        ),
        makeCheck('Valuation model loaded', context.valuation.ready, context.valuation.ready ? `Model ${context.valuation.runtime.model.id}` : context.valuation.reason),
      ],
    },
    audit: {
      total: audit.total,
      entries: audit.rows.map((row) => ({ id: row.id, recordedAt: new Date(row.recordedAt).toISOString(), kind: row.kind, subject: row.subject, modelVersion: row.modelVersion, dataSources: row.dataSources, inputs: row.inputs })),
    },
    portfolio,
    reporting: buildReportingSchedule(now),
    activeItems,
  };
}
