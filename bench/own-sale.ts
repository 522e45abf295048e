/**
 * Part of `npm run bench:valuation`: houses valued 14 days after their own recorded sale, with the
 * shipped model (VALUATION_MODEL_PATH, default models/current.json) on the full sales index of the
 * database named by DATABASE_URL / PROPGUARD_HOME. Prints the error against that sale per city.
 */
import { readFileSync } from 'node:fs';
import { addressKey, anchorOnOwnSale, buildSalesIndex, createPrng, parseValuationModel, valuePoint, MARKET_CITY, OWN_SALE_SETTINGS, type OwnSaleSettings } from '@propguard/engines';
import { loadBenchSales } from './load-sales.ts';

const sales = await loadBenchSales();

// Issue 20: a property valued 14 days after its own recorded sale must say about that price.
// The shipped model on the full index, 150 houses per city drawn at random (seed 20) among the
// sales with a street address that are at least 14 days before their market's latest sale.
const model = parseValuationModel(JSON.parse(readFileSync(process.env.VALUATION_MODEL_PATH ?? 'models/current.json', 'utf8')));
const index = buildSalesIndex(sales);
const random = createPrng(20);
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
console.log('\n| city | houses valued 14 days after their own sale | median error | within 3% | within 10% | anchor weight (median) |');
console.log('|---|---|---|---|---|---|');
for (const [state, city] of Object.entries(MARKET_CITY)) {
  const last = index.lastSaleDateByMarket.get(state);
  const pool = index.sales.filter((sale) => sale.state === state && sale.propertyType === 'house' && sale.address && last && addDays(sale.saleDate, 14) <= last);
  if (pool.length === 0) {
    console.log(`| ${city} | 0 (no street addresses in our data) | - | - | - | - |`);
    continue;
  }
  const sample = Array.from({ length: 150 }, () => pool[Math.floor(random() * pool.length)]!);
  const errors: number[] = [];
  const weights: number[] = [];
  for (const sale of sample) {
    const point = valuePoint(model, index, sale, addDays(sale.saleDate, 14));
    errors.push(Math.abs(point.estimate / sale.priceAud - 1));
    weights.push(point.ownSale?.weight ?? 0);
  }
  errors.sort((a, b) => a - b);
  weights.sort((a, b) => a - b);
  const share = (limit: number) => `${((100 * errors.filter((error) => error <= limit).length) / errors.length).toFixed(1)}%`;
  console.log(`| ${city} | ${errors.length} | ${(100 * errors[errors.length >> 1]!).toFixed(1)}% | ${share(0.03)} | ${share(0.1)} | ${weights[weights.length >> 1]!.toFixed(2)} |`);
}

// Issue 17: every later sale of an address that sold before, valued as at its own sale date (the
// earlier sale is the only sale of the address it sees): the model alone, and the model with the
// earlier sale as anchor under the shipped and alternative blend settings.
const repeat = index.sales.filter((sale) => sale.address && index.addressSales.get(addressKey(sale.address, sale.suburb))!.some((earlier) => earlier.saleDate < sale.saleDate));
const settingsTried: { name: string; settings: OwnSaleSettings }[] = [
  { name: `shipped (window ${OWN_SALE_SETTINGS.windowMonths} months, free z ${OWN_SALE_SETTINGS.freeZ})`, settings: OWN_SALE_SETTINGS },
  { name: 'window 60 months, free z 2', settings: { windowMonths: 60, freeZ: 2 } },
  { name: 'window 24 months, free z 3', settings: { windowMonths: 24, freeZ: 3 } },
  { name: 'window 60 months, free z 3', settings: { windowMonths: 60, freeZ: 3 } },
];
const summarise = (errors: number[]) => {
  const sorted = [...errors].sort((a, b) => a - b);
  return `${(100 * sorted[sorted.length >> 1]!).toFixed(1)}% | ${((100 * sorted.filter((error) => error <= 0.1).length) / sorted.length).toFixed(1)}%`;
};
console.log(`\n| ${repeat.length} repeat sales valued as at their date (earlier sale: median age ${(() => { const ages = repeat.map((sale) => valuePoint(model, index, sale, sale.saleDate).previousSale!.ageMonths).sort((a, b) => a - b); return ages[ages.length >> 1]; })()} months) | MdAPE | PPE10 |`);
console.log('|---|--:|--:|');
const points = repeat.map((sale) => ({ sale, point: valuePoint(model, index, sale, sale.saleDate) }));
console.log(`| the model alone (the earlier sale as a feature only) | ${summarise(points.map(({ sale, point }) => Math.abs(point.modelEstimate / sale.priceAud - 1)))} |`);
console.log(`| the earlier sale time-adjusted, alone | ${summarise(points.map(({ sale, point }) => Math.abs(point.previousSale!.timeAdjustedPriceAud / sale.priceAud - 1)))} |`);
for (const { name, settings } of settingsTried) {
  const errors = points.map(({ sale, point }) => Math.abs(Math.exp(anchorOnOwnSale(point.features.previousSale, point.modelRange, settings).logEstimate) / sale.priceAud - 1));
  console.log(`| model + anchor, ${name} | ${summarise(errors)} |`);
}
