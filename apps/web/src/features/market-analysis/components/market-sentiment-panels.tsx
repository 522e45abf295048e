import { DollarSign, MessageSquare } from 'lucide-react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAud, formatPercent } from '../../../lib/format.ts';
import { useMarketSentiment } from '../api/get-market-sentiment.ts';

/** The suburb of the analysed property, as the market engine reads it; null for demo data. */
export type MarketSubject = { location: string; propertyType: string } | null;

const ICON = 'size-5 text-blue-600';

/** SPEC.md section 2: the dashboard's Market Sentiment (score /10, trend, summary) and Investment Metrics panels. */
export function MarketSentimentPanels({ subject }: { subject: MarketSubject }) {
  const query = useMarketSentiment(subject?.location ?? null, subject?.propertyType ?? 'house');
  const sentiment = query.data?.market_sentiment ?? null;
  let sentimentBody;
  let investmentBody;
  if (!subject) {
    sentimentBody = <Notice>Demo data: market sentiment is computed for live analyses from the suburb&apos;s sales.</Notice>;
    investmentBody = <Notice>Demo data: investment metrics are computed for live analyses from real rents.</Notice>;
  } else if (query.isPending) {
    sentimentBody = <Skeleton className="h-20" />;
    investmentBody = <Skeleton className="h-20" />;
  } else if (query.isError || !sentiment) {
    const reason = query.isError ? 'The market engine could not be reached.' : (query.data?.reason ?? 'No market data for this suburb.');
    sentimentBody = <Notice>{reason}</Notice>;
    investmentBody = <Notice>{reason}</Notice>;
  } else {
    const metrics = sentiment.detailed_metrics;
    sentimentBody = (
      <div className="space-y-2 text-sm text-slate-700" data-testid="market-sentiment">
        <p><span className="text-3xl font-bold text-slate-900">{sentiment.sentiment_score}</span>/10 <strong className="ml-2 capitalize">{sentiment.trend}</strong> <span className="text-slate-500">(confidence {formatPercent(sentiment.confidence)})</span></p>
        {/* The word is the engine's, from the score beside it and the price trend (docs/methodology/market.md, "Labels"). */}
        <p className="text-xs text-slate-500">{sentiment.trend_basis}.</p>
        <p>{sentiment.summary}</p>
        <p className="text-xs text-slate-500">{subject.location}, as at {query.data?.as_at}</p>
      </div>
    );
    investmentBody = metrics.cap_rate === null ? (
      <Notice>Not available: no rent data for this suburb (our rents are the Victorian DFFH suburb groups).</Notice>
    ) : (
      <dl className="grid grid-cols-2 gap-3 text-sm" data-testid="investment-metrics">
        <div><dt className="text-slate-500">Cap rate</dt><dd className="text-lg font-semibold">{formatPercent(metrics.cap_rate)}</dd></div>
        <div><dt className="text-slate-500">Cash-on-cash</dt><dd className="text-lg font-semibold">{metrics.cash_on_cash === null ? 'n/a' : formatPercent(metrics.cash_on_cash)}</dd></div>
        <div><dt className="text-slate-500">NOI per year</dt><dd className="text-lg font-semibold">{metrics.noi === null ? 'n/a' : formatAud(metrics.noi)}</dd></div>
        <div><dt className="text-slate-500">DSCR</dt><dd className="text-lg font-semibold">{metrics.debt_coverage === null ? 'n/a' : metrics.debt_coverage.toFixed(2)}</dd></div>
        <dd className="col-span-2 text-xs text-slate-500">At the suburb&apos;s median price and rent, 80% LVR at 6% over 30 years; costs as stated on the Market Analysis page.</dd>
      </dl>
    );
  }
  return (
    <>
      <Card>
        <CardHeader title="Market Sentiment" icon={<MessageSquare aria-hidden="true" className={ICON} />} />
        <CardContent>{sentimentBody}</CardContent>
      </Card>
      <Card>
        <CardHeader title="Investment Metrics" icon={<DollarSign aria-hidden="true" className={ICON} />} />
        <CardContent>{investmentBody}</CardContent>
      </Card>
    </>
  );
}
