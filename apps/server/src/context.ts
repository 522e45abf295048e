import fs from 'node:fs';
import path from 'node:path';
import { ensureDataLoaded, openDatabase, type Database } from '@propguard/db';
import { CLIMATE_OUTLOOK } from '@propguard/schemas';
import { REPO_ROOT, type AppConfig } from './config.ts';
import { PortfolioJobs } from './services/portfolio/portfolio-jobs.ts';
import type { AppContext } from './services/app-context.ts';
import { createAccountsRuntime } from './services/accounts/accounts-runtime.ts';
import { loadAddressIndex } from './services/address-search/address-search-service.ts';
import { DataFacts } from './services/health/data-facts.ts';
import { loadHazardRuntime } from './services/hazards/hazard-runtime.ts';
import { ListingEnrichmentCache } from './services/realty/listing-enrichment-cache.ts';
import { loadValuationRuntime } from './services/valuation/valuation-runtime.ts';
import { MarketCache } from './services/market/market-cache.ts';
import { openChainRuntime, type ChainRuntimeState } from './services/chain/chain-runtime.ts';

export const APP_VERSION: string = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Listing enrichments kept in memory (a few kB each): enough for every sale a session browses. */
const LISTING_CACHE_ENTRIES = 20_000;

export interface StartOptions {
  /** Called with a line for each ingest step (the first start loads the bundled data). */
  onProgress?: (message: string) => void;
}

/** The certificate chain; an unreachable external chain leaves the rest of the product working. */
async function openChain(config: AppConfig, database: Database): Promise<ChainRuntimeState> {
  try {
    return { ready: true, runtime: await openChainRuntime(config, database) };
  } catch (error) {
    // The message names the endpoint's failure, never the key.
    return { ready: false, reason: (error as Error).message.split('\n')[0] ?? 'unknown error' };
  }
}

/** Opens the database (migrating it), loads the bundled data when needed, and returns the context. */
export async function createAppContext(config: AppConfig, options: StartOptions = {}): Promise<AppContext> {
  const database: Database = await openDatabase({ databaseUrl: config.databaseUrl, homeDir: config.homeDir, poolMax: config.databasePoolMax });
  try {
    await ensureDataLoaded(database, {
      dataDir: config.dataDir,
      onProgress: (event) => options.onProgress?.(`${event.dataset}: ${event.message}`),
    });
    const valuation = await loadValuationRuntime(database, config.valuationModelPath, config.dataDir);
    options.onProgress?.(valuation.ready
      ? `valuation: model ${valuation.runtime.model.id} loaded, ${valuation.runtime.salesIndexed.toLocaleString('en-AU')} sales indexed in ${valuation.runtime.loadMs} ms`
      : `valuation: unavailable (${valuation.reason})`);
    const hazards = await loadHazardRuntime(config.dataDir, config.satelliteTileUrl, database);
    options.onProgress?.(hazards.ready
      ? `hazards: six hazard layers, ${(hazards.runtime.context.data.floodLayers ?? []).length} imported flood layer(s) and the map loaded in ${hazards.runtime.loadMs} ms`
      : `hazards: unavailable (${hazards.reason})`);
    const addressIndex = await loadAddressIndex(database);
    options.onProgress?.(addressIndex.ready
      ? `address index: ${addressIndex.index.addressCount.toLocaleString('en-AU')} addresses and ${addressIndex.index.localityCount.toLocaleString('en-AU')} localities indexed in ${addressIndex.loadMs} ms`
      : `address index: unavailable (${addressIndex.reason})`);
    // Counted once at start, so that no health poll pays for it (again only when the data change).
    const dataFacts = new DataFacts();
    await dataFacts.read(database);
    const chain = await openChain(config, database);
    options.onProgress?.(chain.ready
      ? `certificates: contract ${chain.runtime.contractAddress} on ${chain.runtime.network}, block ${chain.runtime.embedded?.blockNumber ?? 'n/a'}, opened in ${chain.runtime.loadMs} ms`
      : `certificates: unavailable (${chain.reason})`);
    const accounts = await createAccountsRuntime(config, database);
    const context: Omit<AppContext, 'portfolioJobs'> & { portfolioJobs?: PortfolioJobs } = { accounts, config, database, startedAt: new Date(), climateOutlook: CLIMATE_OUTLOOK, version: APP_VERSION, valuation, hazards, listingCache: new ListingEnrichmentCache(LISTING_CACHE_ENTRIES), market: new MarketCache(), addressIndex, dataFacts, chain };
    context.portfolioJobs = new PortfolioJobs(context);
    return context as AppContext;
  } catch (error) {
    await database.close();
    throw error;
  }
}
