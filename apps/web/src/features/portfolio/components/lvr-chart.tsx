import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PORTFOLIO_LVR_BAND_LABELS, type PortfolioSummary } from '@propguard/schemas';

/** Loans by LVR band today and at the outlook year (loaded lazily: Recharts stays out of the first page). */
export function LvrChart({ summary }: { summary: PortfolioSummary }) {
  const data = summary.lvr.today.map((band, index) => ({ band: PORTFOLIO_LVR_BAND_LABELS[band.band].replace('LVR ', ''), today: band.loans, in2050: summary.lvr.in2050[index]?.loans ?? 0 }));
  const text = data.map((band) => `${band.band}: ${band.today} today, ${band.in2050} in ${summary.outlook.year}`).join('; ');
  return (
    <div role="img" aria-label={`Loans by LVR band today and in ${summary.outlook.year} (${summary.outlook.scenario} emissions): ${text}`} data-testid="portfolio-lvr-chart" className="h-72">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="band" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={48} />
          <Tooltip />
          {/* In the bars' order (today, then the outlook year), not sorted by name. */}
          <Legend itemSorter={null} />
          <Bar dataKey="today" name="Today" fill="#2563eb" isAnimationActive={false} />
          <Bar dataKey="in2050" name={`${summary.outlook.year}, ${summary.outlook.scenario} emissions`} fill="#f97316" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

