import { useId, useState } from 'react';
import type { StressFigure, StressFigureId, StressResult } from '@propguard/schemas';
import { STRESS_FIGURE_IDS } from '@propguard/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { formatAud, formatPercent, formatPlaceName } from '../../../lib/format.ts';
import { useStressPortfolio } from '../api/stress-portfolio.ts';
import {
  HAZARD_EVENT_OPTIONS,
  INITIAL_STRESS_FORM,
  isEmptyScenario,
  PRICE_DROP_OPTIONS,
  RATE_RISE_OPTIONS,
  REGION_OPTIONS,
  toStressScenario,
  type StressFormValues,
} from '../stress-form-values.ts';

function formatFigure(figure: StressFigure, value: number): string {
  return figure.unit === 'aud' ? formatAud(value) : value.toLocaleString('en-AU');
}

function formatChange(figure: StressFigure): string {
  const sign = figure.change > 0 ? '+' : figure.change < 0 ? '-' : '';
  return `${sign}${formatFigure(figure, Math.abs(figure.change))}`;
}

function StressFigures({ result }: { result: StressResult }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Base case against the stressed case</caption>
        <thead className="border-b border-slate-200 text-slate-600">
          <tr><th scope="col" className="py-2 pr-3">Figure</th><th scope="col" className="py-2 pr-3 text-right">Base</th><th scope="col" className="py-2 pr-3 text-right">Stressed</th><th scope="col" className="py-2 pr-3 text-right">Change</th></tr>
        </thead>
        <tbody>
          {STRESS_FIGURE_IDS.map((id: StressFigureId) => {
            const figure = result.figures[id];
            return (
              <tr key={id} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                  {figure.label}
                  <details className="mt-1 font-normal text-slate-600">
                    <summary className="cursor-pointer text-xs text-blue-700">How it is calculated</summary>
                    <ul className="mt-1 list-disc space-y-1 pl-5 text-xs">{figure.trace.map((line) => <li key={line}>{line}</li>)}</ul>
                  </details>
                </th>
                <td className="py-2 pr-3 text-right tabular-nums">{id === 'capitalShortfallAud' ? '-' : formatFigure(figure, figure.base)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatFigure(figure, figure.stressed)}</td>
                <td className={`py-2 pr-3 text-right tabular-nums ${figure.change > 0 ? 'text-red-700' : 'text-slate-700'}`}>{formatChange(figure)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function MostAffected({ result }: { result: StressResult }) {
  if (result.mostAffected.length === 0) return null;
  return (
    <section aria-labelledby="stress-most-affected" className="space-y-2">
      <h4 id="stress-most-affected" className="font-semibold text-slate-900">Loans whose expected loss rises most</h4>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3">Loan</th>
              <th scope="col" className="py-2 pr-3">Suburb</th>
              <th scope="col" className="py-2 pr-3 text-right">Value, base / stressed</th>
              <th scope="col" className="py-2 pr-3 text-right">LVR, base / stressed</th>
              <th scope="col" className="py-2 pr-3 text-right">Expected loss, base / stressed</th>
            </tr>
          </thead>
          <tbody>
            {result.mostAffected.map((loan) => (
              <tr key={loan.loanId} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-2 pr-3 font-medium">
                  {loan.loanId}
                  <details className="mt-1 font-normal text-slate-600">
                    <summary className="cursor-pointer text-xs text-blue-700">Trace</summary>
                    <ul className="mt-1 list-disc space-y-1 pl-5 text-xs">{loan.trace.map((line) => <li key={line}>{line}</li>)}</ul>
                  </details>
                </th>
                <td className="py-2 pr-3">{formatPlaceName([loan.suburb, loan.state].filter(Boolean).join(', '))}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{`${formatAud(loan.baseValueAud)} / ${formatAud(loan.stressedValueAud)}`}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{`${(loan.baseLvr * 100).toFixed(1)}% / ${(loan.stressedLvr * 100).toFixed(1)}%`}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{`${formatAud(loan.baseExpectedLossAud)} / ${formatAud(loan.stressedExpectedLossAud)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The Stress tab: a scenario on the stored portfolio, and what moves against the base case. */
export function StressPanel({ portfolioId }: { portfolioId: string }) {
  const idBase = useId();
  const [values, setValues] = useState<StressFormValues>(INITIAL_STRESS_FORM);
  const stress = useStressPortfolio(portfolioId);
  const result = stress.data?.result;
  const set = (field: keyof StressFormValues) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));
  const empty = isEmptyScenario(values);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader level={3} title="Stress scenario" description="House prices down, rates up, or a hazard event in a region, applied to every assessed loan of this portfolio." />
        <CardContent>
          <form
            aria-label="Stress scenario"
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (!empty) stress.mutate(toStressScenario(values));
            }}
          >
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Field label="House prices" htmlFor={`${idBase}-price`}><Select id={`${idBase}-price`} value={values.priceDrop} options={PRICE_DROP_OPTIONS} onChange={set('priceDrop')} /></Field>
              <Field label="Where prices fall" htmlFor={`${idBase}-price-region`}><Select id={`${idBase}-price-region`} value={values.priceRegion} options={REGION_OPTIONS} onChange={set('priceRegion')} disabled={values.priceDrop === 'none'} /></Field>
              <Field label="Interest rates" htmlFor={`${idBase}-rate`}><Select id={`${idBase}-rate`} value={values.rateRise} options={RATE_RISE_OPTIONS} onChange={set('rateRise')} /></Field>
              <Field label="Hazard event" htmlFor={`${idBase}-event`}><Select id={`${idBase}-event`} value={values.hazardEvent} options={HAZARD_EVENT_OPTIONS} onChange={set('hazardEvent')} /></Field>
              <Field label="Where the event strikes" htmlFor={`${idBase}-event-region`}><Select id={`${idBase}-event-region`} value={values.hazardRegion} options={REGION_OPTIONS} onChange={set('hazardRegion')} disabled={values.hazardEvent === 'none'} /></Field>
            </div>
            {empty ? <p className="text-sm text-slate-600">Choose at least one shock.</p> : null}
            <Button type="submit" disabled={empty || stress.isPending}>{stress.isPending ? 'Running...' : 'Run stress test'}</Button>
          </form>
        </CardContent>
      </Card>
      {stress.isError ? <Notice>{`The stress test could not run: ${stress.error.message}`}</Notice> : null}
      {result ? (
        <Card>
          <CardHeader
            level={3}
            title="Base case against stressed"
            description={`${result.description}. ${result.loansAssessed.toLocaleString('en-AU')} loans assessed${result.loansSkipped > 0 ? `, ${result.loansSkipped.toLocaleString('en-AU')} left out (no assessment)` : ''}; ${result.loansHitByPriceShock.toLocaleString('en-AU')} hit by the price fall, ${result.loansHitByHazardEvent.toLocaleString('en-AU')} damaged by the event; income known for ${formatPercent(result.loansAssessed === 0 ? 0 : result.loansWithIncome / result.loansAssessed)}.`}
          />
          <CardContent className="space-y-6">
            <StressFigures result={result} />
            <MostAffected result={result} />
            <section aria-label="Assumptions" className="text-xs text-slate-600">
              <h4 className="font-semibold text-slate-700">Assumptions and tables</h4>
              <ul className="mt-1 list-disc space-y-1 pl-5">
                {result.assumptions.map((line) => <li key={line}>{line}</li>)}
                {result.tables.map((table) => <li key={table.id}>{`${table.id} v${table.version}: ${table.source}`}</li>)}
              </ul>
            </section>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
