import type { UsageResponse } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatCents, formatLongDate } from '../../../lib/format.ts';
import { useUsage } from '../api/usage.ts';
import { describePlanInclusions } from '../usage-text.ts';

function sumOf(rows: UsageResponse['by_kind'], field: 'included' | 'billable'): number {
  return rows.reduce((sum, row) => sum + row[field], 0);
}

/**
 * This month's metered calls by kind, the valuation quota, what the plan includes and what is
 * billable beyond it; only the billable calls are priced (at the API prices).
 */
export function UsageMeter() {
  const usage = useUsage();
  if (!usage.data) return usage.isError ? <p className="text-sm text-red-700">{usage.error.message}</p> : null;
  const data = usage.data;
  const planName = `${data.plan.charAt(0).toUpperCase()}${data.plan.slice(1)}`;
  const share = data.valuations_quota ? Math.min(100, Math.round((data.valuations_used / data.valuations_quota) * 100)) : 0;
  return (
    <Card>
      <CardHeader level={2} title="Usage this month" description={`From ${formatLongDate(data.period_start)}; the quota resets on ${formatLongDate(data.period_end)}. Metered: calls with an API key and valuations by signed-in users.`} />
      <CardContent className="space-y-4">
        <div>
          <p className="text-sm text-slate-700" data-testid="valuations-used">
            {data.valuations_used} of {data.valuations_quota ?? 'unlimited'} valuations used
          </p>
          {data.valuations_quota ? (
            <div className="mt-1 h-2 overflow-hidden rounded bg-slate-100" role="meter" aria-label="Valuations used" aria-valuemin={0} aria-valuemax={data.valuations_quota} aria-valuenow={data.valuations_used}>
              <div className="h-full bg-blue-600" style={{ width: `${share}%` }} />
            </div>
          ) : null}
        </div>
        <p className="text-sm text-slate-700" data-testid="plan-inclusions">{describePlanInclusions(planName, data.included_per_month)}</p>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Metered calls by kind: included in the plan, and billable beyond it</caption>
          <thead>
            <tr className="border-b text-slate-600">
              <th className="py-1">Kind</th><th className="text-right">Calls</th><th className="text-right">Included</th><th className="text-right">Billable</th><th className="text-right">Price each</th><th className="text-right">Cost</th>
            </tr>
          </thead>
          <tbody>
            {data.by_kind.map((row) => (
              <tr key={row.kind} className="border-b border-slate-100 last:border-0">
                <td className="py-1">{row.label}</td>
                <td className="text-right">{row.count.toLocaleString('en-AU')}</td>
                <td className="text-right">{row.included.toLocaleString('en-AU')}</td>
                <td className="text-right">{row.billable.toLocaleString('en-AU')}</td>
                <td className="text-right">{row.unit_price_cents > 0 ? formatCents(row.unit_price_cents) : '—'}</td>
                <td className="text-right">{formatCents(row.cost_cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-semibold">
              <td className="py-1">Total</td>
              <td className="text-right" data-testid="total-calls">{data.total_calls.toLocaleString('en-AU')}</td>
              <td className="text-right">{sumOf(data.by_kind, 'included').toLocaleString('en-AU')}</td>
              <td className="text-right">{sumOf(data.by_kind, 'billable').toLocaleString('en-AU')}</td>
              <td />
              <td className="text-right" data-testid="billable-cost">{formatCents(data.total_cost_cents)}</td>
            </tr>
          </tfoot>
        </table>
        <p className="text-xs text-slate-500">Cost so far of the billable calls at the API prices; usage charges are not added to your invoices yet.</p>
      </CardContent>
    </Card>
  );
}
