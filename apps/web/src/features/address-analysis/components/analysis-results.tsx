import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { AlertTriangle, Building2, Database } from 'lucide-react';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import type { AnalysisOutcome } from '../run-analysis.ts';
import { ComparablesTable } from './comparables-table.tsx';
import { PendingAnalytics } from './pending-analytics.tsx';
import { PropertyDetailView } from './property-detail-view.tsx';
import { BreakdownCard, FactorsCard, ValuationAnalysisCard } from './valuation-panels.tsx';
import { NoEstimateCard } from './no-estimate-card.tsx';
import { ApiError, noEstimateOf } from '../../../lib/api-client.ts';

// The chart library is the largest part of the bundle: load it with the first result, not with the page.
const ValuationTimelineChart = lazy(() => import('./valuation-timeline-chart.tsx').then((module) => ({ default: module.ValuationTimelineChart })));

type AnalysisResultsProps = {
  isAnalyzing?: boolean;
  outcome?: AnalysisOutcome;
  error?: Error | null;
  /** What the user can do about the error (e.g. the upgrade path past the plan's quota), composed by the route. */
  errorAction?: ReactNode;
  /** The Risk Assessment Detail panel of the analytics, from the risk feature (composed by the route). */
  riskDetail?: ReactNode;
  /** The generate-report action for a live analysis, from the reports feature (composed by the route). */
  reportAction?: ReactNode;
  /** The Market Sentiment and Investment Metrics panels, from the market feature (composed by the route). */
  marketPanels?: ReactNode;
};

function ResultsSkeleton() {
  return (
    <div role="status" aria-label="Analyzing the property" className="space-y-6">
      <Card>
        <CardContent className="flex gap-5">
          <Skeleton className="h-40 w-56" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-6 w-24" />
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-14 w-full" />
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-48" />
        <Skeleton className="h-48" />
      </div>
    </div>
  );
}

/** The results area below the address form: the empty state, loading, the error, or the analysis. */
export function AnalysisResults({ isAnalyzing = false, outcome, error, errorAction, riskDetail, reportAction, marketPanels }: AnalysisResultsProps) {
  const comparablesRef = useRef<HTMLDivElement>(null);

  if (isAnalyzing) return <ResultsSkeleton />;

  if (error instanceof ApiError && error.code === 'NO_ESTIMATE') {
    return (
      <div className="space-y-6">
        <NoEstimateCard reason={noEstimateOf(error)?.reason ?? error.message} detail={noEstimateOf(error)} />
        {riskDetail}
      </div>
    );
  }

  if (error) {
    return (
      <Card>
        <CardContent role="alert" className="flex items-start gap-3 text-red-800">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">Analysis failed</p>
            <p className="text-sm">{error.message.trim() === '' ? 'Analysis failed' : error.message}</p>
            {errorAction ? <div className="mt-3">{errorAction}</div> : null}
          </div>
        </CardContent>
      </Card>
    );
  }

  if (!outcome) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-3 py-12 text-center">
          <Building2 aria-hidden="true" className="size-10 text-slate-400" />
          <p className="text-slate-600">Enter a property address above to view comprehensive analysis</p>
        </CardContent>
      </Card>
    );
  }

  const { valuation } = outcome;
  const isDemo = valuation.dataSource === 'demo';

  function showComparables() {
    comparablesRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    comparablesRef.current?.focus({ preventScroll: true });
  }

  return (
    <section aria-label="Analysis results" className="space-y-6">
      {outcome.fallbackNotice ? (
        <p role="alert" className="flex items-start gap-2 rounded-md border border-yellow-200 bg-yellow-50 p-4 text-sm text-yellow-900">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>{outcome.fallbackNotice}</span>
        </p>
      ) : null}
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600" data-testid="analysis-data-source">
        <Database aria-hidden="true" className="size-4" />
        {isDemo ? (
          <span>
            Data source: <strong className="text-slate-900">Demo data</strong>, sample figures, not a valuation. {outcome.demoNote}
          </span>
        ) : (
          <span>
            Data source: <strong className="text-slate-900">Live</strong>, PropGuard model {valuation.model.id} on sales recorded up to the as-at date.
          </span>
        )}
        {!isDemo && reportAction ? <span className="ml-auto">{reportAction}</span> : null}
      </p>
      <PropertyDetailView valuation={valuation} onViewComparables={showComparables} />
      <ValuationAnalysisCard valuation={valuation} />
      <div className="grid gap-6 lg:grid-cols-2">
        <FactorsCard valuation={valuation} />
        <BreakdownCard valuation={valuation} />
      </div>
      <ComparablesTable ref={comparablesRef} valuation={valuation} />
      <Suspense fallback={<Skeleton className="h-80" />}>
        <ValuationTimelineChart valuation={valuation} />
      </Suspense>
      <PendingAnalytics riskDetail={riskDetail} marketPanels={marketPanels} />
    </section>
  );
}
