import { useId } from 'react';
import type { ReactNode } from 'react';
import { Activity, Database, Flame, Home, Server } from 'lucide-react';
import type { ServiceHealth } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import type { DataMode } from '../../../lib/data-mode.ts';
import { formatLatency, formatTime } from '../../../lib/format.ts';
import { usePropguardHealth } from '../api/get-propguard-health.ts';
import { useRealtyHealth } from '../api/get-realty-health.ts';
import { findCheck, getOverallHealth } from '../health-state.ts';
import type { OverallHealth } from '../health-state.ts';

const MODE_OPTIONS: ReadonlyArray<{ value: DataMode; label: string; description: string }> = [
  { value: 'demo', label: 'Demo Mode', description: 'Eight sample properties, labelled "Demo data"' },
  { value: 'live', label: 'Live APIs', description: 'PropGuard valuation model on real sales' },
  { value: 'auto', label: 'Auto', description: 'Try live, fall back to demo with a notice' },
];

const OVERALL_LABELS: Record<OverallHealth, { label: string; tone: 'green' | 'yellow' | 'red' | 'neutral' }> = {
  healthy: { label: 'All systems healthy', tone: 'green' },
  partial: { label: 'Partially available', tone: 'yellow' },
  unhealthy: { label: 'Services unavailable', tone: 'red' },
  unknown: { label: 'Status unknown', tone: 'neutral' },
};

type ServiceStatus = 'ok' | 'degraded' | 'down' | 'unknown';

const STATUS_TONES: Record<ServiceStatus, 'green' | 'yellow' | 'red' | 'neutral'> = { ok: 'green', degraded: 'yellow', down: 'red', unknown: 'neutral' };

type ServiceRow = {
  name: string;
  icon: ReactNode;
  isLoading: boolean;
  status: ServiceStatus;
  statusLabel: string;
  latencyMs: number | null;
  lastCheck: string | null;
  detail: string;
};

type HealthQuery = { data: ServiceHealth | undefined; error: Error | null; isPending: boolean };

function serviceRow(name: string, icon: ReactNode, query: HealthQuery): ServiceRow {
  const base = { name, icon, isLoading: query.isPending && !query.error };
  if (query.data) {
    const { data } = query;
    const status: ServiceStatus = data.status === 'healthy' ? 'ok' : data.status === 'degraded' ? 'degraded' : 'down';
    return { ...base, status, statusLabel: data.status, latencyMs: data.latency, lastCheck: data.last_check, detail: data.message };
  }
  if (query.error) return { ...base, status: 'down', statusLabel: 'unreachable', latencyMs: null, lastCheck: null, detail: query.error.message };
  return { ...base, status: 'unknown', statusLabel: 'checking', latencyMs: null, lastCheck: null, detail: '' };
}

/** A row read from one named check of the PropGuard API's health (the database, the fire-data feed). */
function checkRow(name: string, checkName: string, icon: ReactNode, query: HealthQuery): ServiceRow {
  const check = findCheck(query.data, checkName);
  const base = { name, icon, isLoading: query.isPending && !query.error };
  if (query.data && check) {
    const status: ServiceStatus = check.status === 'ok' ? 'ok' : check.status === 'degraded' ? 'degraded' : 'down';
    return { ...base, status, statusLabel: check.status, latencyMs: check.latencyMs, lastCheck: query.data.last_check, detail: check.detail };
  }
  if (query.data || query.error) {
    return { ...base, status: 'unknown', statusLabel: 'unknown', latencyMs: null, lastCheck: null, detail: `The PropGuard API did not report on its ${checkName}.` };
  }
  return { ...base, status: 'unknown', statusLabel: 'checking', latencyMs: null, lastCheck: null, detail: '' };
}

function ServiceStatusRow({ row }: { row: ServiceRow }) {
  return (
    <li aria-label={row.name} className="rounded-md border border-slate-200 p-3">
      <div className="flex items-center justify-between gap-2">
        <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
          {row.icon}
          {row.name}
        </span>
        {row.isLoading ? <Skeleton className="h-5 w-16" /> : <Badge tone={STATUS_TONES[row.status]}>{row.statusLabel}</Badge>}
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-2 text-xs text-slate-600">
        <dt>Latency</dt>
        <dd className="text-right tabular-nums">{row.latencyMs === null ? 'N/A' : formatLatency(row.latencyMs)}</dd>
        <dt>Last check</dt>
        <dd className="text-right tabular-nums">{row.lastCheck === null ? 'N/A' : formatTime(row.lastCheck)}</dd>
      </dl>
      {row.detail ? <p className="mt-2 text-xs text-slate-500">{row.detail}</p> : null}
    </li>
  );
}

type DataSourceCardProps = { mode: DataMode; onModeChange: (mode: DataMode) => void };

/**
 * SPEC.md section 2, "Data Source card": the data-mode switch and the API status grid, read from
 * the real health endpoints on load and every 30 seconds.
 */
export function DataSourceCard({ mode, onModeChange }: DataSourceCardProps) {
  const groupName = useId();
  const propguard = usePropguardHealth();
  const realty = useRealtyHealth();
  const overall = getOverallHealth({
    propguard: propguard.data ?? (propguard.error ? null : undefined),
    realty: realty.data ?? (realty.error ? null : undefined),
  });
  const overallLabel = OVERALL_LABELS[overall];

  const rows: ServiceRow[] = [
    checkRow('Database', 'database', <Database aria-hidden="true" className="size-4 text-blue-600" />, propguard),
    checkRow('Fire-data feed', 'fire data', <Flame aria-hidden="true" className="size-4 text-red-600" />, propguard),
    serviceRow('PropGuard API', <Server aria-hidden="true" className="size-4 text-blue-600" />, propguard),
    serviceRow('Property data', <Home aria-hidden="true" className="size-4 text-blue-600" />, realty),
  ];

  return (
    <Card>
      <CardHeader
        title="Data Source"
        description="Choose where analyses come from, and see the health of the services behind them."
        icon={<Activity aria-hidden="true" className="size-5 text-blue-600" />}
        action={<Badge tone={overallLabel.tone} aria-label={`API health: ${overallLabel.label}`} data-health={overall}>{overallLabel.label}</Badge>}
      />
      <CardContent className="space-y-5">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-700">Data mode</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {MODE_OPTIONS.map((option) => (
              <label
                key={option.value}
                className={cn(
                  'flex cursor-pointer items-start gap-2 rounded-md border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
                  mode === option.value ? 'border-blue-600 bg-blue-50' : 'border-slate-200 hover:bg-slate-50',
                )}
              >
                <input
                  type="radio"
                  name={groupName}
                  value={option.value}
                  checked={mode === option.value}
                  onChange={() => onModeChange(option.value)}
                  className="mt-0.5 accent-blue-600"
                />
                <span>
                  <span className="block font-medium text-slate-900">{option.label}</span>
                  <span className="block text-xs text-slate-600">{option.description}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <section aria-label="API status">
          <h4 className="mb-2 text-sm font-medium text-slate-700">API status</h4>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {rows.map((row) => (
              <ServiceStatusRow key={row.name} row={row} />
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
