/**
 * `npm run bench:valuation`: fit the evaluation model without the hold-outs (latest 5% of each
 * city by sale date, 3% at random) and print its accuracy per city beside the suburb-median
 * baseline, as a Markdown table. Reads the database named by DATABASE_URL / PROPGUARD_HOME.
 */
import { loadIndexedSales, openDatabase } from '@propguard/db';
import { formatAccuracyTable } from '@propguard/engines';
import { loadCliConfig } from '../apps/cli/src/config.ts';
import { runEvaluation } from '../apps/cli/src/commands/train.ts';

const startedAt = performance.now();
const config = loadCliConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
let sales;
try {
  sales = await loadIndexedSales(database);
} finally {
  await database.close();
}
const run = runEvaluation(sales, (message) => console.error(message), startedAt);
console.log(formatAccuracyTable(run.accuracy));
console.log(`\nBaseline: median time-adjusted price of the same suburb, postcode and type among the training part's earlier sales. ${((performance.now() - startedAt) / 1000).toFixed(0)} s.`);

