import type { Database } from '@propguard/db';
import type { ClimateOutlook } from '@propguard/schemas';
import type { AppConfig } from '../config.ts';
import type { AccountsRuntime } from './accounts/accounts-runtime.ts';
import type { ChainRuntimeState } from './chain/chain-runtime.ts';
import type { AddressIndexState } from './address-search/address-index.ts';
import type { DataFacts } from './health/data-facts.ts';
import type { HazardRuntimeState } from './hazards/hazard-runtime.ts';
import type { ListingEnrichmentCache } from './realty/listing-enrichment-cache.ts';
import type { MarketCache } from './market/market-cache.ts';
import type { ValuationRuntimeState } from './valuation/valuation-runtime.ts';
import type { PortfolioJobs } from './portfolio/portfolio-jobs.ts';
import type { RequestActivity } from './request-activity.ts';

/** What services need from the running process, passed explicitly (no module-level state). */
export interface AppContext {
  config: AppConfig;
  database: Database;
  startedAt: Date;
  /** The climate outlook of risk and lending figures (CLIMATE_OUTLOOK: 2050, high emissions), passed on to the engines. */
  climateOutlook: ClimateOutlook;
  version: string;
  /** The valuation model and its sales index, loaded at start (or why they are not). */
  valuation: ValuationRuntimeState;
  /** The hazard layers and their spatial indexes, loaded at start (or why they are not). */
  hazards: HazardRuntimeState;
  /** Computed listing enrichments (valuation, risk) by sale, for search and property pages. */
  listingCache: ListingEnrichmentCache;
  /** Market analyses, city indices and the rent table, computed on first use. */
  market: MarketCache;
  /** The address-suggestion index (every address of our sales and every gazetteer locality), built at start. */
  addressIndex: AddressIndexState;
  /** Counts and data set loads for the health endpoints, recounted only when the data change. */
  dataFacts: DataFacts;
  /** The certificate chain (embedded or CHAIN_RPC_URL) and its contract, opened at start (or why not). */
  chain: ChainRuntimeState;
  /** Accounts, API-key limits and the payment provider (issue 14). */
  accounts: AccountsRuntime;
  /** Portfolio jobs (issue 15): the embedded thread pool or the pg-boss queue; started and stopped by the scheduler. */
  portfolioJobs: PortfolioJobs;
  /** The requests being served: the work left to after ready waits for a quiet moment (request-activity.ts). */
  activity: RequestActivity;
}
