import { lazy, Suspense } from 'react';
import { HAZARD_IDS, type PortfolioSummary } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { formatAud, formatPercent, formatPlaceName } from '../../../lib/format.ts';
import { usePortfolioSummary } from '../api/get-portfolio-summary.ts';
import { formatLvr } from '../progress-text.ts';
import { Skeleton } from '../../../components/ui/skeleton.tsx';

// Recharts and MapLibre load with the summary, not with the first page.
const LvrChart = lazy(() => import('./lvr-chart.tsx').then((module) => ({ default: module.LvrChart })));
const ExposureMap = lazy(() => import('./exposure-map.tsx').then((module) => ({ default: module.ExposureMap })));

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-md border border-slate-200 p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-slate-900">{value}</dd>
      {detail ? <dd className="text-xs text-slate-600">{detail}</dd> : null}
    </div>
  );
}

const LEVEL_ROWS = [['High', 'High'], ['Medium', 'Medium'], ['Low', 'Low'], ['noData', 'No hazard data']] as const;

function HazardExposure({ summary }: { summary: PortfolioSummary }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold text-slate-900">Exposure by highest hazard level today</caption>
        <thead className="border-b border-slate-200 text-slate-600"><tr><th scope="col" className="py-1">Level</th><th scope="col" className="py-1 text-right">Loans</th><th scope="col" className="py-1 text-right">Lending</th></tr></thead>
        <tbody>
          {LEVEL_ROWS.map(([key, label]) => (
            <tr key={key} className="border-b border-slate-100"><th scope="row" className="py-1 font-normal">{label}</th><td className="py-1 text-right tabular-nums">{summary.byHazardLevel[key].loans.toLocaleString('en-AU')}</td><td className="py-1 text-right tabular-nums">{formatAud(summary.byHazardLevel[key].loanAmountAud)}</td></tr>
          ))}
        </tbody>
      </table>
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-semibold text-slate-900">Loans by hazard</caption>
        <thead className="border-b border-slate-200 text-slate-600"><tr><th scope="col" className="py-1">Hazard</th><th scope="col" className="py-1 text-right">High today</th><th scope="col" className="py-1 text-right">Medium today</th><th scope="col" className="py-1 text-right">{`High in ${summary.outlook.year}`}</th></tr></thead>
        <tbody>
          {HAZARD_IDS.map((id) => {
            const hazard = summary.hazards.find((item) => item.hazard === id);
            if (!hazard) return null;
            return (
              <tr key={id} className="border-b border-slate-100">
                <th scope="row" className="py-1 font-normal capitalize">{id}</th>
                <td className="py-1 text-right tabular-nums">{hazard.levels.High.loans.toLocaleString('en-AU')}</td>
                <td className="py-1 text-right tabular-nums">{hazard.levels.Medium.loans.toLocaleString('en-AU')}</td>
                <td className="py-1 text-right tabular-nums">{hazard.high2050.loans.toLocaleString('en-AU')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Suburbs({ summary }: { summary: PortfolioSummary }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-slate-900">Exposure by suburb (largest lending first)</caption>
      <thead className="border-b border-slate-200 text-slate-600"><tr><th scope="col" className="py-1">Suburb</th><th scope="col" className="py-1 text-right">Loans</th><th scope="col" className="py-1 text-right">Lending</th><th scope="col" className="py-1 text-right">Average LVR</th><th scope="col" className="py-1 text-right">High-hazard loans</th></tr></thead>
      <tbody>
        {summary.suburbs.slice(0, 15).map((suburb) => (
          <tr key={`${suburb.suburb}-${suburb.state ?? ''}`} className="border-b border-slate-100">
            <th scope="row" className="py-1 font-normal">{formatPlaceName([suburb.suburb, suburb.state].filter(Boolean).join(', '))}</th>
            <td className="py-1 text-right tabular-nums">{suburb.loans.toLocaleString('en-AU')}</td>
            <td className="py-1 text-right tabular-nums">{formatAud(suburb.loanAmountAud)}</td>
            <td className="py-1 text-right tabular-nums">{formatLvr(suburb.averageLvr)}</td>
            <td className="py-1 text-right tabular-nums">{suburb.highHazardLoans.toLocaleString('en-AU')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Riskiest({ summary }: { summary: PortfolioSummary }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-slate-900">{`The ${summary.riskiest.length} riskiest loans`}<span className="block text-xs font-normal text-slate-600">{summary.riskiestRule}</span></caption>
      <thead className="border-b border-slate-200 text-slate-600"><tr><th scope="col" className="py-1">Loan</th><th scope="col" className="py-1">Suburb</th><th scope="col" className="py-1 text-right">Loan amount</th><th scope="col" className="py-1 text-right">LVR</th><th scope="col" className="py-1 text-right">{`LVR ${summary.outlook.year}`}</th><th scope="col" className="py-1 text-right">Hazard</th></tr></thead>
      <tbody>
        {summary.riskiest.map((row) => (
          <tr key={row.row} className="border-b border-slate-100">
            <th scope="row" className="py-1 font-normal">{row.loan_id}</th>
            <td className="py-1">{formatPlaceName([row.suburb, row.state].filter(Boolean).join(', '))}</td>
            <td className="py-1 text-right tabular-nums">{row.loan_amount === null ? '-' : formatAud(row.loan_amount)}</td>
            <td className="py-1 text-right tabular-nums">{formatLvr(row.lvr)}</td>
            <td className="py-1 text-right tabular-nums">{formatLvr(row.lvr_2050)}</td>
            <td className="py-1 text-right">{row.hazard_level ?? '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The book's risk summary: LVR today and in 2050, LMI, capital, hazard and suburb exposure, the riskiest loans and a map. */
export function SummaryPanel({ portfolioId, version }: { portfolioId: string; version: number }) {
  const query = usePortfolioSummary(portfolioId, version);
  if (query.isError) return <Notice>{`The summary could not be loaded: ${query.error.message}`}</Notice>;
  const summary = query.data?.summary;
  if (!summary) return <p className="text-sm text-slate-600">Loading the summary...</p>;
  const { totals } = summary;
  return (
    <div className="space-y-6">
      {!summary.isComplete ? <Notice>{`The job is still running: these figures cover the ${summary.loans.assessed.toLocaleString('en-AU')} loans assessed so far.`}</Notice> : null}
      <Card>
        <CardHeader level={3} title="Portfolio summary" description={`${summary.loans.assessed.toLocaleString('en-AU')} of ${summary.loans.total.toLocaleString('en-AU')} loans assessed, ${summary.loans.errors.toLocaleString('en-AU')} with errors`} />
        <CardContent className="space-y-6">
          <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label="Total lending" value={formatAud(totals.loanAmountAud)} detail={`on valuations of ${formatAud(totals.valuationAud)}`} />
            <Figure label="Average LVR" value={formatLvr(totals.averageLvr)} detail={`${formatLvr(totals.averageLvr2050)} in ${summary.outlook.year}`} />
            <Figure label="Loans needing LMI" value={summary.lmi.loans.toLocaleString('en-AU')} detail={`${summary.lmi.share === null ? '-' : formatPercent(summary.lmi.share)} of loans, ${formatAud(summary.lmi.loanAmountAud)}`} />
            <Figure label="Above 80% LVR in 2050" value={summary.above80In2050.loans.toLocaleString('en-AU')} detail={`${summary.above80In2050.newlyAbove.toLocaleString('en-AU')} newly above`} />
            <Figure label="Risk-weighted assets" value={formatAud(totals.riskWeightedAssetsAud)} detail="APS 112 standardised" />
            <Figure label="Minimum capital" value={formatAud(totals.minimumCapitalAud)} detail="8% of RWA (APS 110)" />
          </dl>
          <section aria-labelledby="portfolio-lvr-heading">
            <h4 id="portfolio-lvr-heading" className="mb-2 font-semibold text-slate-900">{`LVR distribution today and in ${summary.outlook.year}`}</h4>
            <Suspense fallback={<Skeleton className="h-72" />}>
              <LvrChart summary={summary} />
            </Suspense>
          </section>
          <HazardExposure summary={summary} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader level={3} title="Exposure map" />
        <CardContent>
          <Suspense fallback={<Skeleton className="h-96" />}>
            <ExposureMap points={summary.map.points} total={summary.map.total} assessed={summary.loans.assessed} isTruncated={summary.map.isTruncated} />
          </Suspense>
        </CardContent>
      </Card>
      <div className="grid gap-6 xl:grid-cols-2">
        <Card><CardContent className="overflow-x-auto"><Suburbs summary={summary} /></CardContent></Card>
        <Card><CardContent className="overflow-x-auto"><Riskiest summary={summary} /></CardContent></Card>
      </div>
    </div>
  );
}
