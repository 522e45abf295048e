/**
 * `npm run bench:valuation`: fit the evaluation model without the hold-outs (latest 5% of each
 * city by sale date, 3% at random) and print its accuracy per city beside the suburb-median
 * baseline, as a Markdown table. Reads the database named by DATABASE_URL / PROPGUARD_HOME.
 */
import { absRegionOf, CITY_BY_STATE, formatAccuracyTable } from '@propguard/engines';
import { runEvaluation } from '../apps/cli/src/commands/train.ts';
import { loadBenchMovement, loadBenchSales } from './load-sales.ts';

const startedAt = performance.now();
const sales = await loadBenchSales();
const run = runEvaluation(sales, await loadBenchMovement(), (message) => console.error(message), startedAt);
console.log(formatAccuracyTable(run.accuracy));
console.log(`\nBaseline: median time-adjusted price of the same suburb, postcode and type among the training part's earlier sales. ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);


// Issue 17: where the remaining error is. Every hold-out sale (both hold-outs) valued as above,
// grouped by city and property type, by price band (the sale's price) and by suburb.
const splits = run.splits;
const errors: { city: string; type: string; price: number; suburb: string; error: number; signed: number; period: string }[] = [];
run.index.sales.forEach((sale, row) => {
  if ((splits[row] !== 'timeHoldout' && splits[row] !== 'randomHoldout') || !sale.state || !CITY_BY_STATE[sale.state]) return;
  // The estimate the evaluation gave it (a latest sale's with its market index refitted before its month).
  const estimate = run.holdoutEstimates.get(row)!;
  // The random hold-out by sale year, the latest by sale month.
  const period = splits[row] === 'timeHoldout' ? `latest, ${sale.saleDate.slice(0, 7)}` : `random, ${sale.saleDate.slice(0, 4)}`;
  errors.push({ city: CITY_BY_STATE[sale.state]!, type: sale.propertyType, price: sale.priceAud, suburb: `${sale.suburb} (${CITY_BY_STATE[sale.state]})`, error: Math.abs(estimate / sale.priceAud - 1), signed: estimate / sale.priceAud - 1, period: `${CITY_BY_STATE[sale.state]}, ${period}` });
});
function table(title: string, key: (item: (typeof errors)[number]) => string, minimum: number, order?: (a: string, b: string) => number, limit = Infinity, pool = errors) {
  const groups = new Map<string, (typeof errors)[number][]>();
  for (const item of pool) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  const rows = [...groups].filter(([, items]) => items.length >= minimum).map(([name, items]) => {
    const sorted = items.map((item) => item.error).sort((a, b) => a - b);
    const signed = items.map((item) => item.signed).sort((a, b) => a - b);
    return { name, count: items.length, mdape: sorted[sorted.length >> 1]!, ppe10: sorted.filter((error) => error <= 0.1).length / sorted.length, bias: signed[signed.length >> 1]!, share: sorted.filter((error) => error > 0.2).length / pool.filter((item) => item.error > 0.2).length };
  });
  rows.sort(order ? (a, b) => order(a.name, b.name) : (a, b) => b.mdape - a.mdape);
  console.log(`\n| ${title} | hold-out sales | MdAPE | PPE10 | median signed error | share of all errors over 20% |\n|---|--:|--:|--:|--:|--:|`);
  for (const item of rows.slice(0, limit)) {
    console.log(`| ${item.name} | ${item.count.toLocaleString('en-AU')} | ${(100 * item.mdape).toFixed(1)}% | ${(100 * item.ppe10).toFixed(1)}% | ${(100 * item.bias).toFixed(1)}% | ${(100 * item.share).toFixed(1)}% |`);
  }
}
const BANDS = [0, 400_000, 600_000, 800_000, 1_000_000, 1_500_000, 2_500_000, Infinity];
const band = (price: number) => {
  const upper = BANDS.findIndex((edge) => price < edge);
  const from = BANDS[upper - 1]!;
  const to = BANDS[upper]!;
  return to === Infinity ? `$${(from / 1e6).toFixed(1)}M and over` : `$${from / 1000}k to $${to / 1000}k`;
};
table('city, property type', (item) => `${item.city}, ${item.type}`, 20, (a, b) => a.localeCompare(b));
const bandRank = (label: string) => BANDS.findIndex((_edge, position) => position > 0 && band(BANDS[position - 1]!) === label);
table('price band (sale price)', (item) => band(item.price), 20, (a, b) => bandRank(a) - bandRank(b));
table('suburb (30+ hold-out sales), the 12 hardest', (item) => item.suburb, 30, undefined, 12);
table('city, hold-out, sale year (random) or month (latest), 50+ sales', (item) => item.period, 50, (a, b) => a.localeCompare(b));

// Issue 31: the NSW line (the Valuer General's files, held out by property) by ABS region and type.
const nswErrors: typeof errors = [];
run.index.sales.forEach((sale, row) => {
  if (splits[row] !== 'propertyHoldout') return;
  const estimate = run.holdoutEstimates.get(row)!;
  const region = absRegionOf(sale)?.region ?? 'NSW';
  nswErrors.push({ city: region, type: sale.propertyType, price: sale.priceAud, suburb: sale.suburb, error: Math.abs(estimate / sale.priceAud - 1), signed: estimate / sale.priceAud - 1, period: sale.saleDate.slice(0, 7) });
});
if (nswErrors.length > 0) table('NSW Valuer General hold-out: region, property type', (item) => `${item.city}, ${item.type}`, 20, (a, b) => a.localeCompare(b), Infinity, nswErrors);
