import { LineChart as LineChartIcon } from 'lucide-react';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ValuationResult } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatAudCompact, formatLongDate } from '../../../lib/format.ts';
import { DataSourceBadge } from './data-source-badge.tsx';

const MONTH_YEAR = new Intl.DateTimeFormat('en-AU', { month: 'short', year: 'numeric', timeZone: 'Australia/Sydney' });

type TooltipValue = number | string | ReadonlyArray<number | string> | undefined;

function formatTooltipValue(value: TooltipValue, name: string | number | undefined): string {
  if (Array.isArray(value)) return value.map((part) => formatAud(Number(part))).join(' to ');
  if (name === 'Confidence') return `${String(value)}%`;
  return formatAud(Number(value));
}

/** SPEC.md section 2, "Valuation and Confidence Timeline": the estimate with its range, and the confidence. */
export function ValuationTimelineChart({ valuation }: { valuation: ValuationResult }) {
  const points = valuation.timeline.map((point) => ({
    ...point,
    label: MONTH_YEAR.format(new Date(point.date)),
    range: [point.lowAud, point.highAud],
  }));
  return (
    <Card>
      <CardHeader
        title="Valuation and Confidence Timeline"
        icon={<LineChartIcon aria-hidden="true" className="size-5 text-blue-600" />}
        action={<DataSourceBadge isDemo={valuation.dataSource === 'demo'} />}
      />
      <CardContent>
        {points.length === 0 ? (
          <p className="text-sm text-slate-600">No earlier valuations of this property to chart.</p>
        ) : (
          <>
            <div role="img" aria-label="Chart of the valuation with its 80% range and the confidence over time" data-testid="valuation-timeline" className="h-72">
              <ResponsiveContainer width="100%" height="100%">
                <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                  <YAxis yAxisId="aud" tickFormatter={(value: number) => formatAudCompact(value)} tick={{ fontSize: 12 }} width={72} domain={['auto', 'auto']} />
                  <YAxis yAxisId="confidence" orientation="right" domain={[0, 100]} tickFormatter={(value: number) => `${value}%`} tick={{ fontSize: 12 }} width={44} />
                  <Tooltip formatter={(value, name) => formatTooltipValue(value as TooltipValue, name)} />
                  <Legend />
                  <Area yAxisId="aud" dataKey="range" name="80% range" fill="#bfdbfe" stroke="none" isAnimationActive={false} />
                  <Line yAxisId="aud" dataKey="valuationAud" name="Valuation" stroke="#2563eb" strokeWidth={2} isAnimationActive={false} />
                  <Line yAxisId="confidence" dataKey="confidence" name="Confidence" stroke="#16a34a" strokeDasharray="4 4" isAnimationActive={false} />
                </ComposedChart>
              </ResponsiveContainer>
            </div>
            {/* A table keeps its content's width whatever its own: the wrapper is what is hidden (a 559 px page at 390 px, issue 34). */}
            <div className="sr-only">
              <table>
                <caption>Valuation and confidence timeline</caption>
                <thead>
                  <tr><th scope="col">Date</th><th scope="col">Valuation</th><th scope="col">Range</th><th scope="col">Confidence</th></tr>
                </thead>
                <tbody>
                  {valuation.timeline.map((point) => (
                    <tr key={point.date}>
                      <th scope="row">{formatLongDate(point.date)}</th>
                      <td>{formatAud(point.valuationAud)}</td>
                      <td>{formatAud(point.lowAud)} to {formatAud(point.highAud)}</td>
                      <td>{point.confidence}%</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
