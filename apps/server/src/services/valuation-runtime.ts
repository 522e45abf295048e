import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAddressCandidates, loadIndexedSales, type AddressCandidate, type Database, type TypicalAttributes } from '@propguard/db';
import { buildSalesIndex, normaliseAddressText, parseValuationModel, type SalesIndex, type ValuationModel } from '@propguard/engines';
import { redactPaths } from '../http/redact.ts';

/** What valuations need in memory: the trained model and the index of sales it reads. */
export interface ValuationRuntime {
  model: ValuationModel;
  index: SalesIndex;
  /** The latest sale in the index: the default "as at" date (our data end there). */
  latestSaleDate: string;
  salesIndexed: number;
  /** Known street addresses by "NUMBER STREET|SUBURB" (normalised): exact look-ups without SQL. */
  addressBook: Map<string, AddressCandidate[]>;
  /** Typical attributes per locality, filled on first use (the sales do not change while running). */
  typicalCache: Map<string, TypicalAttributes[]>;
  loadMs: number;
}

/** The address book key: normalised street line and suburb. */
export function addressBookKey(streetLine: string, suburb: string): string {
  return `${normaliseAddressText(streetLine)}|${normaliseAddressText(suburb)}`;
}

export type ValuationRuntimeState = { ready: true; runtime: ValuationRuntime } | { ready: false; reason: string };

/**
 * Loads the model artifact and indexes the market sales. A missing or invalid model is reported
 * as a reason (valuations answer 503 with it), not a crash: the rest of the product still works.
 */
export async function loadValuationRuntime(database: Database, modelPath: string): Promise<ValuationRuntimeState> {
  const started = performance.now();
  if (!fs.existsSync(modelPath)) return { ready: false, reason: `No valuation model file ${path.basename(modelPath)}: run \`npm run train\`` };
  let model: ValuationModel;
  try {
    model = parseValuationModel(JSON.parse(fs.readFileSync(modelPath, 'utf8')));
  } catch (error) {
    return { ready: false, reason: `The valuation model file ${path.basename(modelPath)} is not valid: ${redactPaths((error as Error).message)}` };
  }
  const sales = await loadIndexedSales(database);
  const index = buildSalesIndex(sales);
  const latestSaleDate = sales.reduce((latest, sale) => (sale.saleDate > latest ? sale.saleDate : latest), '0000-00-00');
  const addressBook = new Map<string, AddressCandidate[]>();
  for (const candidate of await loadAddressCandidates(database)) {
    const key = addressBookKey(candidate.address, candidate.suburb);
    const list = addressBook.get(key);
    if (list) list.push(candidate);
    else addressBook.set(key, [candidate]);
  }
  return {
    ready: true,
    runtime: { model, index, latestSaleDate, salesIndexed: sales.length, addressBook, typicalCache: new Map(), loadMs: Math.round(performance.now() - started) },
  };
}
