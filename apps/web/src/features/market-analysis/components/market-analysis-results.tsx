import type { ReactNode } from 'react';
import { LineChart } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { isNotFoundError } from '../../../lib/api-client.ts';
import { formatAud, formatPercent } from '../../../lib/format.ts';
import type { MarketAnalysis } from '../api/analyze-market.ts';

/** SPEC.md section 2: listing volume bar is capped at 100% of 1000 listings; heat maps to a fixed bar. */
const LISTING_VOLUME_CAP = 1000;
const MARKET_HEAT_PERCENT = { hot: 100, warm: 75, cool: 50, cold: 25 } as const;

function Metric({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
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
  status: 'idle' | 'pending' | 'error' | 'success';
  error: Error | null;
  analysis: MarketAnalysis | null | undefined;
  onTryDifferentLocation: () => void;
};

export function MarketAnalysisResults({ status, error, analysis, onTryDifferentLocation }: MarketAnalysisResultsProps) {
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
    const reason = isNotFoundError(error) ? (
      <Notice>Market analysis arrives with the market engine, computed from PropGuard&apos;s own sales data.</Notice>
    ) : (
      <p className="text-slate-600">{error?.message}</p>
    );
    return <NoMarketData onTryAgain={onTryDifferentLocation} reason={reason} />;
  }
  const metrics = analysis?.market_metrics;
  if (!analysis || !metrics) return <NoMarketData onTryAgain={onTryDifferentLocation} />;

  const trend = analysis.trend_analysis;
  const insights = analysis.ai_insights;
  return (
    <section aria-labelledby="market-results-heading" className="space-y-6">
      <h2 id="market-results-heading" className="text-xl font-semibold text-slate-900">Market Analysis for {analysis.location}</h2>
      <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {typeof metrics.median_price === 'number' ? <Metric label="Median price" value={formatAud(metrics.median_price)} /> : null}
        {typeof metrics.price_growth_yoy === 'number' ? <Metric label="Price growth (year on year)" value={formatPercent(metrics.price_growth_yoy)} /> : null}
        {typeof metrics.days_on_market === 'number' ? <Metric label="Days on market" value={metrics.days_on_market} /> : null}
        {typeof metrics.auction_clearance_rate === 'number' ? <Metric label="Auction clearance" value={formatPercent(metrics.auction_clearance_rate)} /> : null}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {trend ? (
          <Card>
            <CardHeader level={3} title="Market Trend" />
            <CardContent className="space-y-2 text-sm text-slate-700">
              {trend.price_trend ? <p>Price trend: <strong className="capitalize">{trend.price_trend}</strong></p> : null}
              {trend.market_heat ? <p>Market heat: <strong className="capitalize">{trend.market_heat}</strong></p> : null}
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
          {trend?.market_heat ? <Bar label="Market activity" percent={MARKET_HEAT_PERCENT[trend.market_heat]} /> : null}
        </CardContent>
      </Card>
    </section>
  );
}
