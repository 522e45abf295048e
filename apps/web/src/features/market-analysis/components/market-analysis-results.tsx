import { lazy, Suspense, type ReactNode } from 'react';
import { LineChart } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAud, formatLongDate, formatPercent, formatPlaceName, formatSignedPercent } from '../../../lib/format.ts';
import type { MarketAnalysis } from '../api/analyze-market.ts';
import type { PlaceChoice } from '@propguard/schemas';
import { PlaceChoiceNotice } from '../../../components/place-choice-notice.tsx';

/** SPEC.md section 2: listing volume bar is capped at 100% of 1000 listings; heat maps to a fixed bar (none when uncertain). */
const LISTING_VOLUME_CAP = 1000;

// The chart library loads with the first result, not with the page.
const MarketIndexChart = lazy(() => import('./market-index-chart.tsx').then((module) => ({ default: module.MarketIndexChart })));

const METHOD_LABELS: Record<string, string> = {
  sold: 'Sold', sold_prior: 'Sold prior', passed_in: 'Passed in', vendor_bid: 'Vendor bid', withdrawn: 'Withdrawn',
  sold_after_auction: 'Sold after auction', sold_not_disclosed: 'Sold (price withheld)', sold_prior_not_disclosed: 'Sold prior (price withheld)', sold_after_auction_not_disclosed: 'Sold after auction (price withheld)',
};
const MARKET_HEAT_PERCENT = { hot: 100, warm: 75, cool: 50, cold: 25 } as const;

function Metric({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
        {note ? <p className="mt-1 text-xs text-slate-500">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

function Bar({ label, percent }: { label: string; percent: number }) {
  return (
    <div>
      <div className="flex justify-between text-sm"><span className="text-slate-700">{label}</span><span>{percent}%</span></div>
      <div role="meter" aria-label={label} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100} className="mt-1 h-2 rounded-full bg-slate-100">
        <div className="h-2 rounded-full bg-blue-600" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

function NoMarketData({ onTryAgain, reason }: { onTryAgain: () => void; reason?: ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
        <LineChart aria-hidden="true" className="size-10 text-slate-400" />
        <h2 className="text-lg font-semibold text-slate-900">No Market Data Available</h2>
        {reason ?? <p className="text-slate-600">We have no market figures for this location and property type.</p>}
        <Button variant="outline" onClick={onTryAgain}>Try Different Location</Button>
      </CardContent>
    </Card>
  );
}

type MarketAnalysisResultsProps = {
  /** How an ambiguous name was read, and its alternatives. */
  placeChoice?: PlaceChoice | null;
  /** Runs the analysis again for one of the places an ambiguous name could mean. */
  onChooseLocation?: (location: string) => void;
  status: 'idle' | 'pending' | 'error' | 'success';
  error: Error | null;
  analysis: MarketAnalysis | null | undefined;
  /** Why there is no analysis (the server's reason), shown in the empty state. */
  reason?: string;
  onTryDifferentLocation: () => void;
};

export function MarketAnalysisResults({ status, error, analysis, reason, onTryDifferentLocation, placeChoice, onChooseLocation }: MarketAnalysisResultsProps) {
  if (status === 'idle') {
    return <p className="text-center text-slate-600">Choose a location to see its median price, growth, days on market and clearance rate.</p>;
  }
  if (status === 'pending') {
    return (
      <div aria-busy="true" aria-label="Loading market analysis" className="grid gap-6 md:grid-cols-4">
        {Array.from({ length: 4 }, (_, index) => <Skeleton key={index} className="h-24" />)}
      </div>
    );
  }
  if (status === 'error') {
    // The market engine's own reason (e.g. no locality or no sales for the place typed).
    const reason = <p className="text-slate-600">{error?.message}</p>;
    return <NoMarketData onTryAgain={onTryDifferentLocation} reason={reason} />;
  }
  const metrics = analysis?.market_metrics;
  if (!analysis || !metrics) return <NoMarketData onTryAgain={onTryDifferentLocation} reason={reason ? <p className="text-slate-600">{reason}</p> : undefined} />;
  const investment = analysis.investment;
  const notAvailable = <span className="text-base font-medium text-slate-500">Not available</span>;

  const trend = analysis.trend_analysis;
  const insights = analysis.ai_insights;
  return (
    <section aria-labelledby="market-results-heading" className="space-y-6">
      <div>
        <h2 id="market-results-heading" className="text-xl font-semibold text-slate-900">Market Analysis for {analysis.location}</h2>
        <p className="text-sm text-slate-600">
          {analysis.matched}, {analysis.property_type}, as at {formatLongDate(analysis.as_at)}: {metrics.sales_volume} priced sales in 12 months.
        </p>
      </div>
      {placeChoice && onChooseLocation ? <PlaceChoiceNotice choice={placeChoice} onChoose={onChooseLocation} /> : null}
      {analysis.flags.length > 0 ? <Notice>{analysis.flags.map((flag) => `${flag}.`).join(' ')}</Notice> : null}
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        <Metric label="Median price" value={metrics.median_price !== null ? formatAud(metrics.median_price) : notAvailable} />
        <Metric
          label="Price growth (year on year)"
          value={metrics.price_growth_yoy !== null ? formatSignedPercent(metrics.price_growth_yoy) : notAvailable}
          note={metrics.price_growth_interval ? `80% interval ${formatSignedPercent(metrics.price_growth_interval.low)} to ${formatSignedPercent(metrics.price_growth_interval.high)}` : undefined}
        />
        <Metric label="Days on market" value={metrics.days_on_market !== null ? metrics.days_on_market : notAvailable} />
        <Metric label="Auction clearance" value={metrics.auction_clearance_rate !== null ? formatPercent(metrics.auction_clearance_rate) : notAvailable} />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {trend ? (
          <Card>
            <CardHeader level={3} title="Market Trend" />
            <CardContent className="space-y-2 text-sm text-slate-700">
              {/* Each label is the engine's, from the figures named in its basis (docs/methodology/market.md, "Labels"). */}
              <p>Price trend: <strong className="capitalize">{trend.price_trend}</strong> <span className="text-xs text-slate-500">({trend.price_trend_basis})</span></p>
              <p>Market heat: <strong className="capitalize">{trend.market_heat}</strong> <span className="text-xs text-slate-500">({trend.market_heat_basis})</span></p>
              {trend.supply_demand_balance ? <p>Supply and demand: {trend.supply_demand_balance}</p> : null}
            </CardContent>
          </Card>
        ) : null}
        {insights ? (
          <Card>
            <CardHeader level={3} title="AI Market Insights" />
            <CardContent className="space-y-2 text-sm text-slate-700">
              {insights.market_sentiment ? <p>{insights.market_sentiment}</p> : null}
              {insights.investment_outlook ? <p>{insights.investment_outlook}</p> : null}
              {insights.risk_assessment ? <p>{insights.risk_assessment}</p> : null}
              {insights.recommendations && insights.recommendations.length > 0 ? (
                <ul className="list-inside list-disc">{insights.recommendations.map((item) => <li key={item}>{item}</li>)}</ul>
              ) : null}
            </CardContent>
          </Card>
        ) : null}
      </div>
      <Card>
        <CardHeader level={3} title="Additional Indicators" />
        <CardContent className="space-y-4">
          {typeof metrics.listing_volume === 'number' ? (
            <Bar label={`Listing volume (${metrics.listing_volume})`} percent={Math.min(100, Math.round((metrics.listing_volume / LISTING_VOLUME_CAP) * 100))} />
          ) : null}
          {trend.market_heat === 'uncertain' ? (
            <p className="text-sm text-slate-700">Market activity: not rated, the figures are uncertain ({trend.market_heat_basis}).</p>
          ) : (
            <Bar label="Market activity" percent={MARKET_HEAT_PERCENT[trend.market_heat]} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader level={3} title="Price Index" />
        <CardContent className="space-y-2">
          <Suspense fallback={<Skeleton className="h-72" />}>
            <MarketIndexChart analysis={analysis} />
          </Suspense>
          <p className="text-xs text-slate-500">Quality-adjusted (hedonic) monthly index, first month = 100. {analysis.method}.</p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader level={3} title="Investment Metrics" />
        <CardContent className="text-sm text-slate-700">
          {investment ? (
            <div className="space-y-2">
              <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                <div><dt className="text-slate-500">Gross yield</dt><dd className="font-semibold">{formatPercent(investment.gross_yield)}</dd></div>
                <div><dt className="text-slate-500">Net yield</dt><dd className="font-semibold">{formatPercent(investment.net_yield)}</dd></div>
                <div><dt className="text-slate-500">Cap rate</dt><dd className="font-semibold">{formatPercent(investment.cap_rate)}</dd></div>
                <div><dt className="text-slate-500">Cash-on-cash</dt><dd className="font-semibold">{formatPercent(investment.cash_on_cash)}</dd></div>
                <div><dt className="text-slate-500">NOI per year</dt><dd className="font-semibold">{formatAud(investment.noi)}</dd></div>
                <div><dt className="text-slate-500">DSCR</dt><dd className="font-semibold">{investment.dscr === null ? 'No loan' : investment.dscr.toFixed(2)}</dd></div>
                <div><dt className="text-slate-500">Weekly rent</dt><dd className="font-semibold">{formatAud(investment.weekly_rent)}</dd></div>
                <div><dt className="text-slate-500">Debt service per year</dt><dd className="font-semibold">{formatAud(investment.annual_debt_service)}</dd></div>
              </dl>
              <p className="text-xs text-slate-500">
                Rent: {investment.rent_source}. Loan {formatPercent(investment.loan.lvr)} LVR at {formatPercent(investment.loan.interest_rate)} over {investment.loan.term_years} years. Costs assumed: {investment.costs.map((cost) => `${cost.name} ${formatAud(cost.annual_aud)}`).join(', ')}.
              </p>
            </div>
          ) : (
            <p>Not available: {analysis.unavailable.investment ?? 'no rent data'}</p>
          )}
        </CardContent>
      </Card>
      {analysis.recent_sales.length > 0 ? (
        <Card>
          <CardHeader level={3} title="Recent Sales" />
          <CardContent className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Most recent recorded sales and auction results</caption>
              <thead className="text-slate-500">
                <tr><th scope="col" className="py-1 pr-4">Date</th><th scope="col" className="py-1 pr-4">Address</th><th scope="col" className="py-1 pr-4">Result</th><th scope="col" className="py-1 pr-4 text-right">Price</th><th scope="col" className="py-1 text-right">Bedrooms</th></tr>
              </thead>
              <tbody>
                {analysis.recent_sales.map((sale) => (
                  <tr key={sale.id} className="border-t border-slate-100">
                    <td className="py-1 pr-4 whitespace-nowrap">{formatLongDate(sale.sale_date)}</td>
                    <td className="py-1 pr-4">{formatPlaceName(sale.address ? `${sale.address}, ${sale.suburb}` : sale.suburb)}</td>
                    <td className="py-1 pr-4">{METHOD_LABELS[sale.sale_method] ?? sale.sale_method}</td>
                    <td className="py-1 pr-4 text-right">{sale.price !== null ? formatAud(sale.price) : 'Not disclosed'}</td>
                    <td className="py-1 text-right">{sale.bedrooms ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </CardContent>
        </Card>
      ) : null}
      <p className="text-xs text-slate-500">
        {Object.entries(analysis.unavailable).filter(([key]) => key !== 'investment').map(([, text]) => text).join(' ')} Sources: {analysis.data_sources.join('; ')}.
      </p>
    </section>
  );
}
