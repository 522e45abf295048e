import { BarChart3, Layers, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { FSD_CONFIDENCE_LEVELS, type ValuationResult } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatAud, formatLongDate } from '../../../lib/format.ts';
import { DataSourceBadge } from './data-source-badge.tsx';

type PanelProps = { valuation: ValuationResult };

const LEVEL_CLASSES: Record<ValuationResult['confidenceLevel'], string> = {
  High: 'text-green-700',
  Medium: 'text-yellow-700',
  Low: 'text-red-700',
};

const EVIDENCE_WORDS: Record<ValuationResult['evidenceLevel'], string> = {
  'own sale': "this property's own recent sale",
  near: 'nearby sales (the 12 nearest within 1.5 km)',
  far: 'sales further away (the 12 nearest beyond 1.5 km)',
};

/** SPEC.md section 2, "Valuation Analysis": the estimate, its 80% range, the FSD and the confidence. */
export function ValuationAnalysisCard({ valuation }: PanelProps) {
  return (
    <Card>
      <CardHeader
        title="Valuation Analysis"
        icon={<TrendingUp aria-hidden="true" className="size-5 text-blue-600" />}
        action={<DataSourceBadge isDemo={valuation.dataSource === 'demo'} />}
      />
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-slate-600">Current valuation</dt>
            <dd className="text-3xl font-bold tabular-nums text-slate-900" data-testid="valuation-estimate">{formatAud(valuation.estimate)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">80% range</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="valuation-range">
              {formatAud(valuation.low)} to {formatAud(valuation.high)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">
              <abbr title="Forecast standard deviation: the estimate ± 1 FSD holds about 68% of sales like this one">FSD</abbr>
            </dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900" data-testid="valuation-fsd">
              {valuation.fsdPct.toFixed(1)}%
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Confidence</dt>
            <dd className="text-lg font-semibold tabular-nums text-slate-900">
              {valuation.confidence}% <span className={cn('text-sm font-medium', LEVEL_CLASSES[valuation.confidenceLevel])}>({valuation.confidenceLevel})</span>
            </dd>
          </div>
        </dl>
        <div
          role="meter"
          aria-label="Confidence"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={valuation.confidence}
          className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100"
        >
          <div className="h-full rounded-full bg-blue-600" style={{ width: `${valuation.confidence}%` }} />
        </div>
        <p className="mt-4 text-sm text-slate-700" data-testid="valuation-market">
          Valued {valuation.market.note}.
          {valuation.market.capped ? ' Nothing after that date is assumed.' : ''}
        </p>
        {valuation.carryForward ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="valuation-carry-forward">
            {valuation.carryForward.summary} Range widened by {valuation.carryForward.addedFsdPct.toFixed(1)}% (log sd) for the carry.
          </p>
        ) : null}
        <p className="mt-2 text-xs text-slate-600">
          Confidence is read off the FSD: High at {FSD_CONFIDENCE_LEVELS.high * 100}% or less, Medium to {FSD_CONFIDENCE_LEVELS.medium * 100}%, Low above; lenders often accept an estimate below 15-20%. Evidence: {EVIDENCE_WORDS[valuation.evidenceLevel]}.
        </p>
        {valuation.ownSale ? (
          <p className="mt-2 text-sm text-slate-700" data-testid="valuation-own-sale">
            {valuation.ownSale.isMarketSale ? 'This property sold' : 'This property was offered at auction'} on {formatLongDate(valuation.ownSale.saleDate)}{' '}
            {valuation.ownSale.isMarketSale ? 'for' : 'with a bid of'} {formatAud(valuation.ownSale.priceAud)} ({formatAud(valuation.ownSale.timeAdjustedPriceAud)} time-adjusted).
            That {valuation.ownSale.isMarketSale ? 'sale' : 'bid'} anchors the estimate with a weight of {Math.round(valuation.ownSale.weight * 100)}%; the model alone says {formatAud(valuation.modelEstimate)}.
            {valuation.ownSale.discountReason ? <span data-testid="valuation-own-sale-discount"> Why it weighs less: {valuation.ownSale.discountReason}</span> : null}
          </p>
        ) : null}
        <p className="mt-2 text-sm text-slate-600">
          Model <span className="font-mono text-slate-900">{valuation.model.id}</span>, as at {formatLongDate(valuation.asAt)}.{' '}
          {valuation.model.method}{' '}
          <Link to={paths.modelCard} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
            Accuracy on hold-out sales
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** Top factors with their signed dollar contributions, largest effect first. */
export function FactorsCard({ valuation }: PanelProps) {
  const factors = [...valuation.factors].sort((a, b) => Math.abs(b.contributionAud) - Math.abs(a.contributionAud));
  const largest = Math.max(1, ...factors.map((factor) => Math.abs(factor.contributionAud)));
  return (
    <Card>
      <CardHeader
        title="Top Factors"
        description="What moved this estimate, in dollars."
        icon={<BarChart3 aria-hidden="true" className="size-5 text-blue-600" />}
        action={<DataSourceBadge isDemo={valuation.dataSource === 'demo'} />}
      />
      <CardContent>
        {factors.length === 0 ? (
          <p className="text-sm text-slate-600">
            {valuation.dataSource === 'demo' ? 'Sample properties carry no factor contributions.' : 'The model reported no factor contributions.'}
          </p>
        ) : (
          <ul aria-label="Valuation factors" className="space-y-2">
            {factors.map((factor) => {
              const isPositive = factor.contributionAud >= 0;
              const amount = `${isPositive ? '+' : '-'}${formatAud(Math.abs(factor.contributionAud))}`;
              return (
                <li key={factor.feature} className="grid grid-cols-[7rem_1fr] items-center gap-3 text-sm sm:grid-cols-[7rem_12rem_1fr]">
                  <span className={cn('text-right font-semibold tabular-nums', isPositive ? 'text-green-700' : 'text-red-700')}>{amount}</span>
                  <span className="text-slate-900">{factor.label}</span>
                  <span aria-hidden="true" className="col-span-2 h-2 rounded-full bg-slate-100 sm:col-span-1">
                    <span
                      className={cn('block h-full rounded-full', isPositive ? 'bg-green-500' : 'bg-red-500')}
                      style={{ width: `${(Math.abs(factor.contributionAud) / largest) * 100}%` }}
                    />
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** SPEC.md section 2, "Valuation Breakdown": land, building and intangible value, with the method. */
export function BreakdownCard({ valuation }: PanelProps) {
  const { breakdown } = valuation;
  const parts = [
    { label: 'Land', amount: breakdown.landAud, colour: 'bg-green-500' },
    { label: 'Building', amount: breakdown.buildingAud, colour: 'bg-blue-500' },
    { label: 'Intangible assets', amount: breakdown.intangibleAud, colour: 'bg-purple-500' },
  ];
  const total = Math.max(1, parts.reduce((sum, part) => sum + Math.max(0, part.amount), 0));
  return (
    <Card>
      <CardHeader
        title="Valuation Breakdown"
        icon={<Layers aria-hidden="true" className="size-5 text-blue-600" />}
        action={<DataSourceBadge isDemo={valuation.dataSource === 'demo'} />}
      />
      <CardContent className="space-y-3">
        {parts.map((part) => (
          <div key={part.label}>
            <div className="flex justify-between text-sm">
              <span className="text-slate-700">{part.label}</span>
              <span className="font-semibold tabular-nums text-slate-900">{formatAud(part.amount)}</span>
            </div>
            <div aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
              <div className={cn('h-full rounded-full', part.colour)} style={{ width: `${(Math.max(0, part.amount) / total) * 100}%` }} />
            </div>
          </div>
        ))}
        <p className="text-sm text-slate-600">{breakdown.method}</p>
      </CardContent>
    </Card>
  );
}
