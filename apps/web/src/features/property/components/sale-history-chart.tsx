import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { SaleHistoryEntry } from '@propguard/schemas';
import { formatAud, formatAudCompact, formatLongDate } from '../../../lib/format.ts';

/** The property's recorded sale prices over time. */
export function SaleHistoryChart({ history }: { history: SaleHistoryEntry[] }) {
  const points = history.filter((entry) => entry.price !== null).map((entry) => ({ time: Date.parse(entry.sale_date), price: entry.price }));
  return (
    <div role="img" aria-label="Chart of the property's sale prices over time" className="h-56" data-testid="sale-history-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="time" type="number" scale="time" domain={['dataMin', 'dataMax']} tickFormatter={(value: number) => String(new Date(value).getUTCFullYear())} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={(value: number) => formatAudCompact(value)} tick={{ fontSize: 12 }} width={72} domain={['auto', 'auto']} />
          <Tooltip labelFormatter={(value) => formatLongDate(new Date(Number(value)))} formatter={(value) => formatAud(Number(value))} />
          <Line dataKey="price" name="Sale price" stroke="#2563eb" strokeWidth={2} dot isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
