import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MarketAnalysis } from '@propguard/schemas';

/** The quality-adjusted monthly index of the location against its city (first month = 100). */
export function MarketIndexChart({ analysis }: { analysis: MarketAnalysis }) {
  const hasCity = analysis.index_series.some((point) => point.city_index !== null);
  return (
    <div role="img" aria-label={`Price index of ${analysis.location}${hasCity ? ' against its city' : ''}, first month = 100`} data-testid="market-index-chart" className="h-72">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={analysis.index_series} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="month" tick={{ fontSize: 12 }} />
          <YAxis domain={['auto', 'auto']} tick={{ fontSize: 12 }} width={48} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="index" name={analysis.location} stroke="#2563eb" dot={false} strokeWidth={2} isAnimationActive={false} />
          {hasCity ? <Line type="monotone" dataKey="city_index" name="City" stroke="#94a3b8" dot={false} strokeWidth={2} isAnimationActive={false} /> : null}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
