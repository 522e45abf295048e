/**
 * Where a portfolio loan's time goes (issue 15): one batch of BENCH_LOANS (default 2,000) loans of
 * the synthetic book, stored, then read, placed (`placeLoans`: resolveSubject) and assessed
 * (`assessPortfolioLoans`), twice (the second round has warm caches); the valuation and the two
 * hazard years are also timed alone on the same loans. Times are CPU time (process.cpuUsage), so
 * they hold on a shared machine. BENCH_BOOK=unseen takes the book of addresses not in our sales
 * (buildUnseenAddressBook). Run on a loaded database:
 *   PROPGUARD_HOME=.propguard node --import tsx bench/portfolio-breakdown.ts   # the full data (npm run ingest)
 */
import { Readable } from 'node:stream';
import { deletePortfolio, loadChunkLoans, openDatabase } from '@propguard/db';
import { assessHazardsForYears, assessPortfolioLoans, resolveAsAt, valuePoint } from '@propguard/engines';
import { ingestPortfolioCsv, loadPortfolioRuntime, placeLoans } from '@propguard/jobs';
import { CLIMATE_OUTLOOK, HAZARD_YEAR_MIN } from '@propguard/schemas';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildSyntheticBook, buildUnseenAddressBook } from './portfolio-book.ts';

const LOANS = Number(process.env.BENCH_LOANS ?? 2000);
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
try {
  const runtime = await loadPortfolioRuntime(database, { modelPath: config.valuationModelPath, dataDir: config.dataDir, outlook: CLIMATE_OUTLOOK });
  const { portfolio } = await ingestPortfolioCsv(database, Readable.from([process.env.BENCH_BOOK === 'unseen' ? await buildUnseenAddressBook(database, LOANS) : await buildSyntheticBook(database, LOANS)]), { name: 'breakdown', source: 'cli', workspaceId: null, executor: 'threads', outlook: CLIMATE_OUTLOOK });
  const id = portfolio!.id;
  for (const round of [1, 2]) {
    // CPU time of this process (one thread here): unlike the wall clock, it does not grow when other work shares the cores.
    const time = async <T>(work: () => T | Promise<T>): Promise<[T, number]> => {
      const started = process.cpuUsage();
      const value = await work();
      const used = process.cpuUsage(started);
      return [value, (used.user + used.system) / 1000];
    };
    const [stored, readMs] = await time(() => loadChunkLoans(database, id, 1, LOANS));
    const [placed, placeMs] = await time(() => placeLoans(database, runtime.lookups, stored));
    const [rows, assessMs] = await time(() => assessPortfolioLoans(placed, runtime.engine));
    const subjects = placed.flatMap((loan) => (loan.subject ? [loan.subject] : []));
    const [, valueMs] = await time(() => subjects.forEach((subject) => {
      const market = resolveAsAt(runtime.engine.index, subject);
      valuePoint(runtime.engine.model, runtime.engine.index, subject, market.asAt, market.evidenceDate);
    }));
    const [, hazardMs] = await time(() => subjects.forEach((subject) => assessHazardsForYears(subject, runtime.engine.hazards, CLIMATE_OUTLOOK.scenario, [HAZARD_YEAR_MIN, CLIMATE_OUTLOOK.year])));
    console.log(
      `round ${round}: ${LOANS.toLocaleString('en-AU')} loans, CPU time: read ${readMs.toFixed(0)} ms, place ${placeMs.toFixed(0)} ms, assess ${assessMs.toFixed(0)} ms ` +
        `(valuation alone ${valueMs.toFixed(0)} ms, six hazards today and in ${CLIMATE_OUTLOOK.year} ${hazardMs.toFixed(0)} ms, lending and the row the rest); ` +
        `${Math.round(LOANS / ((placeMs + assessMs) / 1000)).toLocaleString('en-AU')} loans per CPU-second placing and assessing; ${rows.filter((row) => row.error !== null).length} errors`,
    );
  }
  await deletePortfolio(database, id);
} finally {
  await database.close();
}
