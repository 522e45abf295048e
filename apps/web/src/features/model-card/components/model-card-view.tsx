import type { ModelCard } from '@propguard/schemas';
import { formatLongDate } from '../../../lib/format.ts';

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

function meets(value: number | null, test: (value: number) => boolean): string {
  if (value === null) return '';
  return test(value) ? 'text-emerald-700' : 'text-amber-700';
}

/** The model card: what the valuation model is, what it learned from, and its blind-tested accuracy. */
export function ModelCardView({ model }: { model: ModelCard }) {
  const { targets } = model;
  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Valuation model card</h1>
        <p className="mt-1 text-slate-600">
          Model <span className="font-mono">{model.id}</span>: {model.method}.
        </p>
      </header>
      <section aria-labelledby="training-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="training-heading" className="text-lg font-semibold text-slate-900">Training data</h2>
        <dl className="mt-3 grid grid-cols-1 gap-3 text-sm sm:grid-cols-4">
          <div><dt className="text-slate-500">Sales available</dt><dd className="font-medium">{model.trainedOn.salesCount.toLocaleString('en-AU')}</dd></div>
          <div><dt className="text-slate-500">Training rows</dt><dd className="font-medium">{model.trainedOn.trainingRows.toLocaleString('en-AU')}</dd></div>
          <div><dt className="text-slate-500">Sales from</dt><dd className="font-medium">{formatLongDate(model.trainedOn.firstSaleDate)}</dd></div>
          <div><dt className="text-slate-500">Sales to</dt><dd className="font-medium">{formatLongDate(model.trainedOn.lastSaleDate)}</dd></div>
        </dl>
        <p className="mt-3 text-sm text-slate-600">
          {model.trees} trees over {model.features.length} features ({model.features.join(', ')}), trained in {model.trainingSeconds.toFixed(0)} s.
        </p>
      </section>
      <section aria-labelledby="accuracy-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="accuracy-heading" className="text-lg font-semibold text-slate-900">Accuracy on sales the model never saw</h2>
        <p className="mt-1 text-sm text-slate-600">
          MdAPE: median absolute percentage error. PPE10 / PPE20: share of sales valued within 10% / 20%. Range coverage: share of true prices inside the stated 80% range.
          Targets: MdAPE at most {percent(targets.mdapeMax)}, PPE10 at least {percent(targets.ppe10Min)}, coverage {percent(targets.coverage80Min)} to {percent(targets.coverage80Max)}.
          The baseline is the median price of the same suburb and type. Beside each line: the previous model&apos;s figures on
          the same hold-outs, and the figures a stronger pipeline reached on the same training data (issue 17), which this
          model is measured against.
        </p>
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full text-sm">
            <caption className="sr-only">Hold-out accuracy by city, model and baseline</caption>
            <thead className="text-left text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-4">Hold-out</th>
                <th scope="col" className="py-2 pr-4">City</th>
                <th scope="col" className="py-2 pr-4 text-right">Sales</th>
                <th scope="col" className="py-2 pr-4 text-right">MdAPE</th>
                <th scope="col" className="py-2 pr-4 text-right">PPE10</th>
                <th scope="col" className="py-2 pr-4 text-right">PPE20</th>
                <th scope="col" className="py-2 pr-4 text-right">In 80% range</th>
                <th scope="col" className="py-2 pr-4 text-right">Baseline MdAPE</th>
                <th scope="col" className="py-2 pr-4 text-right">Baseline PPE10</th>
                <th scope="col" className="py-2 pr-4 text-right">Previous model MdAPE / PPE10 / in range</th>
                <th scope="col" className="py-2 text-right">Issue 17 target MdAPE / PPE10</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {model.holdout.map((row) => {
                const reference = model.reference.find((item) => item.holdout === row.holdout && item.city === row.city);
                return (
                <tr key={`${row.holdout}-${row.city}`}>
                  <td className="py-2 pr-4">{row.holdout}</td>
                  <td className="py-2 pr-4">{row.city}</td>
                  <td className="py-2 pr-4 text-right">{row.count.toLocaleString('en-AU')}</td>
                  <td className={`py-2 pr-4 text-right font-medium ${meets(row.mdape, (v) => v <= targets.mdapeMax)}`}>{percent(row.mdape)}</td>
                  <td className={`py-2 pr-4 text-right font-medium ${meets(row.ppe10, (v) => v >= targets.ppe10Min)}`}>{percent(row.ppe10)}</td>
                  <td className="py-2 pr-4 text-right">{percent(row.ppe20)}</td>
                  <td className={`py-2 pr-4 text-right font-medium ${meets(row.coverage80, (v) => v >= targets.coverage80Min && v <= targets.coverage80Max)}`}>{percent(row.coverage80)}</td>
                  <td className="py-2 pr-4 text-right">{percent(row.baselineMdape)}</td>
                  <td className="py-2 pr-4 text-right">{percent(row.baselinePpe10)}</td>
                  <td className="py-2 pr-4 text-right">
                    {reference ? `${percent(reference.previousMdape)} / ${percent(reference.previousPpe10)} / ${percent(reference.previousCoverage80)}` : 'n/a'}
                  </td>
                  <td className="py-2 text-right">{reference ? `${percent(reference.targetMdape)} / ${percent(reference.targetPpe10)}` : 'n/a'}</td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {model.holdoutNote ? <p className="mt-3 text-sm text-slate-600">{model.holdoutNote}</p> : null}
      </section>
      <section aria-labelledby="dates-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="dates-heading" className="text-lg font-semibold text-slate-900">Valuation dates and a property&apos;s own sale</h2>
        <p className="mt-2 text-sm text-slate-700">
          Each market (Melbourne, Perth, Sydney) is valued as at its own latest sale, and a later date is answered as at that
          sale: no movement after the last recorded sale is assumed. Prices are moved in time by the market&apos;s own
          quality-adjusted index; no market borrows another&apos;s movement.
        </p>
        <p className="mt-2 text-sm text-slate-700">
          When the property itself sold before, that sale, time-adjusted, is one of the model&apos;s features and the first of its
          comparable sales. When it sold in the 24 months before the valuation date, it also anchors the estimate: its weight
          starts at 95% and falls with the sale&apos;s age, and falls further when the sale sits more than two standard deviations
          from the model. The valuation shows the sale, its weight, how many dollars it moved the estimate and what the model
          alone says. A hold-out sale never sees itself, so the accuracy above is not flattered by it.
        </p>
      </section>
    </article>
  );
}
