/**
 * The `propguard` command line (DESIGN.md section 2). Commands:
 *   propguard ingest                                   load the bundled data sets (idempotent)
 *   propguard import sales FILE.csv [--mapping M.json] [--source NAME]
 *   propguard import nsw-vg FILE.zip...                the NSW Valuer General's weekly or yearly sales zips
 *   propguard import hazard-layer --kind flood --file F [--field aep|ari|depth] [--attribute COL] [--name N] [--licence TEXT]
 *   propguard hazard-layers list | remove ID           imported hazard overlays (issue 18)
 *   propguard train [--out models/current.json]          train the valuation model (npm run train)
 *   propguard value --csv IN --out OUT [--model M.json]  value a CSV of properties
 *   propguard risk --lat LAT --lng LNG [--year Y --scenario low|high]   six hazards as JSON
 *   propguard risk --csv IN --out OUT [--year Y --scenario low|high]    six hazard scores per row
 *   propguard portfolio run --csv IN --out OUT [--threads N]   value and assess a loan book here (issue 15), or on the running server when it holds the embedded database
 *   propguard portfolio submit --csv IN | status ID | results ID --out OUT   (through the running server when it holds the embedded database)
 *   propguard worker [--concurrency N]                 work the PostgreSQL portfolio queue (DATABASE_URL)
 *   propguard backup --out FILE                        back up the database (PGlite dump or pg_dump) and the minter key, sealed with PROPGUARD_BACKUP_PASSPHRASE
 *   propguard restore FILE                             restore such a backup (same kind of database) and its minter key
 * Configuration: src/config.ts (DATABASE_URL, PROPGUARD_HOME, PROPGUARD_DATA_PATH).
 */
import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Command } from 'commander';
import { backupDatabase, ensureDataLoaded, type BackupMinterKey, getDataSummary, importHazardLayer, importNswVg, importSales, listHazardLayers, loadIndexedSales, loadMarketMovement, carryForwardCalibrationPath, openDatabase, removeHazardLayer, restoreDatabase, type Database, type HazardLayerKind, type HazardLayerSummary } from '@propguard/db';
import type { FloodLayerField } from '@propguard/engines';
import { AppError, isAppError } from '@propguard/schemas';
import { loadCliConfig, type CliConfig } from './config.ts';
import { formatImportReport, formatIngestReport, formatNswVgImportReport } from './print-reports.ts';
import { runTrain } from './commands/train.ts';
import { runValueCsv } from './commands/value-csv.ts';
import { runRisk, type RiskOptions } from './commands/risk.ts';
import { runPortfolioResults, runPortfolioRun, runPortfolioStatus, runPortfolioSubmit, runWorker, type PortfolioCliEnv } from './commands/portfolio.ts';
import { isDatabaseBusy, portfolioResultsRemote, portfolioStatusRemote, remoteServerFrom, runPortfolioRemote, submitPortfolioRemote, type RemoteServer } from './commands/portfolio-remote.ts';

function portfolioEnv(config: CliConfig, model: string): PortfolioCliEnv {
  return { databaseUrl: config.databaseUrl, dataDir: config.dataDir, modelPath: model, queue: config.queue };
}

function parseThreads(text: string): number {
  const threads = Number(text);
  if (!Number.isInteger(threads) || threads < 0 || threads > 64) throw new AppError('VALIDATION_ERROR', `--threads must be a whole number from 0 to 64, got "${text}"`, { field: 'threads' });
  return threads;
}

/** What `value` says while the running server holds the embedded database (it has no door through the API). */
const VALUE_BESIDE_SERVER =
  'The embedded database is in use by another process (the running server?): `propguard value` reads it directly, so stop the server first, or run both on one PostgreSQL server (DATABASE_URL). `propguard risk` needs no database, and `propguard portfolio run | submit | status | results` go through the running server.';

/**
 * The database work, or, when the embedded database is held by the running server (DATABASE_BUSY),
 * the same through that server's API (portfolio run, submit, status and results).
 */
async function withDatabaseOrServer<T>(config: CliConfig, work: (database: Database) => Promise<T>, remote: (server: RemoteServer) => Promise<T>): Promise<T> {
  try {
    return await withDatabase(config, work);
  } catch (error) {
    if (config.databaseUrl === undefined && isDatabaseBusy(error)) return remote(remoteServerFrom(process.env));
    throw error;
  }
}

async function withDatabase<T>(config: CliConfig, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir, poolMax: config.databasePoolMax });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function runIngest(): Promise<number> {
  const config = loadCliConfig();
  return withDatabase(config, async (database) => {
    console.log(`Database: ${database.kind} at ${database.location}`);
    const report = await ensureDataLoaded(database, {
      dataDir: config.dataDir,
      onProgress: (event) => console.log(`[${event.dataset}] ${event.message}`),
    });
    console.log(formatIngestReport(report));
    const summary = await getDataSummary(database);
    console.log(
      `Database now holds ${summary.sales.total.toLocaleString('en-AU')} sales (${summary.sales.priced.toLocaleString('en-AU')} market sales, ` +
        `${summary.sales.firstSaleDate ?? '-'} to ${summary.sales.lastSaleDate ?? '-'}), ${summary.addresses.toLocaleString('en-AU')} addresses, ` +
        `${summary.localities.toLocaleString('en-AU')} localities, ${summary.suburbs.toLocaleString('en-AU')} suburb polygons.`,
    );
    const missing = report.datasets.filter((dataset) => dataset.status === 'missing');
    if (missing.length > 0) {
      console.error(`Missing data files for: ${missing.map((dataset) => dataset.dataset).join(', ')} (PROPGUARD_DATA_PATH=${config.dataDir})`);
      return 1;
    }
    return 0;
  });
}

async function readMapping(path: string): Promise<Record<string, string>> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', `cannot read the mapping ${path}: ${(error as Error).message}`, { field: 'mapping' });
  }
  const isStringRecord = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) && Object.values(parsed).every((value) => typeof value === 'string');
  if (!isStringRecord) throw new AppError('VALIDATION_ERROR', `the mapping ${path} must be a JSON object of field name -> column name strings`, { field: 'mapping' });
  return parsed as Record<string, string>;
}

async function runImportSales(file: string, options: { mapping?: string; source?: string }): Promise<number> {
  const config = loadCliConfig();
  const mapping = options.mapping === undefined ? undefined : await readMapping(options.mapping);
  return withDatabase(config, async (database) => {
    const report = await importSales(database, { file, ...(mapping ? { mapping } : {}), ...(options.source ? { source: options.source } : {}) });
    console.log(formatImportReport(report));
    return 0;
  });
}

async function runImportNswVg(files: string[]): Promise<number> {
  const config = loadCliConfig();
  return withDatabase(config, async (database) => {
    console.log(formatNswVgImportReport(await importNswVg(database, { files })));
    return 0;
  });
}

interface ImportHazardLayerCliOptions {
  kind: string;
  file: string;
  field?: string;
  attribute?: string;
  name?: string;
  licence?: string;
}

function describeLayer(layer: HazardLayerSummary): string {
  const attribute = layer.field ? `${layer.field} from ${layer.sourceField}` : 'extent only';
  return `#${layer.id} ${layer.kind} "${layer.name}" (${layer.featureCount.toLocaleString('en-AU')} features, ${attribute}; ${layer.sourceFile}; imported ${layer.importedAt}; licence: ${layer.licenceNote})`;
}

async function runImportHazardLayer(options: ImportHazardLayerCliOptions): Promise<number> {
  const config = loadCliConfig();
  return withDatabase(config, async (database) => {
    const layer = await importHazardLayer(database, {
      file: options.file,
      kind: options.kind as HazardLayerKind,
      ...(options.field !== undefined ? { field: options.field as FloodLayerField } : {}),
      ...(options.attribute !== undefined ? { attribute: options.attribute } : {}),
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.licence !== undefined ? { licenceNote: options.licence } : {}),
    });
    console.log(`Imported ${describeLayer(layer)}.`);
    console.log('Flood answers use it ahead of the bundled maps and the screening: a running server (PostgreSQL) takes it up within a minute, otherwise from its next start (propguard risk reads data/ only).');
    return 0;
  });
}

export function buildProgram(setExitCode: (code: number) => void): Command {
  const program = new Command('propguard').description('PropGuard: property valuation and climate risk for Australian real estate');
  program
    .command('ingest')
    .description('Run migrations and load every bundled data set whose file changed (a no-op when all are loaded)')
    .action(async () => setExitCode(await runIngest()));
  const importCommand = program.command('import').description('Import your own data');
  importCommand
    .command('sales')
    .description('Load a sales CSV (columns: address, suburb, state, postcode, lat, lng, property_type, bedrooms, bathrooms, car_spaces, land_size, building_size, year_built, price, date, sale_method); see docs/data.md')
    .argument('<file>', 'CSV file (or .csv.gz)')
    .option('--mapping <file>', 'JSON object mapping our field names to your column names')
    .option('--source <name>', 'name of this import (default: the file name); importing the same name again replaces it')
    .action(async (file: string, options: { mapping?: string; source?: string }) => setExitCode(await runImportSales(file, options)));
  importCommand
    .command('nsw-vg')
    .description("Load the NSW Valuer General's property sales files (the weekly or yearly .zip of .DAT files): residences and vacant land, a sale re-sent in a later week stored once in its latest download; see docs/data.md")
    .argument('<files...>', 'weekly or yearly zips (e.g. 20210329.zip)')
    .action(async (files: string[]) => setExitCode(await runImportNswVg(files)));
  importCommand
    .command('hazard-layer')
    .description('Import a hazard overlay (a GeoJSON FeatureCollection, a zipped Shapefile or a GeoPackage with one feature table, of polygons in longitude/latitude) into the database; flood answers use it ahead of the bundled maps and the screening (docs/methodology/hazards.md)')
    .requiredOption('--kind <kind>', 'hazard the layer maps: flood')
    .requiredOption('--file <file>', '.geojson / .json, a .zip holding one .shp with its .dbf, or a .gpkg with one feature table')
    .option('--field <field>', 'what the attribute means: aep (annual exceedance probability, %), ari (average recurrence interval, years) or depth (m); omit for an extent only')
    .option('--attribute <column>', 'the attribute column (default: the first whose name contains the field)')
    .option('--name <name>', 'name shown and cited (default: the file name)')
    .option('--licence <text>', 'licence note stored and cited with every answer that uses the layer')
    .action(async (options: ImportHazardLayerCliOptions) => setExitCode(await runImportHazardLayer(options)));
  const layersCommand = program.command('hazard-layers').description('The imported hazard overlays');
  layersCommand
    .command('list')
    .description('List the imported hazard layers')
    .action(async () => {
      const config = loadCliConfig();
      setExitCode(
        await withDatabase(config, async (database) => {
          const layers = await listHazardLayers(database);
          console.log(layers.length === 0 ? 'No hazard layer imported.' : layers.map(describeLayer).join('\n'));
          return 0;
        }),
      );
    });
  layersCommand
    .command('remove')
    .description('Remove an imported hazard layer and its polygons')
    .argument('<id>', 'layer id (see hazard-layers list)')
    .action(async (id: string) => {
      const config = loadCliConfig();
      const layerId = Number(id);
      if (!Number.isInteger(layerId) || layerId <= 0) throw new AppError('VALIDATION_ERROR', 'the layer id must be a positive whole number', { field: 'id' });
      setExitCode(
        await withDatabase(config, async (database) => {
          if (!(await removeHazardLayer(database, layerId))) throw new AppError('NOT_FOUND', `no hazard layer #${layerId}`, { field: 'id' });
          console.log(`Removed hazard layer #${layerId}.`);
          return 0;
        }),
      );
    });
  program
    .command('train')
    .description('Train the valuation model on the market sales in the database and write the artifact (docs/methodology/valuation.md)')
    .option('--out <file>', 'artifact path', 'models/current.json')
    .action(async (options: { out: string }) => {
      const config = loadCliConfig();
      const sales = await withDatabase(config, (database) => loadIndexedSales(database));
      // The ABS series bridge a market's index past its first gap, as the server's index does.
      const movement = await loadMarketMovement(config.dataDir, carryForwardCalibrationPath(options.out));
      runTrain(sales, movement, options.out, (message) => console.log(message));
      setExitCode(0);
    });
  program
    .command('value')
    .description('Value every row of a CSV (address,suburb,state,postcode,lat,lng,property_type,bedrooms,bathrooms,car_spaces,land_size,building_size,year_built,date); appends estimate,low,high,confidence,error')
    .requiredOption('--csv <file>', 'input CSV')
    .requiredOption('--out <file>', 'output CSV')
    .option('--model <file>', 'model artifact', 'models/current.json')
    .action(async (options: { csv: string; out: string; model: string }) => {
      const config = loadCliConfig();
      setExitCode(await withDatabase(config, (database) => runValueCsv(database, { ...options, dataDir: config.dataDir })).catch((error: unknown) => {
        if (config.databaseUrl === undefined && isDatabaseBusy(error)) throw new AppError('DATABASE_BUSY', VALUE_BESIDE_SERVER);
        throw error;
      }));
    });
  program
    .command('risk')
    .description('Flood, bushfire, coastal, subsidence, cyclone and earthquake risk (docs/methodology/hazards.md): at --lat/--lng as JSON, or for a CSV of id,lat,lng rows (appends flood,fire,coastal,subsidence,cyclone,earthquake,levels,error)')
    .option('--lat <lat>', 'latitude, decimal degrees (-44 to -9)')
    .option('--lng <lng>', 'longitude, decimal degrees (112 to 154)')
    .option('--csv <file>', 'input CSV with lat and lng columns')
    .option('--out <file>', 'output CSV')
    .option('--year <year>', 'projection year, 2025-2100', '2025')
    .option('--scenario <scenario>', 'emissions scenario: low (SSP1-2.6) or high (SSP3-7.0)', 'high')
    .action(async (options: RiskOptions) => {
      const config = loadCliConfig();
      setExitCode(await runRisk(options, config.dataDir, (line) => console.log(line)));
    });
  const portfolioCommand = program.command('portfolio').description('Portfolio revaluation (issue 15): a loan-book CSV (loan_id, address, suburb, state, postcode, lat, lng, property_type, bedrooms, bathrooms, car_spaces, land_size, building_size, year_built, loan_amount, purpose, repayment, interest_rate, term_years) valued, hazard-assessed today and in 2050, and run through the lending rules');
  portfolioCommand
    .command('run')
    .description('Store the book and run it in this process on worker threads, then write the results (the input columns, then estimate, low, high, confidence, lvr, lmi_required, risk_weight, rwa, lvr_2050, six hazards, levels, error)')
    .requiredOption('--csv <file>', 'loan-book CSV')
    .requiredOption('--out <file>', 'results CSV')
    .option('--threads <n>', 'worker threads (0: assess on the main thread)', String(Math.max(1, Math.min(2, availableParallelism()))))
    .option('--name <name>', 'portfolio name (default: the file name)')
    .option('--model <file>', 'model artifact', 'models/current.json')
    .action(async (options: { csv: string; out: string; threads: string; name?: string; model: string }) => {
      const config = loadCliConfig();
      const threads = parseThreads(options.threads);
      const print = (line: string) => console.log(line);
      const book = { csv: options.csv, out: options.out, ...(options.name ? { name: options.name } : {}) };
      setExitCode(await withDatabaseOrServer(config, (database) => runPortfolioRun(database, portfolioEnv(config, options.model), { ...book, threads }, print), (server) => runPortfolioRemote(server, book, print)));
    });
  portfolioCommand
    .command('submit')
    .description('Store the book and queue it (PostgreSQL: chunks on the pg-boss queue for `propguard worker`s; embedded: run by the server\'s threads, posted to the running server when it holds the database, else run when it starts); prints the portfolio id')
    .requiredOption('--csv <file>', 'loan-book CSV')
    .option('--name <name>', 'portfolio name (default: the file name)')
    .action(async (options: { csv: string; name?: string }) => {
      const config = loadCliConfig();
      const print = (line: string) => console.log(line);
      setExitCode(await withDatabaseOrServer(config, (database) => runPortfolioSubmit(database, portfolioEnv(config, ''), options, print), (server) => submitPortfolioRemote(server, options, print)));
    });
  portfolioCommand
    .command('status')
    .description('A portfolio\'s progress as JSON: loans done, errors, loans per second, time left')
    .argument('<id>', 'portfolio id')
    .action(async (id: string) => {
      const config = loadCliConfig();
      const print = (line: string) => console.log(line);
      setExitCode(await withDatabaseOrServer(config, (database) => runPortfolioStatus(database, id, print), (server) => portfolioStatusRemote(server, id, print)));
    });
  portfolioCommand
    .command('results')
    .description('Write a portfolio\'s results CSV (the loans assessed so far)')
    .argument('<id>', 'portfolio id')
    .requiredOption('--out <file>', 'results CSV')
    .action(async (id: string, options: { out: string }) => {
      const config = loadCliConfig();
      const print = (line: string) => console.log(line);
      setExitCode(await withDatabaseOrServer(config, (database) => runPortfolioResults(database, id, options.out, print), (server) => portfolioResultsRemote(server, id, options.out, print)));
    });
  program
    .command('worker')
    .description('Run portfolio chunks from the PostgreSQL queue (DATABASE_URL) until stopped; start any number, on any machine that reaches the database')
    .option('--concurrency <n>', 'chunks at once (one core each)', '1')
    .option('--model <file>', 'model artifact', 'models/current.json')
    .action(async (options: { concurrency: string; model: string }) => {
      const config = loadCliConfig();
      const concurrency = parseThreads(options.concurrency) || 1;
      setExitCode(await withDatabase(config, (database) => runWorker(database, portfolioEnv(config, options.model), { concurrency }, (line) => console.log(line))));
    });
  program
    .command('backup')
    .description('Back up the database (the embedded one as a gzipped dump of its directory, a PostgreSQL server (DATABASE_URL) with pg_dump --format=custom) and the minter key, sealed with PROPGUARD_BACKUP_PASSPHRASE; without it the key is left out, never written in clear')
    .requiredOption('--out <file>', 'backup file to write')
    .action(async (options: { out: string }) => {
      const config = loadCliConfig();
      const started = performance.now();
      const { kind, minterKey } = await backupDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir }, options.out, config.backupSecrets);
      console.log(`Backed up the ${kind === 'postgres' ? 'PostgreSQL server' : 'embedded database'} to ${options.out} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      console.log(describeBackupKey(minterKey));
      setExitCode(0);
    });
  program
    .command('restore')
    .description('Restore a backup made by `propguard backup` into the configured database (same kind), and its minter key (opened with PROPGUARD_BACKUP_PASSPHRASE); the embedded database and a different key it replaces are kept beside them')
    .argument('<file>', 'backup file')
    .action(async (file: string) => {
      const config = loadCliConfig();
      const started = performance.now();
      const { kind, replacedDirectory, minterKey } = await restoreDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir }, file, config.backupSecrets);
      console.log(`Restored the ${kind === 'postgres' ? 'PostgreSQL server' : 'embedded database'} from ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      if (replacedDirectory) console.log(`The database it replaced is kept in ${replacedDirectory}; delete it when you no longer need it.`);
      if (minterKey.status === 'restored' || minterKey.status === 'replaced') console.log(`Restored the minter key to ${minterKey.keyFile} (owner-only).`);
      if (minterKey.status === 'unchanged') console.log(`The minter key in ${minterKey.keyFile} is already the backup's.`);
      if (minterKey.replacedKeyFile) console.log(`The different key that was there is kept in ${minterKey.replacedKeyFile}.`);
      if (minterKey.warning) console.error(`WARNING: ${minterKey.warning}.`);
      setExitCode(0);
    });
  return program;
}

/** What a backup holds of the minter key, in one line for the operator. */
function describeBackupKey(minterKey: BackupMinterKey): string {
  switch (minterKey.status) {
    case 'included':
      return `The minter key (${minterKey.address}) is in the backup, sealed with PROPGUARD_BACKUP_PASSPHRASE: restore needs the same passphrase.`;
    case 'no-passphrase':
      return `The minter key (${minterKey.address}) is NOT in the backup: PROPGUARD_BACKUP_PASSPHRASE is not set, and the key is never written in clear. Back up chain/minter.key in PROPGUARD_HOME separately, or set the passphrase and back up again: without the key a restored server can neither mint nor verify certificates.`;
    case 'from-environment':
      return `The minter key (${minterKey.address}) comes from CHAIN_PRIVATE_KEY and is not in the backup: keep it where you keep that variable.`;
    case 'no-key':
      return 'There is no minter key yet (PropGuard makes one at its first start): the backup holds none.';
  }
}

async function main(argv: string[]): Promise<void> {
  let exitCode = 0;
  try {
    await buildProgram((code) => {
      exitCode = code;
    }).parseAsync(argv);
  } catch (error) {
    exitCode = isAppError(error) && error.code === 'VALIDATION_ERROR' ? 2 : 1;
    // Driver errors can quote a whole multi-row INSERT; the first lines say what went wrong.
    const message = (error as Error).message;
    console.error(`propguard: ${message.length > 600 ? `${message.slice(0, 600)}...` : message}`);
  }
  process.exitCode = exitCode;
}

await main(process.argv);
