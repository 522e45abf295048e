/**
 * `npm run bench:own-sale` (part of `npm run bench:valuation`), issue 31 items 7 and 9: a house
 * valued 14 days after its own recorded sale, measured as a user meets it.
 *
 * Protocol: 120 sales (60 Melbourne, 60 Perth: the two sources with street addresses; Sydney's
 * records have none) drawn at random (seed 31) from the raw source files in data/, each a house
 * with a price whose record is a completed sale (Melbourne's Method S, SP or SA; every Perth row),
 * at least 14 days before its market's latest sale. Each is named by its address as written in the
 * source ("49 Glass St, Richmond VIC 3121"), valued as at 14 days after the recorded date, through
 * the API's own path (resolveDatedSubject of packages/db, then valueOrRefuse, whose estimate is
 * POST /api/valuations'), with the shipped model (VALUATION_MODEL_PATH, default
 * models/current.json) on the database named by DATABASE_URL / PROPGUARD_HOME. The error is
 * against the recorded price. Targets: median error at most 3%, at least 90% within 10%.
 *
 * Also printed: a larger draw of the same kind (500 a city) so that the 120's figures can be read
 * against their noise, the same 120 typed in other ways, units typed "Unit 1, 21 X St", and the
 * passed-in and vendor-bid records (a bid, not a sale); then what the weights of own-sale.ts rest on:
 * how far market sales lie from the model (the deviation limit), how close a bid comes to the sale
 * that follows it (the weight of a record that is not a market sale), and the repeat sales of the
 * data valued with the anchor under the shipped and alternative settings.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { carryForwardCalibrationPath, loadAddressBook, loadLocalityTable, loadMarketMovement, loadSalesAndIndex, openDatabase, resolveDatedSubject, toSubjectProperty, type SubjectLookups } from '@propguard/db';
import { anchorOnOwnSale, buildTypicalAttributesTable, createPrng, describeNoEstimate, describePreviousSale, findOwnSaleRecords, OWN_SALE_SETTINGS, parseValuationModel, valueOrRefuse, valuePoint } from '@propguard/engines';
import { AppError, type ValuationRequest } from '@propguard/schemas';
import { loadCliConfig } from '../apps/cli/src/config.ts';
import { parseCsv } from '../apps/cli/src/commands/value-csv.ts';

/** One priced row of a raw source file. */
interface RawSale {
  city: 'Melbourne' | 'Perth';
  state: 'VIC' | 'WA';
  address: string;
  suburb: string;
  postcode: string;
  type: 'house' | 'unit' | 'townhouse';
  method: string;
  priceAud: number;
  /** YYYY-MM-DD; a month-precision date (Perth's "09-2018") is the month's first day, as our import stores it. */
  saleDate: string;
  lat: number | null;
  lng: number | null;
}

function readRawCsv(path: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(gunzipSync(readFileSync(path)).toString('utf8'));
  return rows.map((cells) => Object.fromEntries(header!.map((name, column) => [name, cells[column] ?? ''])));
}

const pad = (value: string | number) => String(value).padStart(2, '0');
const numberOrNull = (text: string | undefined) => (text && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : null);

function readMelbourne(): RawSale[] {
  const types: Record<string, RawSale['type']> = { h: 'house', u: 'unit', t: 'townhouse' };
  return readRawCsv('data/melbourne-housing-sales/melbourne_housing_full.csv.gz').flatMap((row) => {
    const price = numberOrNull(row.Price);
    const [day, month, year] = (row.Date ?? '').split('/');
    if (price === null || !year || !types[row.Type!]) return [];
    return [{ city: 'Melbourne', state: 'VIC', address: row.Address!, suburb: row.Suburb!, postcode: row.Postcode!, type: types[row.Type!]!, method: row.Method!, priceAud: price, saleDate: `${year}-${pad(month!)}-${pad(day!)}`, lat: numberOrNull(row.Lattitude), lng: numberOrNull(row.Longtitude) } satisfies RawSale];
  });
}

function readPerth(): RawSale[] {
  return readRawCsv('data/perth-house-sales/perth_house_sales.csv.gz').flatMap((row) => {
    const price = numberOrNull(row.PRICE);
    const [month, year] = (row.DATE_SOLD ?? '').trim().split('-');
    if (price === null || !year) return [];
    return [{ city: 'Perth', state: 'WA', address: row.ADDRESS!, suburb: row.SUBURB!, postcode: row.POSTCODE!, type: 'house', method: 'sold', priceAud: price, saleDate: `${year}-${pad(month!)}-01`, lat: numberOrNull(row.LATITUDE), lng: numberOrNull(row.LONGITUDE) } satisfies RawSale];
  });
}

const config = loadCliConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
const modelPath = process.env.VALUATION_MODEL_PATH ?? 'models/current.json';
const model = parseValuationModel(JSON.parse(readFileSync(modelPath, 'utf8')));
// As the server loads it: with the records that are not market sales, and the ABS series that carry a value past a market's data.
const { index } = await loadSalesAndIndex(database, await loadMarketMovement(config.dataDir, carryForwardCalibrationPath(modelPath)));
const lookups: SubjectLookups = { addressBook: await loadAddressBook(database), typical: buildTypicalAttributesTable(index.sales), filledScale: model.artifact.intervals.filledScale, placeCache: new Map(), localities: await loadLocalityTable(database) };

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const raw = [...readMelbourne(), ...readPerth()];
/** Valued 14 days after the recorded date, which must not pass the market's latest sale (a later date is valued as at that sale, before which the own sale may not lie). */
const datable = (sale: RawSale) => addDays(sale.saleDate, 14) <= (index.lastSaleDateByMarket.get(sale.state) ?? '');
const COMPLETED = new Set(['S', 'SP', 'SA', 'sold']);
const sold = raw.filter((sale) => COMPLETED.has(sale.method) && datable(sale));

function draw(pool: readonly RawSale[], count: number, seed: number): RawSale[] {
  const random = createPrng(seed);
  return Array.from({ length: count }, () => pool[Math.floor(random() * pool.length)]!);
}
const perCity = (pool: readonly RawSale[], count: number, seed: number) => (['Melbourne', 'Perth'] as const).flatMap((city, offset) => draw(pool.filter((sale) => sale.city === city), count, seed + offset));

interface Outcome {
  sale: RawSale;
  error: number | null;
  found: boolean;
  weight: number;
  /** The answer's ownSale.discountReason. */
  discountReason: string | null;
  refused: string | null;
}

async function valueTyped(sale: RawSale, request: ValuationRequest): Promise<Outcome> {
  try {
    const dated = await resolveDatedSubject(database, lookups, index, request);
    const { point, noEstimate } = valueOrRefuse(model, index, toSubjectProperty(dated.resolved), dated.market);
    if (noEstimate) return { sale, error: null, found: false, weight: 0, discountReason: null, refused: describeNoEstimate(noEstimate) };
    return { sale, error: Math.abs(point.estimate / sale.priceAud - 1), found: point.ownSale !== null, weight: point.ownSale?.weight ?? 0, discountReason: point.ownSale?.discountReason ?? null, refused: null };
  } catch (error) {
    if (error instanceof AppError) return { sale, error: null, found: false, weight: 0, discountReason: null, refused: error.message };
    throw error;
  }
}

/** The address as written in the source, with its suburb, state and postcode: "49 Glass St, Richmond VIC 3121". */
const asWritten = (sale: RawSale) => `${sale.address}, ${sale.suburb} ${sale.state} ${sale.postcode}`;
const asAt = (sale: RawSale) => addDays(sale.saleDate, 14);

const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
function row(label: string, outcomes: readonly Outcome[]): string {
  const errors = outcomes.flatMap((outcome) => (outcome.error === null ? [] : [outcome.error])).sort((a, b) => a - b);
  const weights = outcomes.map((outcome) => outcome.weight).sort((a, b) => a - b);
  const share = (limit: number) => percent(errors.filter((error) => error <= limit).length / outcomes.length);
  const found = outcomes.filter((outcome) => outcome.found).length;
  const refused = outcomes.filter((outcome) => outcome.refused !== null).length;
  return `| ${label} | ${outcomes.length} | ${errors.length > 0 ? percent(errors[errors.length >> 1]!) : '-'} | ${share(0.03)} | ${share(0.1)} | ${found} (${percent(found / outcomes.length)}) | ${weights[weights.length >> 1]!.toFixed(2)} | ${refused} |`;
}
const header = '| sample | valued | median error | within 3% | within 10% | own sale found | median anchor weight | refused |\n|---|--:|--:|--:|--:|--:|--:|--:|';

const protocol = perCity(sold, 60, 31);
const outcomes: Outcome[] = [];
for (const sale of protocol) outcomes.push(await valueTyped(sale, { address: asWritten(sale), asAt: asAt(sale) }));
console.log(`\nIssue 31's protocol: houses valued 14 days after their own recorded sale, typed as the source writes them (${sold.length.toLocaleString('en-AU')} completed house sales in the pool)\n`);
console.log(header);
console.log(row('120 sales (60 a city), seed 31', outcomes));
for (const city of ['Melbourne', 'Perth']) console.log(row(`  of which ${city}`, outcomes.filter((outcome) => outcome.sale.city === city)));

const larger: Outcome[] = [];
for (const sale of perCity(sold, 500, 131)) larger.push(await valueTyped(sale, { address: asWritten(sale), asAt: asAt(sale) }));
console.log(row('a larger draw: 1,000 sales (500 a city), seed 131', larger));
for (const city of ['Melbourne', 'Perth']) console.log(row(`  of which ${city}`, larger.filter((outcome) => outcome.sale.city === city)));

// The same 120 typed in other ways a user might: lower case, street types spelled out or
// abbreviated the other way, without state and postcode, and with the source's coordinates.
const SPELLED: Record<string, string> = { ST: 'Street', RD: 'Road', AV: 'Avenue', AVE: 'Avenue', CT: 'Court', DR: 'Drive', CR: 'Crescent', GR: 'Grove', PDE: 'Parade', PL: 'Place', CL: 'Close', WY: 'Way', LA: 'Lane', LN: 'Lane', BVD: 'Boulevard', TCE: 'Terrace', CCT: 'Circuit', HWY: 'Highway', ESP: 'Esplanade', SQ: 'Square' };
const ABBREVIATED: Record<string, string> = Object.fromEntries(Object.entries(SPELLED).map(([short, long]) => [long.toUpperCase(), short[0] + short.slice(1).toLowerCase()]));
/** "49 Glass St" -> "49 Glass Street"; "1 Acorn Place" -> "1 Acorn Pl". */
const otherStreetType = (address: string) => address.split(' ').map((word, position) => (position === 0 ? word : (SPELLED[word.toUpperCase()] ?? ABBREVIATED[word.toUpperCase()] ?? word))).join(' ');
const variants: { label: string; request: (sale: RawSale) => ValuationRequest }[] = [
  { label: 'lower case', request: (sale) => ({ address: asWritten(sale).toLowerCase(), asAt: asAt(sale) }) },
  { label: 'street type the other way ("St" <-> "Street")', request: (sale) => ({ address: `${otherStreetType(sale.address)}, ${sale.suburb} ${sale.state} ${sale.postcode}`, asAt: asAt(sale) }) },
  { label: 'street and suburb only', request: (sale) => ({ address: `${sale.address}, ${sale.suburb}`, asAt: asAt(sale) }) },
  { label: "with the source's coordinates (where it has them)", request: (sale) => ({ address: asWritten(sale), ...(sale.lat !== null && sale.lng !== null ? { lat: sale.lat, lng: sale.lng } : {}), asAt: asAt(sale) }) },
  { label: 'with coordinates, street line only', request: (sale) => ({ address: sale.address, ...(sale.lat !== null && sale.lng !== null ? { lat: sale.lat, lng: sale.lng } : {}), asAt: asAt(sale) }) },
];
console.log('\nThe same 120, typed otherwise\n');
console.log(header);
for (const variant of variants) {
  const typed: Outcome[] = [];
  for (const sale of protocol) typed.push(await valueTyped(sale, variant.request(sale)));
  console.log(row(variant.label, typed));
}

// Melbourne's units ("3/82 Glass St") typed as written and as "Unit 3, 82 Glass Street".
const units = draw(raw.filter((sale) => sale.type === 'unit' && COMPLETED.has(sale.method) && datable(sale)), 60, 231);
/** "3/82 Glass St" -> "Unit 3, 82 Glass Street". */
const unitWords = (address: string) => {
  const match = /^(\w+)\/(\S+) (.*)$/.exec(address);
  return match ? `Unit ${match[1]}, ${match[2]} ${otherStreetType(match[3]!)}` : address;
};
console.log('\nMelbourne units valued 14 days after their own recorded sale\n');
console.log(header);
for (const [label, request] of [
  ['as written ("3/82 Glass St")', (sale: RawSale) => ({ address: asWritten(sale), asAt: asAt(sale) })],
  ['"Unit 3, 82 Glass Street"', (sale: RawSale) => ({ address: `${unitWords(sale.address)}, ${sale.suburb} ${sale.state} ${sale.postcode}`, asAt: asAt(sale) })],
] as const) {
  const typed: Outcome[] = [];
  for (const sale of units) typed.push(await valueTyped(sale, request(sale)));
  console.log(row(label, typed));
}

// Melbourne's passed-in and vendor-bid records: the price is a bid at an auction that did not sell.
const bids = draw(raw.filter((sale) => sale.type === 'house' && (sale.method === 'PI' || sale.method === 'VB') && datable(sale)), 120, 331);
const bidOutcomes: Outcome[] = [];
for (const sale of bids) bidOutcomes.push(await valueTyped(sale, { address: asWritten(sale), asAt: asAt(sale) }));
console.log('\nMelbourne houses passed in or vendor-bid at auction (the price is a bid, not a sale), valued 14 days later\n');
console.log(header);
console.log(row('120 records, seed 331', bidOutcomes));

// What the weights rest on. (1) How far market sales lie from the model's estimate at their own
// date (the deviation limit): 3,000 market sales of the index drawn at random, each valued as at its
// own sale date, so that it sees only earlier sales (the shipped model was fitted on them, so its
// errors here are somewhat smaller than on unseen sales).
const random = createPrng(431);
const deviations = Array.from({ length: 3000 }, () => index.sales[Math.floor(random() * index.sales.length)]!)
  .map((sale) => Math.abs(Math.log(valuePoint(model, index, sale, sale.saleDate).modelEstimate / sale.priceAud)))
  .sort((a, b) => a - b);
const quantile = (sorted: readonly number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
console.log('\nHow far market sales lie from the model: |log(price / model estimate)| of 3,000 market sales valued as at their own date (seed 431)\n');
console.log('| quantile | 50% | 90% | 95% | 97.5% | 99% | 99.5% |\n|---|--:|--:|--:|--:|--:|--:|');
console.log(`| \\|log\\| | ${[0.5, 0.9, 0.95, 0.975, 0.99, 0.995].map((q) => quantile(deviations, q).toFixed(3)).join(' | ')} |`);

// (2) Records followed by a market sale of the same address within 12 months: how close the
// earlier record, time-adjusted to the later sale's date, comes to that sale, beside the model's
// own estimate of it (a robust standard deviation: 1.4826 x the median absolute deviation).
const pairs: { kind: string; recordLog: number; modelLog: number }[] = [];
for (const records of index.addressSales.values()) {
  records.forEach((later, position) => {
    if (later.isMarketSale === false || position === 0) return;
    const earlier = records[position - 1]!;
    const months = (Date.parse(later.saleDate) - Date.parse(earlier.saleDate)) / (30.44 * 86_400_000);
    if (months <= 0 || months > 12) return;
    const adjusted = describePreviousSale(index, earlier, later.state, later.propertyType, later.saleDate).timeAdjustedPriceAud;
    const modelEstimate = valuePoint(model, index, { ...later, address: null }, later.saleDate).modelEstimate;
    pairs.push({ kind: earlier.isMarketSale === false ? `${earlier.saleMethod ?? 'not a market sale'} then a sale` : 'a sale then another sale', recordLog: Math.log(later.priceAud / adjusted), modelLog: Math.log(later.priceAud / modelEstimate) });
  });
}
const robustSd = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = quantile(sorted, 0.5);
  return 1.4826 * quantile(values.map((value) => Math.abs(value - middle)).sort((a, b) => a - b), 0.5);
};
console.log('\nRecords followed by a market sale of the same address within 12 months (the later sale against the earlier record, time-adjusted, and against the model)\n');
console.log('| pair | pairs | median log(sale / record) | record within 10% | model within 10% | robust sd, record | robust sd, model | inverse-variance weight of the record |\n|---|--:|--:|--:|--:|--:|--:|--:|');
for (const kind of [...new Set(pairs.map((pair) => pair.kind))].sort()) {
  const group = pairs.filter((pair) => pair.kind === kind);
  const within = (values: number[]) => percent(values.filter((value) => Math.abs(Math.exp(value) - 1) <= 0.1).length / values.length);
  const recordSd = robustSd(group.map((pair) => pair.recordLog));
  const modelSd = robustSd(group.map((pair) => pair.modelLog));
  console.log(`| ${kind} | ${group.length} | ${quantile([...group.map((pair) => pair.recordLog)].sort((a, b) => a - b), 0.5).toFixed(3)} | ${within(group.map((pair) => pair.recordLog))} | ${within(group.map((pair) => pair.modelLog))} | ${recordSd.toFixed(3)} | ${modelSd.toFixed(3)} | ${(modelSd ** 2 / (modelSd ** 2 + recordSd ** 2)).toFixed(2)} |`);
}

// (3) Issue 17's check: every later market sale of an address that sold before, valued as at its
// own sale date (the earlier records are the only ones of the address it sees): the model alone,
// and the model with the anchor under the shipped and alternative settings.
const repeat = index.sales.filter((sale) => sale.address && findOwnSaleRecords(index, sale, sale.saleDate).evidence !== null);
const repeatPoints = repeat.map((sale) => ({ sale, point: valuePoint(model, index, sale, sale.saleDate) }));
const summarise = (errors: number[]) => {
  const sorted = [...errors].sort((a, b) => a - b);
  return `${percent(quantile(sorted, 0.5))} | ${percent(sorted.filter((error) => error <= 0.1).length / sorted.length)}`;
};
const ages = repeatPoints.map(({ point }) => point.previousSale!.ageMonths).sort((a, b) => a - b);
console.log(`\n| ${repeat.length} repeat sales valued as at their date (earlier record: median age ${quantile(ages, 0.5)} months) | MdAPE | PPE10 |\n|---|--:|--:|`);
console.log(`| the model alone | ${summarise(repeatPoints.map(({ sale, point }) => Math.abs(point.modelEstimate / sale.priceAud - 1)))} |`);
console.log(`| the earlier record time-adjusted, alone | ${summarise(repeatPoints.map(({ sale, point }) => Math.abs(point.previousSale!.timeAdjustedPriceAud / sale.priceAud - 1)))} |`);
for (const [name, settings] of [
  ['shipped (full weight 6 months, window 24, deviation limit ln 2)', OWN_SALE_SETTINGS],
  ['deviation limit 0.35', { ...OWN_SALE_SETTINGS, deviationLimit: 0.35 }],
  ['window 60 months (full weight 6)', { ...OWN_SALE_SETTINGS, windowMonths: 60 }],
  ['full weight 0 months (linear from the sale, as before issue 31)', { ...OWN_SALE_SETTINGS, fullWeightMonths: 0 }],
] as const) {
  const errors = repeatPoints.map(({ sale, point }) => Math.abs(Math.exp(anchorOnOwnSale(point.features.previousSale, point.modelRange, settings).logEstimate) / sale.priceAud - 1));
  console.log(`| model + anchor, ${name} | ${summarise(errors)} |`);
}

const missed = outcomes.filter((outcome) => !outcome.found || outcome.error === null || outcome.error > 0.1);
if (missed.length > 0) {
  console.log(`\nOf the 120, not found or more than 10% off (${missed.length}):`);
  for (const outcome of missed) {
    const what = !outcome.found ? 'own sale not found' : `error ${percent(outcome.error ?? 0)}, weight ${outcome.weight}${outcome.discountReason ? `: ${outcome.discountReason}` : ''}`;
    console.log(`- ${asWritten(outcome.sale)}, ${outcome.sale.method} ${outcome.sale.saleDate} $${outcome.sale.priceAud.toLocaleString('en-AU')}: ${what}${outcome.refused ? ` (refused: ${outcome.refused})` : ''}`);
  }
}

await database.close();
