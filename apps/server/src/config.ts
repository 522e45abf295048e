import { join } from 'node:path';
import { minterKeyEnvFields, REPO_ROOT, resolveConfigPath, storageEnvFields } from '@propguard/db';
import { formatAbn, isValidAbn } from '@propguard/engines';
import { z } from 'zod';
import { isLoopbackHost } from './http/loopback.ts';

/** The repository root: relative paths in the configuration are resolved from here (packages/db storage-config.ts). */
export { REPO_ROOT };

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const optionalText = z.preprocess(emptyToUndefined, z.string().min(1).optional());

/**
 * Every environment variable the server reads. Each is documented in .env.example; none is
 * required: the defaults start the whole product on an embedded database.
 */
const envSchema = z.object({
  /** Port the HTTP server listens on. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to bind; 0.0.0.0 to accept connections from other machines. */
  HOST: z.string().min(1).default('127.0.0.1'),
  /** DATABASE_URL, DATABASE_POOL_MAX, PROPGUARD_HOME and PROPGUARD_DATA_PATH: shared with the CLI (packages/db storage-config.ts). */
  ...storageEnvFields,
  /** The valuation model artifact written by `npm run train` (models/ in the repository). */
  VALUATION_MODEL_PATH: z.string().min(1).default('models/current.json'),
  /** Directory of the built web app served at `/`. */
  WEB_DIST_PATH: z.string().min(1).default('apps/web/dist'),
  /** Log level of the server's JSON logs. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Optional OpenAI-compatible endpoint (e.g. a local Ollama at http://127.0.0.1:11434/v1); probed by /api/llm/health. */
  LLM_BASE_URL: optionalUrl,
  /** Optional JSON-RPC endpoint of an EVM chain; probed by /api/blockchain/blockchain-health. */
  CHAIN_RPC_URL: optionalUrl,
  /** CHAIN_PRIVATE_KEY: shared with the CLI, whose backup and restore check it (packages/db storage-config.ts). */
  ...minterKeyEnvFields,
  /** Most gas one public eth_call or eth_estimateGas runs with (POST /api/blockchain/rpc); a call asking for more, or for none, gets this (geth's RPCGasCap). */
  CHAIN_CALL_GAS_CAP: z.coerce.number().int().min(100_000).max(1_000_000_000).default(30_000_000),
  /** Milliseconds from a public eth_call's or eth_estimateGas's arrival to its answer, waiting for a thread included; past it the call is stopped and answered with an error. */
  CHAIN_CALL_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** Worker threads that run public eth_call and eth_estimateGas, hence how many run at once (each loads its own EVM on first use). */
  CHAIN_CALL_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  /** Transaction page of an external chain's explorer, with {hash}; unset: our own /explorer pages. */
  CHAIN_EXPLORER_TX_URL: z.preprocess(emptyToUndefined, z.string().regex(/^https?:\/\/.*\{hash\}/, 'must be an http(s) URL with {hash}').optional()),
  /** An IPFS HTTP API (kubo, e.g. http://127.0.0.1:5001) to pin certificate metadata to; unset: served at /ipfs/{cid} only. */
  IPFS_API_URL: optionalUrl,
  /** Optional NASA FIRMS map key for live fire detections (used by the hazard engine). */
  FIRMS_MAP_KEY: optionalText,
  /** FIRMS product for live detections: VIIRS_SNPP_NRT (375 m), VIIRS_NOAA20_NRT, VIIRS_NOAA21_NRT or MODIS_NRT (1 km). */
  FIRMS_SOURCE: z.enum(['VIIRS_SNPP_NRT', 'VIIRS_NOAA20_NRT', 'VIIRS_NOAA21_NRT', 'MODIS_NRT']).default('VIIRS_SNPP_NRT'),
  /** Base URL of the FIRMS API (its area endpoint is `/api/area/csv/...`); change only to point at a mirror. */
  FIRMS_BASE_URL: z.url().default('https://firms.modaps.eosdis.nasa.gov'),
  /** Optional XYZ imagery URL for the map's satellite view, e.g. https://tiles.example.com/{z}/{x}/{y}.jpg. */
  SATELLITE_TILE_URL: z.preprocess(emptyToUndefined, z.string().regex(/^https?:\/\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL with {z}, {x} and {y}').optional()),
  /** Requests a minute per client address on the original client's routes (/functions/v1, /api/llm, /api/propguard), which are anonymous. */
  COMPAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Requests a minute per client address on every other route, in every mode. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /** Requests a minute per client address on routes that compute a lot per call (reports, market analyses, climate dashboards). */
  EXPENSIVE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Property analyses (valuations, reports, the original client's analyses) a day for each signed-out client address where sign-in is required; then 401 with a sign-in hint. 0: none. */
  PUBLIC_ANALYSES_PER_DAY: z.coerce.number().int().min(0).max(10_000).default(3),
  /** Milliseconds a client has to send a whole request (a slowly sent body is cut off with 408). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Milliseconds after which a request is logged at info level as slow (others at debug). */
  SLOW_REQUEST_MS: z.coerce.number().int().min(1).default(1_000),
  /** Computing calls (every route but health, sign-in, plans and docs) the server answers at once; the rest queue (issue 35). 0: no limit. */
  OVERLOAD_MAX_CONCURRENT: z.coerce.number().int().min(0).max(10_000).default(32),
  /** Milliseconds a computing call waits for its turn (unread behind a busy event loop, or queued past OVERLOAD_MAX_CONCURRENT) before it is refused with 503 and Retry-After. */
  OVERLOAD_MAX_WAIT_MS: z.coerce.number().int().min(1).max(60_000).default(5_000),
  /** Seconds a refused caller is told to wait (Retry-After of the overload 503). */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(2),
  /** API key for GET /metrics from beyond loopback; unset: /metrics answers loopback clients only. */
  METRICS_API_KEY: optionalText,
  /** Days the valuation audit trail is kept; older rows are deleted by the scheduler once a day. */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).default(730),
  /** Worker threads that run portfolio jobs on the embedded database (issue 15); 0: on the main thread. Each thread holds its own copy of the model, sales index and hazard layers. */
  PORTFOLIO_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  /** With DATABASE_URL: whether the server itself also works the portfolio queue (one chunk at a time) beside any `propguard worker` processes. */
  PORTFOLIO_SERVER_WORKER: z.preprocess(emptyToUndefined, z.enum(['on', 'off']).default('on')),
  /** Seconds a worker holds a portfolio chunk before the queue gives it to another (a killed worker's chunk comes back after this). */
  PORTFOLIO_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Seconds between the queue's maintenance runs (which expire leases). */
  PORTFOLIO_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  /**
   * local: no sign-in, every request is the owner of one local workspace (a developer machine only);
   * required: writes and workspace data need a session or an API key. Unset: required, except that
   * while HOST is loopback a request straight from this machine (loopback Host, no proxy header,
   * http/loopback.ts) is the local owner, and the server says so on every start.
   */
  AUTH_MODE: z.preprocess(emptyToUndefined, z.enum(['local', 'required']).optional()),
  /**
   * Whether to believe X-Forwarded-For/-Proto/-Host (the client's address for rate limits and the
   * sign-in throttle, https for the Secure cookie): unset or false: never; true: from any peer; a
   * number: that many proxies in front; else a comma-separated list of the proxies' addresses or
   * CIDRs, or loopback / linklocal / uniquelocal (e.g. loopback for nginx on the same host).
   */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(true|false|\d+|[0-9A-Za-z.:/_-]+(\s*,\s*[0-9A-Za-z.:/_-]+)*)$/, 'must be true, false, a number of proxies, or a comma-separated list of addresses, CIDRs, loopback, linklocal or uniquelocal')
      .optional(),
  ),
  /** A directory each mail message (sign-up confirmation, password reset) is also written to as a file; unset: the console only. */
  MAIL_OUTBOX_DIR: optionalText,
  /** Stripe secret key (sk_test_... or sk_live_...); unset: payments go through the offline test processor. */
  STRIPE_SECRET_KEY: optionalText,
  /** Signing secret of the Stripe webhook endpoint POST /api/billing/webhooks/stripe (whsec_...). */
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Stripe price id of the Professional plan (price_...), used for Checkout Sessions. */
  STRIPE_PRICE_PROFESSIONAL: optionalText,
  /** Base URL of this server as browsers reach it (Stripe redirects back here); unset: http://HOST:PORT. */
  PUBLIC_BASE_URL: optionalUrl,
  /** The seller's name on receipts and invoices (the business that issues them). */
  PROPGUARD_SELLER_NAME: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(200).default('PropGuard')),
  /** The seller's ABN on receipts and invoices (11 digits, spaces allowed, checked with the register's check digits); unset: receipts say "ABN not configured". */
  PROPGUARD_SELLER_ABN: z.preprocess(emptyToUndefined, z.string().refine(isValidAbn, 'must be an ABN: 11 digits (spaces allowed) that pass the Australian Business Register\'s check').transform(formatAbn).optional()),
});

/** Variables whose values are never printed. */
const SECRET_VARIABLES = new Set(['CHAIN_PRIVATE_KEY', 'METRICS_API_KEY', 'FIRMS_MAP_KEY']);

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Connections to the PostgreSQL server at most (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  homeDir: string;
  dataDir: string;
  webDistDir: string;
  valuationModelPath: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  llmBaseUrl: string | undefined;
  chainRpcUrl: string | undefined;
  chainPrivateKey: string | undefined;
  chainExplorerTxUrl: string | undefined;
  chainCallGasCap: bigint;
  chainCallTimeoutMs: number;
  chainCallThreads: number;
  ipfsApiUrl: string | undefined;
  firmsMapKey: string | undefined;
  firmsSource: z.infer<typeof envSchema>['FIRMS_SOURCE'];
  firmsBaseUrl: string;
  satelliteTileUrl: string | undefined;
  compatRateLimitPerMinute: number;
  rateLimitPerMinute: number;
  expensiveRateLimitPerMinute: number;
  /** PUBLIC_ANALYSES_PER_DAY: a signed-out visitor's analyses a day (per client address) in AUTH_MODE=required. */
  publicAnalysesPerDay: number;
  requestTimeoutMs: number;
  slowRequestMs: number;
  /** OVERLOAD_MAX_CONCURRENT, OVERLOAD_MAX_WAIT_MS and OVERLOAD_RETRY_AFTER_SECONDS (plugins/load-shedding.ts). */
  loadShedding: { maxConcurrent: number; maxWaitMs: number; retryAfterSeconds: number };
  metricsApiKey: string | undefined;
  auditRetentionDays: number;
  portfolioThreads: number;
  portfolioServerWorker: boolean;
  portfolioLeaseSeconds: number;
  portfolioQueueMaintenanceSeconds: number;
  /** The mode a request from this machine gets (the banner's); see authModeSource. */
  authMode: 'local' | 'required';
  /** explicit: AUTH_MODE was set and applies to every request; loopback-default: AUTH_MODE is unset and HOST is loopback, so only requests straight from this machine are local (http/loopback.ts). */
  authModeSource: 'explicit' | 'loopback-default' | 'default';
  /** Fastify's trustProxy: false, true, a number of hops or a list of trusted proxy addresses. */
  trustProxy: boolean | number | string[];
  mailOutboxDir: string | undefined;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  stripePriceProfessional: string | undefined;
  publicBaseUrl: string;
  /** The seller on receipts: PROPGUARD_SELLER_NAME and PROPGUARD_SELLER_ABN ("51 824 753 556"; null when unset). */
  seller: { name: string; abn: string | null };
}

/** Hosts that only this machine can reach (http/loopback.ts). */
export { isLoopbackHost };

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim()).filter((part) => part !== '');
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once at start. Throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      // A secret is never echoed, even a malformed one (it may be a real key with a typo).
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message} (got ${SECRET_VARIABLES.has(String(issue.path[0])) ? 'a value that is not shown' : JSON.stringify(env[String(issue.path[0])])})`),
    );
  }
  const vars = parsed.data;
  const resolve = (value: string) => resolveConfigPath(value);
  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl: vars.DATABASE_URL,
    databasePoolMax: vars.DATABASE_POOL_MAX,
    homeDir: resolve(vars.PROPGUARD_HOME),
    dataDir: resolve(vars.PROPGUARD_DATA_PATH),
    webDistDir: resolve(vars.WEB_DIST_PATH),
    valuationModelPath: resolve(vars.VALUATION_MODEL_PATH),
    logLevel: vars.LOG_LEVEL,
    llmBaseUrl: vars.LLM_BASE_URL,
    chainRpcUrl: vars.CHAIN_RPC_URL,
    chainPrivateKey: vars.CHAIN_PRIVATE_KEY,
    chainExplorerTxUrl: vars.CHAIN_EXPLORER_TX_URL,
    chainCallGasCap: BigInt(vars.CHAIN_CALL_GAS_CAP),
    chainCallTimeoutMs: vars.CHAIN_CALL_TIMEOUT_MS,
    chainCallThreads: vars.CHAIN_CALL_THREADS,
    ipfsApiUrl: vars.IPFS_API_URL,
    firmsMapKey: vars.FIRMS_MAP_KEY,
    firmsSource: vars.FIRMS_SOURCE,
    firmsBaseUrl: vars.FIRMS_BASE_URL,
    satelliteTileUrl: vars.SATELLITE_TILE_URL,
    compatRateLimitPerMinute: vars.COMPAT_RATE_LIMIT_PER_MINUTE,
    rateLimitPerMinute: vars.RATE_LIMIT_PER_MINUTE,
    expensiveRateLimitPerMinute: vars.EXPENSIVE_RATE_LIMIT_PER_MINUTE,
    publicAnalysesPerDay: vars.PUBLIC_ANALYSES_PER_DAY,
    requestTimeoutMs: vars.REQUEST_TIMEOUT_MS,
    slowRequestMs: vars.SLOW_REQUEST_MS,
    loadShedding: { maxConcurrent: vars.OVERLOAD_MAX_CONCURRENT, maxWaitMs: vars.OVERLOAD_MAX_WAIT_MS, retryAfterSeconds: vars.OVERLOAD_RETRY_AFTER_SECONDS },
    metricsApiKey: vars.METRICS_API_KEY,
    auditRetentionDays: vars.AUDIT_RETENTION_DAYS,
    portfolioThreads: vars.PORTFOLIO_THREADS,
    portfolioServerWorker: vars.PORTFOLIO_SERVER_WORKER === 'on',
    portfolioLeaseSeconds: vars.PORTFOLIO_LEASE_SECONDS,
    portfolioQueueMaintenanceSeconds: vars.PORTFOLIO_QUEUE_MAINTENANCE_SECONDS,
    authMode: vars.AUTH_MODE ?? (isLoopbackHost(vars.HOST) ? 'local' : 'required'),
    authModeSource: vars.AUTH_MODE ? 'explicit' : isLoopbackHost(vars.HOST) ? 'loopback-default' : 'default',
    trustProxy: parseTrustProxy(vars.TRUST_PROXY),
    mailOutboxDir: vars.MAIL_OUTBOX_DIR === undefined ? undefined : resolve(vars.MAIL_OUTBOX_DIR),
    stripeSecretKey: vars.STRIPE_SECRET_KEY,
    stripeWebhookSecret: vars.STRIPE_WEBHOOK_SECRET,
    stripePriceProfessional: vars.STRIPE_PRICE_PROFESSIONAL,
    publicBaseUrl: (vars.PUBLIC_BASE_URL ?? `http://${vars.HOST.includes(':') ? `[${vars.HOST}]` : vars.HOST}:${vars.PORT}`).replace(/\/$/, ''),
    seller: { name: vars.PROPGUARD_SELLER_NAME, abn: vars.PROPGUARD_SELLER_ABN ?? null },
  };
}

/** Where the hazard data's snapshot is kept (packages/db/src/snapshot.ts, readThroughFileSnapshot): PROPGUARD_HOME/cache. */
export function hazardSnapshotDir(config: Pick<AppConfig, 'homeDir'>): string {
  return join(config.homeDir, 'cache');
}
