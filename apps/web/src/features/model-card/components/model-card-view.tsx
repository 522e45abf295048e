import type { ModelCard } from '@propguard/schemas';
import { formatLongDate } from '../../../lib/format.ts';

const percent = (value: number | null) => (value === null ? 'n/a' : `${(value * 100).toFixed(1)}%`);

function meets(value: number | null, test: (value: number) => boolean): string {
  if (value === null) return '';
  return test(value) ? 'text-emerald-700' : 'text-amber-700';
}

const codeClass = 'rounded bg-slate-100 px-1 font-mono text-xs';

/** The carry-forward's backtest by horizon and the FSD's hit rates by band (issue 31). */
function CarryForwardSection({ carryForward }: { carryForward: NonNullable<ModelCard['carryForward']> }) {
  return (
    <section aria-labelledby="horizon-heading" className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="horizon-heading" className="text-lg font-semibold text-slate-900">Carried forward to {formatLongDate(carryForward.asAt)}: accuracy by horizon</h2>
      <p className="mt-1 text-sm text-slate-600">
        Source: {carryForward.source}; smoothing: {carryForward.smoothing}. Backtest: each latest sale is valued from the local sales before
        its date less the horizon, carried to its date by the series, and compared with its price. {carryForward.note} The range is calibrated
        per market and horizon to hold 80%; beyond the longest horizon measured (36 months) the carry&apos;s uncertainty grows as a random walk.
      </p>
      <div className="mt-4 overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="carry-forward-backtest">
          <caption className="sr-only">Carry-forward backtest by city and horizon</caption>
          <thead className="text-left text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4">City</th>
              <th scope="col" className="py-2 pr-4 text-right">Horizon</th>
              <th scope="col" className="py-2 pr-4 text-right">Sales</th>
              <th scope="col" className="py-2 pr-4 text-right">MdAPE</th>
              <th scope="col" className="py-2 pr-4 text-right">PPE10</th>
              <th scope="col" className="py-2 pr-4 text-right">In 80% range</th>
              <th scope="col" className="py-2 text-right">Within ± 1 FSD</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {carryForward.backtest.filter((row) => row.sales > 0).map((row) => (
              <tr key={`${row.city}-${row.horizonMonths}`}>
                <td className="py-2 pr-4">{row.city === 'all' ? 'All cities' : row.city}</td>
                <td className="py-2 pr-4 text-right">{row.horizonMonths === 0 ? 'none' : `${row.horizonMonths} months`}</td>
                <td className="py-2 pr-4 text-right">{row.sales.toLocaleString('en-AU')}</td>
                <td className="py-2 pr-4 text-right">{percent(row.mdape)}</td>
                <td className="py-2 pr-4 text-right">{percent(row.ppe10)}</td>
                <td className="py-2 pr-4 text-right">{percent(row.coverage80)}</td>
                <td className="py-2 text-right">{percent(row.fsdHits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-4 font-medium text-slate-900">Hit rates by FSD band</h3>
      <div className="mt-2 overflow-x-auto">
        <table className="min-w-full text-sm" data-testid="fsd-bands">
          <caption className="sr-only">Backtest sales by FSD band</caption>
          <thead className="text-left text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-4">FSD band (confidence level)</th>
              <th scope="col" className="py-2 pr-4 text-right">Sales</th>
              <th scope="col" className="py-2 pr-4 text-right">Within ± 1 FSD</th>
              <th scope="col" className="py-2 pr-4 text-right">Within 10%</th>
              <th scope="col" className="py-2 text-right">MdAPE</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {carryForward.fsdBands.map((row) => (
              <tr key={row.band}>
                <td className="py-2 pr-4">{row.band}</td>
                <td className="py-2 pr-4 text-right">{row.sales.toLocaleString('en-AU')}</td>
                <td className="py-2 pr-4 text-right">{percent(row.withinFsd)}</td>
                <td className="py-2 pr-4 text-right">{percent(row.within10)}</td>
                <td className="py-2 text-right">{percent(row.mdape)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The model card for users: what the valuation model is for and aims at, what it learned from,
 * what is measured on sales it never saw (per city and hold-out), and how to reproduce the figures.
 */
export function ModelCardView({ model }: { model: ModelCard }) {
  const { targets } = model;
  const metLines = model.goals.filter((goal) => goal.met).length;
  return (
    <article className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold text-slate-900">Valuation model card</h1>
        <p className="mt-1 text-slate-600">
          Model <span className="font-mono">{model.id}</span>: {model.method}.
        </p>
      </header>
      <section aria-labelledby="goals-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="goals-heading" className="text-lg font-semibold text-slate-900">What it is for and what it aims at</h2>
        <p className="mt-2 text-sm text-slate-700">
          The model estimates the price a residential property would sell for, from the recorded sales of its market up to its
          latest one, carried to the as-at date by the ABS series of its city; with an 80% range around the estimate and a forecast
          standard deviation (FSD). On sales it never saw, in every city and on both hold-outs, PropGuard aims for:
        </p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>a median error (MdAPE) of at most {percent(targets.mdapeMax)};</li>
          <li>at least {percent(targets.ppe10Min)} of sales valued within 10% of their price (PPE10);</li>
          <li>the stated 80% range holding between {percent(targets.coverage80Min)} and {percent(targets.coverage80Max)} of true prices, so that the range means what it says.</li>
        </ul>
        <p className="mt-2 text-sm font-medium text-slate-900" data-testid="model-goals-met">
          Measured now: the goals are met on {metLines} of {model.goals.length} lines. The table below says, line by line, which figure falls short and by how much.
        </p>
      </section>
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
          Hold-outs: the latest 5% of each city&apos;s sales by date (how the model does on the newest market), and 3% chosen at
          random (how it does across the whole period); for NSW, every sale of one property in five of the Valuer General&apos;s
          files (no bedrooms or floor area, each at its locality&apos;s point), read against an aim of its own in its Goal column.
          The baseline is the median price of the same suburb and type. Beside
          each line: the previous model&apos;s figures on the same hold-outs, and whether the line meets the goals above.
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
                <th scope="col" className="py-2">Goal</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {model.holdout.map((row) => {
                const reference = model.reference.find((item) => item.holdout === row.holdout && item.city === row.city);
                const goal = model.goals.find((item) => item.holdout === row.holdout && item.city === row.city);
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
                  <td className={`min-w-56 py-2 ${goal?.met ? 'text-emerald-700' : 'text-amber-800'}`}>{goal?.summary ?? 'not measured'}</td>
                </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {model.holdoutNote ? <p className="mt-3 text-sm text-slate-600">{model.holdoutNote}</p> : null}
      </section>
      {model.carryForward ? <CarryForwardSection carryForward={model.carryForward} /> : null}
      <section aria-labelledby="reproduce-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="reproduce-heading" className="text-lg font-semibold text-slate-900">How to reproduce these figures</h2>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>Load the bundled public sales data: <code className={codeClass}>npm run ingest</code> (sources and licences in docs/data.md).</li>
          <li>Measure: <code className={codeClass}>npm run bench:valuation</code> fits the evaluation model without the hold-outs (same features and settings, seed 7) and prints this table.</li>
          <li>Retrain the model served here: <code className={codeClass}>npm run train</code> refits it on every sale and writes <code className={codeClass}>models/current.json</code>; its id (<span className="font-mono">{model.id}</span>) names the last sale date it saw and the training seed.</li>
        </ol>
        <p className="mt-2 text-sm text-slate-600">The method, features and evaluation protocol are described in docs/methodology/valuation.md.</p>
      </section>
      <section aria-labelledby="dates-heading" className="rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="dates-heading" className="text-lg font-semibold text-slate-900">Valuation dates and a property&apos;s own sale</h2>
        <p className="mt-2 text-sm text-slate-700">
          Each market (Melbourne, Perth, Sydney) is valued from its own sales up to its latest one; prices are moved in time by
          the market&apos;s own quality-adjusted index, and no market borrows another&apos;s movement. From that last local sale to
          the as-at date (by default the end of the ABS series&apos; latest quarter) the value is carried by the ABS median
          transfer prices of its city and kind of dwelling, and the answer says so. An address in a state where we hold no
          local sales gets no estimate, but its city&apos;s ABS median, labelled as such.
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
