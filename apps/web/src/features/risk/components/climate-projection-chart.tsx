import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ClimateDashboard } from '@propguard/schemas';
import { formatHazardScore } from '../../../lib/format.ts';

const SERIES = [
  { key: 'flood', name: 'Flood', colour: '#2563eb' },
  { key: 'fire', name: 'Bushfire', colour: '#dc2626' },
  { key: 'coastal', name: 'Coastal', colour: '#d97706' },
  { key: 'cyclone', name: 'Cyclone', colour: '#7c3aed' },
] as const;

/** SPEC.md "10-year projection": the hazard scores projected year by year under the chosen scenario (hazards with data only). */
export function ClimateProjectionChart({ points, hazards }: { points: ClimateDashboard['tenYear']; hazards: ReadonlyArray<(typeof SERIES)[number]['key']> }) {
  return (
    <div role="img" aria-label="Chart of the projected flood, bushfire, coastal and cyclone scores over the next ten years" className="h-64" data-testid="ten-year-projection">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="year" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} tick={{ fontSize: 12 }} width={36} />
          <Tooltip formatter={(value) => (typeof value === 'number' ? formatHazardScore(value) : value)} />
          <Legend />
          {SERIES.filter((series) => hazards.includes(series.key)).map((series) => (
            <Line key={series.key} dataKey={series.key} name={series.name} stroke={series.colour} strokeWidth={2} isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
