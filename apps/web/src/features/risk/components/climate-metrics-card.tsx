import { Thermometer } from 'lucide-react';
import type { ClimateDashboard, ClimateMetric } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';

/** Years the metrics can be read for: today and the three projection years of the dashboard. */
export const CLIMATE_METRICS_YEARS = [2025, 2030, 2050, 2090] as const;

/** "+7.2 %" for a change, "21.4 °C" for a level: the engine's rounding and unit, en-AU digits. */
export function formatMetricValue(metric: Pick<ClimateMetric, 'value' | 'unit' | 'isChange'>, value = metric.value): string {
  const sign = metric.isChange && value > 0 ? '+' : '';
  return `${sign}${value.toLocaleString('en-AU', { maximumFractionDigits: 2 })} ${metric.unit}`;
}

type ClimateMetricsCardProps = {
  metrics: ClimateMetric[];
  at: ClimateDashboard['metricsAt'];
  notHeld: string[];
  year: number;
  onYearChange: (year: number) => void;
};

/**
 * SPEC.md "Climate Metrics", filled from the data we hold for the property's region and coast at the
 * chosen year under the dashboard's scenario; a figure we hold no data for is named once below, not
 * shown empty.
 */
export function ClimateMetricsCard({ metrics, at, notHeld, year, onYearChange }: ClimateMetricsCardProps) {
  return (
    <Card>
      <CardHeader
        title="Climate Metrics"
        description={at.year <= CLIMATE_METRICS_YEARS[0] ? `Today (global warming ${at.warmingLevelC.toFixed(1)} °C).` : `${at.year}, ${at.scenario} emissions: global warming ${at.warmingLevelC.toFixed(1)} °C.`}
        icon={<Thermometer aria-hidden="true" className="size-5 text-blue-600" />}
        action={
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Year
            <select aria-label="Climate metrics year" className="rounded-md border border-slate-300 px-2 py-1 text-sm" value={year} onChange={(event) => onYearChange(Number(event.target.value))}>
              {CLIMATE_METRICS_YEARS.map((option) => (
                <option key={option} value={option}>{option === CLIMATE_METRICS_YEARS[0] ? `${option} (today)` : option}</option>
              ))}
            </select>
          </label>
        }
      />
      <CardContent className="space-y-3">
        <dl className="grid gap-3 sm:grid-cols-2">
          {metrics.map((metric) => (
            <div key={metric.id} className="rounded-md border border-slate-100 p-3" data-testid={`climate-metric-${metric.id}`}>
              <dt className="text-xs uppercase tracking-wide text-slate-500">{metric.label}</dt>
              <dd className="text-lg font-semibold text-slate-900">{formatMetricValue(metric)}</dd>
              {metric.range && metric.range.low !== metric.range.high ? (
                <dd className="text-xs text-slate-600">Models: {formatMetricValue(metric, metric.range.low)} to {formatMetricValue(metric, metric.range.high)}</dd>
              ) : null}
              {metric.today !== null && at.year > CLIMATE_METRICS_YEARS[0] ? <dd className="text-xs text-slate-600">Today: {formatMetricValue({ ...metric, isChange: false }, metric.today)}</dd> : null}
              <dd className="mt-1 text-xs text-slate-600">{metric.detail}.</dd>
              <dd className="mt-1 text-xs text-slate-500">{metric.scenario}. Source: {metric.source}.</dd>
            </div>
          ))}
        </dl>
        {notHeld.length > 0 ? <p className="text-xs text-slate-500">Not shown: PropGuard holds no {notHeld.join(', ')} data.</p> : null}
      </CardContent>
    </Card>
  );
}
