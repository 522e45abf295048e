import { Thermometer } from 'lucide-react';
import type { ClimateMetric } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';

function formatMetric(metric: ClimateMetric): string {
  if (metric.value === null) return 'Not available';
  const digits = Math.abs(metric.value) < 10 ? 1 : 0;
  return `${metric.value.toLocaleString('en-AU', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${metric.unit}`.trim();
}

/** SPEC.md "Climate Metrics", filled from real series for the region; what we lack is labelled, never invented. */
export function ClimateMetricsCard({ metrics }: { metrics: ClimateMetric[] }) {
  return (
    <Card>
      <CardHeader title="Climate Metrics" icon={<Thermometer aria-hidden="true" className="size-5 text-blue-600" />} />
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-2">
          {metrics.map((metric) => (
            <div key={metric.id} className="rounded-md border border-slate-100 p-3" data-testid={`climate-metric-${metric.id}`}>
              <dt className="text-xs uppercase tracking-wide text-slate-500">{metric.label}</dt>
              <dd className={metric.value === null ? 'text-sm font-medium text-slate-500' : 'text-lg font-semibold text-slate-900'}>{formatMetric(metric)}</dd>
              <dd className="mt-1 text-xs text-slate-600">{metric.detail}{metric.source ? ` Source: ${metric.source}.` : ''}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
