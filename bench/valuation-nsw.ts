/**
 * The NSW line of `npm run bench:valuation` (issue 31, item 9): sales from the NSW Valuer General's
 * files held out by property (every sale of one property in five, chosen by a hash of its property
 * id), valued as at their contract date with no row refused, from the fields such a row gives a user:
 * the address (placed as the product places it: the VG rows sit at their locality), the type (a
 * strata lot is a unit) and the land area. Nothing built from the held-out rows is visible: the sales
 * index (neighbours, suburb levels, the market index, own earlier sales) is built without them. The
 * model is the shipped one (models/current.json) when it saw no VG sale, else the evaluation model
 * must be used (the bench says which).
 *
 * Baselines: the median time-adjusted price of the locality's earlier sales of the same kind (house or
 * unit), and a blend of that, the nearest land sizes and same-street sales.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openDatabase } from '@propguard/db';
import { buildSalesIndex, findNearestEarlierSales, parseValuationModel, segmentOf, valuePoint, type IndexedSale } from '@propguard/engines';
import { loadCliConfig } from '../apps/cli/src/config.ts';
import { loadBenchSales } from './load-sales.ts';

const NSW_VG_SOURCE = 'nsw-valuer-general-sales-2021q1';
const config = loadCliConfig();
const started = performance.now();
const sales = await loadBenchSales();
const database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir });
const keyed = await database.query<{ id: number; source_key: string }>(`SELECT id, source_key FROM sales WHERE source = $1 AND source_key IS NOT NULL`, [NSW_VG_SOURCE]);
await database.close();
const propertyOf = new Map(keyed.map((row) => [row.id, row.source_key.replace(/^nsw-vg:/, '').split('|')[0]!]));

/** FNV-1a of the property id: one property in five is held out, every sale of it. */
function heldOut(propertyId: string): boolean {
  let hash = 0x811c9dc5;
  for (let i = 0; i < propertyId.length; i += 1) hash = Math.imul(hash ^ propertyId.charCodeAt(i), 0x01000193) >>> 0;
  return hash % 5 === 0;
}
const holdout = sales.filter((sale) => propertyOf.has(sale.id) && heldOut(propertyOf.get(sale.id)!));
const holdoutIds = new Set(holdout.map((sale) => sale.id));
const index = buildSalesIndex(sales.filter((sale) => !holdoutIds.has(sale.id)));
const model = parseValuationModel(JSON.parse(readFileSync(resolve(process.env.VALUATION_MODEL_PATH ?? 'models/current.json'), 'utf8')));
const modelSawVg = model.artifact.createdFrom.lastSaleDate > '2020-12-31';
console.error(`${holdout.length.toLocaleString('en-AU')} VG sales held out (of ${propertyOf.size.toLocaleString('en-AU')}); model ${model.id}${modelSawVg ? ' WAS trained on VG sales: not a measurement' : ' saw no VG sale'} [${((performance.now() - started) / 1000).toFixed(0)} s]`);

/** What a user has of a VG row: its address and place, its type and its land area. */
function asUserRow(sale: IndexedSale) {
  return { lat: sale.lat, lng: sale.lng, address: sale.address, suburb: sale.suburb, postcode: sale.postcode, state: sale.state, propertyType: sale.propertyType, landSizeM2: sale.landSizeM2 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[sorted.length >> 1]!;
};
const model80: { ape: number; inRange: boolean }[] = [];
const baseline: number[] = [];
const byType = new Map<string, number[]>();
for (const sale of holdout) {
  const point = valuePoint(model, index, asUserRow(sale), sale.saleDate);
  const ape = Math.abs(point.estimate / sale.priceAud - 1);
  model80.push({ ape, inRange: sale.priceAud >= point.low && sale.priceAud <= point.high });
  byType.set(sale.propertyType, [...(byType.get(sale.propertyType) ?? []), ape]);
  // Baseline: the locality's earlier sales of the same kind, time-adjusted, their median.
  const kind = segmentOf(sale.propertyType);
  const local = findNearestEarlierSales(index, kind === 'unit' ? 'unit' : sale.propertyType, sale.lat, sale.lng, sale.saleDate, 30, sale.state).filter((neighbour) => neighbour.sale.suburb === sale.suburb);
  const level = local.length > 0 ? Math.exp(median(local.map((neighbour) => neighbour.adjustedLogPrice))) : point.estimate;
  baseline.push(Math.abs(level / sale.priceAud - 1));
}
const apes = model80.map((row) => row.ape);
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
console.log('\n## NSW (Valuer General) hold-out: every sale of one property in five, valued as at its contract date, no row refused\n');
console.log('| line | sales | MdAPE | PPE10 | PPE20 | 80% coverage | locality-and-kind median MdAPE |\n|---|--:|--:|--:|--:|--:|--:|');
console.log(`| NSW (VG), all | ${apes.length.toLocaleString('en-AU')} | ${pct(median(apes))} | ${pct(apes.filter((e) => e <= 0.1).length / apes.length)} | ${pct(apes.filter((e) => e <= 0.2).length / apes.length)} | ${pct(model80.filter((row) => row.inRange).length / model80.length)} | ${pct(median(baseline))} |`);
for (const [type, values] of [...byType].sort()) console.log(`| NSW (VG), ${type} | ${values.length.toLocaleString('en-AU')} | ${pct(median(values))} | ${pct(values.filter((e) => e <= 0.1).length / values.length)} | ${pct(values.filter((e) => e <= 0.2).length / values.length)} | - | - |`);
console.log(`\nModel ${model.id}${modelSawVg ? ' (trained on VG sales, including these: NOT a measurement)' : ' (never saw a VG sale)'}; ${((performance.now() - started) / 1000).toFixed(0)} s.`);
