/**
 * Throughput of the stress engine alone (no database): a 50,000-loan book built from the real Perth
 * sales (data/perth-house-sales; each sale's price as the valuation, its coordinates, loans at
 * 60-95% LVR, income on half of them, flood and fire scores 0-80 by a seeded cycle), under three
 * scenarios. Prints loans/s and the heap used after each run.
 *
 *   npm run bench:stress
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import { createStressAccumulator, type StressLoan } from '@propguard/engines';
import { stressScenarioSchema } from '@propguard/schemas';

const BOOK_SIZE = 50_000;
const text = gunzipSync(readFileSync(new URL('../data/perth-house-sales/perth_house_sales.csv.gz', import.meta.url))).toString('utf8');
const sales = text.split('\n').slice(1).filter(Boolean).map((line) => line.split(','));

function loanAt(index: number): StressLoan {
  const cells = sales[index % sales.length]!;
  const price = Number(cells[2]);
  const lvr = 0.6 + ((index * 7) % 36) / 100;
  return {
    loanId: `B${index}`,
    suburb: cells[1] ?? null,
    state: 'WA',
    lat: Number(cells[14]),
    lng: Number(cells[15]),
    valueAud: price,
    loanAmountAud: Math.round(price * lvr),
    purpose: index % 3 === 0 ? 'investor' : 'owner_occupier',
    repayment: index % 5 === 0 ? 'interest_only' : 'principal_and_interest',
    interestRatePct: 6.2,
    termYears: 30,
    grossAnnualIncomeAud: index % 2 === 0 ? 80_000 + (index % 17) * 10_000 : undefined,
    floodScore: (index * 13) % 81,
    fireScore: (index * 29) % 81,
  };
}

const SCENARIOS = {
  'prices -20% in Perth': { priceShock: { dropPct: 20, region: { kind: 'city', city: 'PERTH' } } },
  'rates +3 pp': { rateShock: { risePp: 3 } },
  'prices -30% national, rates +2 pp, 1% AEP flood in WA': { priceShock: { dropPct: 30, region: { kind: 'national' } }, rateShock: { risePp: 2 }, hazardEvent: { event: 'flood_1pct_aep', region: { kind: 'state', state: 'WA' } } },
};

console.log(`| scenario | loans | seconds | loans/s | heap MB |`);
console.log(`|---|---|---|---|---|`);
for (const [name, input] of Object.entries(SCENARIOS)) {
  const scenario = stressScenarioSchema.parse(input);
  const started = performance.now();
  const accumulator = createStressAccumulator(scenario);
  for (let index = 0; index < BOOK_SIZE; index += 1) accumulator.add(loanAt(index));
  const result = accumulator.result();
  const seconds = (performance.now() - started) / 1000;
  console.log(`| ${name} | ${result.loansAssessed.toLocaleString('en-AU')} | ${seconds.toFixed(2)} | ${Math.round(result.loansAssessed / seconds).toLocaleString('en-AU')} | ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} |`);
}
