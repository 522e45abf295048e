/**
 * The database schema (drizzle). Column names are snake_case and carry their units; every table
 * here is filled by the ingest (packages/db/src/ingest) or by a user import (src/import).
 * Migrations in ../migrations are generated from this file with `npm run generate -w @propguard/db`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Gazetteer localities (Matthew Proctor's postcode database); Delivery Area rows geocode suburbs. */
export const localities = pgTable(
  'localities',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    postcode: text('postcode').notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    altitudeM: doublePrecision('altitude_m'),
    sa2Code2021: text('sa2_code_2021'),
    sa2Name2021: text('sa2_name_2021'),
    lgaName: text('lga_name'),
    /** 'Delivery Area', 'Post Office Boxes', 'LVR' or '' as the gazetteer gives it. */
    type: text('type').notNull(),
    isDeliveryArea: boolean('is_delivery_area').notNull(),
  },
  (table) => [
    uniqueIndex('localities_name_state_postcode_key').on(table.name, table.state, table.postcode),
    index('localities_postcode_idx').on(table.postcode),
  ],
);

/** ABS ASGS 2021 Suburbs and Localities polygons. */
export const suburbs = pgTable(
  'suburbs',
  {
    salCode: text('sal_code').primaryKey(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    areaKm2: doublePrecision('area_km2'),
    bboxMinLng: doublePrecision('bbox_min_lng').notNull(),
    bboxMinLat: doublePrecision('bbox_min_lat').notNull(),
    bboxMaxLng: doublePrecision('bbox_max_lng').notNull(),
    bboxMaxLat: doublePrecision('bbox_max_lat').notNull(),
    geometry: jsonb('geometry').notNull(),
  },
  (table) => [
    index('suburbs_state_name_idx').on(table.state, table.name),
    index('suburbs_bbox_idx').on(table.bboxMinLng, table.bboxMaxLng, table.bboxMinLat, table.bboxMaxLat),
  ],
);

/** One row per distinct street address seen in the sales, with its latest known attributes. */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    /** Upper-cased, whitespace-collapsed "ADDRESS|SUBURB|STATE|POSTCODE" (see address-key.ts). */
    addressKey: text('address_key').notNull(),
    address: text('address').notNull(),
    suburb: text('suburb').notNull(),
    state: text('state'),
    postcode: text('postcode'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    locationPrecision: text('location_precision'),
    propertyType: text('property_type'),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    carSpaces: integer('car_spaces'),
    landSizeM2: doublePrecision('land_size_m2'),
    buildingSizeM2: doublePrecision('building_size_m2'),
    yearBuilt: integer('year_built'),
    saleCount: integer('sale_count').notNull().default(0),
    lastSaleDate: date('last_sale_date', { mode: 'string' }),
    lastPriceAud: bigint('last_price_aud', { mode: 'number' }),
    /** What the address-suggestion search matches against: "12 SMITH ST RICHMOND VIC 3121". */
    searchText: text('search_text').notNull(),
  },
  (table) => [
    uniqueIndex('addresses_address_key_key').on(table.addressKey),
    index('addresses_suburb_postcode_idx').on(table.suburb, table.postcode),
    index('addresses_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
  ],
);

/** Every sale: the bundled data sets and the user's imports, cleaned (docs/data.md). */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    /** Data set id ('melbourne-housing-sales') or 'import:<name>' for a user import. */
    source: text('source').notNull(),
    /** 1-based data row of the source file (the header is row 0). */
    sourceRow: integer('source_row').notNull(),
    address: text('address'),
    addressKey: text('address_key'),
    suburb: text('suburb').notNull(),
    state: text('state'),
    postcode: text('postcode'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** 'address' (the listing's geocode) or 'locality' (placed at the gazetteer's locality point). */
    locationPrecision: text('location_precision'),
    propertyType: text('property_type').notNull(),
    propertyTypeRaw: text('property_type_raw'),
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    carSpaces: integer('car_spaces'),
    landSizeM2: doublePrecision('land_size_m2'),
    buildingSizeM2: doublePrecision('building_size_m2'),
    yearBuilt: integer('year_built'),
    priceAud: bigint('price_aud', { mode: 'number' }),
    saleDate: date('sale_date', { mode: 'string' }).notNull(),
    datePrecision: text('date_precision').notNull(),
    saleMethod: text('sale_method').notNull(),
    saleMethodRaw: text('sale_method_raw'),
    isMarketSale: boolean('is_market_sale').notNull(),
    agency: text('agency'),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    localityId: integer('locality_id').references(() => localities.id, { onDelete: 'set null' }),
    /**
     * The sale's identity where its source re-sends corrected sales (the NSW Valuer General:
     * 'nsw-vg:<property id>|<dealing number>|<strata lot>'); null for sources that do not. One sale
     * per key across the bundled files and imports (ingest/nsw-vg-sales.ts).
     */
    sourceKey: text('source_key'),
    /** When the source issued this version of the sale (NSW VG: the file's download date-time, 'YYYY-MM-DDTHH:MM'); a later version replaces it. */
    sourceVersion: text('source_version'),
  },
  (table) => [
    index('sales_source_idx').on(table.source),
    uniqueIndex('sales_source_key_key').on(table.sourceKey),
    index('sales_state_idx').on(table.state),
    index('sales_suburb_postcode_idx').on(table.suburb, table.postcode),
    index('sales_sale_date_idx').on(table.saleDate),
    index('sales_address_id_idx').on(table.addressId),
    index('sales_locality_id_idx').on(table.localityId),
    index('sales_property_type_idx').on(table.propertyType),
    // Property search (issue 5): suburbs are matched case-insensitively, postcodes alone, cities by a box.
    index('sales_suburb_upper_idx').on(sql`upper(${table.suburb})`, table.saleDate),
    index('sales_postcode_idx').on(table.postcode, table.saleDate),
    index('sales_lat_idx').on(table.lat),
    index('sales_price_idx').on(table.priceAud),
    // Newest sales of a state or a city box: the plain date index walks every other state's later sales first.
    index('sales_state_date_idx').on(table.state, table.saleDate),
  ],
);

/** One row per bundled data set (or import source): what was loaded, from which file version. */
/**
 * Indexes and foreign keys dropped for a first bulk load and not yet made again
 * (ingest/deferred-schema.ts): a load into empty tables inserts without them and makes each once at
 * the end. A row left here by a crash is made at the next start.
 */
export const deferredSchema = pgTable('deferred_schema', {
  name: text('name').primaryKey(),
  kind: text('kind', { enum: ['index', 'foreign key'] }).notNull(),
  tableName: text('table_name').notNull(),
  /** The statement that makes it again: the index's CREATE INDEX, or ALTER TABLE ... ADD CONSTRAINT. */
  definition: text('definition').notNull(),
  deferredAt: timestamp('deferred_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

export const datasetLoads = pgTable('dataset_loads', {
  dataset: text('dataset').primaryKey(),
  /** sha256 of the source file(s), hex; a different checksum means the data set is loaded again. */
  checksum: text('checksum').notNull(),
  /** Version of the cleaning rules that produced the rows (see ingest/ruleset-version.ts). */
  rulesetVersion: integer('ruleset_version').notNull().default(1),
  rowsRead: integer('rows_read').notNull(),
  rowsLoaded: integer('rows_loaded').notNull(),
  rowsRejected: integer('rows_rejected').notNull(),
  rejectedByReason: jsonb('rejected_by_reason').$type<Record<string, number>>().notNull(),
  /** Attribute values set to null by a cleaning rule (the sale itself was kept), by rule. */
  adjustedByRule: jsonb('adjusted_by_rule').$type<Record<string, number>>().notNull().default({}),
  loadedAt: timestamp('loaded_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  durationMs: integer('duration_ms').notNull(),
});

/**
 * Generated valuation reports (issue 8). Written once, never updated: the content hash and the
 * PDF's hash let anyone check a copy against what was issued.
 */
export const reports = pgTable(
  'reports',
  {
    reportId: text('report_id').primaryKey(),
    template: text('template').notNull(),
    title: text('title').notNull(),
    listingId: text('listing_id'),
    address: text('address').notNull(),
    valuationAud: bigint('valuation_aud', { mode: 'number' }).notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true, mode: 'string' }).notNull(),
    generationMs: integer('generation_ms').notNull(),
    modelId: text('model_id').notNull(),
    /** The report's content (reportContentSchema); the hash covers its canonical JSON. */
    content: jsonb('content').notNull(),
    contentHash: text('content_hash').notNull(),
    /** The PDF as issued, base64 (a few tens of kB), so a download is always the same bytes. */
    pdfBase64: text('pdf_base64').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    pdfBytes: integer('pdf_bytes').notNull(),
    pdfPages: integer('pdf_pages').notNull(),
    /** The workspace that generated it (issue 14); null for reports made before workspaces existed (the local workspace's). */
    workspaceId: text('workspace_id'),
  },
  (table) => [index('reports_generated_at_idx').on(table.generatedAt), index('reports_workspace_idx').on(table.workspaceId)],
);

/**
 * Loans assessed by the lending-rules engine (issue 7): the portfolio risk distribution of the
 * APRA Compliance tab counts these. Inputs and the figures the distribution needs, not the borrower.
 */
export const lendingAssessments = pgTable(
  'lending_assessments',
  {
    id: serial('id').primaryKey(),
    assessedAt: timestamp('assessed_at', { withTimezone: true, mode: 'string' }).notNull(),
    address: text('address'),
    valuationAud: bigint('valuation_aud', { mode: 'number' }).notNull(),
    loanAmountAud: bigint('loan_amount_aud', { mode: 'number' }).notNull(),
    lvr: doublePrecision('lvr').notNull(),
    purpose: text('purpose').notNull(),
    repayment: text('repayment').notNull(),
    riskWeight: doublePrecision('risk_weight').notNull(),
    complianceScore: integer('compliance_score').notNull(),
    complianceStatus: text('compliance_status').notNull(),
    riskCategory: text('risk_category').notNull(),
    method: text('method').notNull(),
    /** The workspace that assessed it (issue 14); null: anonymous or before workspaces (the local workspace's). */
    workspaceId: text('workspace_id'),
  },
  (table) => [index('lending_assessments_assessed_at_idx').on(table.assessedAt), index('lending_assessments_workspace_idx').on(table.workspaceId)],
);

/** CPS 230 evidence: one row per dependency per health sample (availability and latency history). */
export const healthChecks = pgTable(
  'health_checks',
  {
    id: serial('id').primaryKey(),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'string' }).notNull(),
    dependency: text('dependency').notNull(),
    status: text('status').notNull(),
    latencyMs: doublePrecision('latency_ms'),
    detail: text('detail').notNull(),
  },
  (table) => [index('health_checks_dependency_checked_at_idx').on(table.dependency, table.checkedAt)],
);

/**
 * Tolerance levels a lender sets per dependency (CPS 230: maximum disruption, minimum service
 * level), one set per workspace (issue 14); those set before workspaces existed are the local workspace's.
 */
export const serviceTolerances = pgTable(
  'service_tolerances',
  {
    workspaceId: text('workspace_id').notNull(),
    dependency: text('dependency').notNull(),
    maxDisruptionMinutes: integer('max_disruption_minutes').notNull(),
    minAvailabilityPct: doublePrecision('min_availability_pct').notNull(),
    maxLatencyMs: integer('max_latency_ms').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.dependency] })],
);

/** Incidents opened automatically when a dependency breaches its tolerance, closed when it recovers. */
export const complianceIncidents = pgTable(
  'compliance_incidents',
  {
    id: serial('id').primaryKey(),
    dependency: text('dependency').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'string' }).notNull(),
    lastBreachAt: timestamp('last_breach_at', { withTimezone: true, mode: 'string' }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'string' }),
    breach: text('breach').notNull(),
    tolerance: jsonb('tolerance').notNull(),
    /** The workspace whose own tolerance was breached; null: PropGuard's default tolerance (seen by every workspace without its own). */
    workspaceId: text('workspace_id'),
  },
  (table) => [index('compliance_incidents_opened_at_idx').on(table.openedAt), index('compliance_incidents_workspace_dependency_idx').on(table.workspaceId, table.dependency)],
);

/** Audit trail of valuations and loan assessments: model version, inputs and data sources. */
export const valuationAudit = pgTable(
  'valuation_audit',
  {
    id: serial('id').primaryKey(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    modelVersion: text('model_version').notNull(),
    inputs: jsonb('inputs').notNull(),
    dataSources: jsonb('data_sources').$type<string[]>().notNull(),
    result: jsonb('result').notNull(),
    /** The workspace whose valuation or assessment this was (issue 14); null: anonymous (public analyses) or before workspaces. */
    workspaceId: text('workspace_id'),
  },
  (table) => [index('valuation_audit_recorded_at_idx').on(table.recordedAt), index('valuation_audit_workspace_idx').on(table.workspaceId)],
);

/**
 * Hazard overlays a deployment imports (issue 18: `propguard import hazard-layer`), e.g. a council's
 * 1% AEP flood extent: one row per layer with its name, licence note and import date.
 */
export const hazardLayers = pgTable('hazard_layers', {
  id: serial('id').primaryKey(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  licenceNote: text('licence_note').notNull(),
  sourceFile: text('source_file').notNull(),
  /** The attribute mapped to a level: 'aep' (%), 'ari' (years), 'depth' (m), or null (extent only). */
  field: text('field'),
  /** The attribute's column name in the source file. */
  sourceField: text('source_field'),
  importedAt: timestamp('imported_at', { withTimezone: true, mode: 'string' }).notNull(),
  /** Features (records) of the source file that hold polygons; one feature may hold several polygons. */
  featureCount: integer('feature_count').notNull(),
});

/**
 * The polygons of an imported layer, with their bounding box (degrees) in indexed columns: the
 * spatial index that finds candidates with range conditions on PGlite and PostgreSQL alike (no
 * PostGIS needed); the server also builds an in-memory R-tree (flatbush) over them at start.
 */
export const hazardLayerFeatures = pgTable(
  'hazard_layer_features',
  {
    id: serial('id').primaryKey(),
    layerId: integer('layer_id')
      .notNull()
      .references(() => hazardLayers.id, { onDelete: 'cascade' }),
    /** The mapped attribute's value (AEP %, ARI years or depth m), null for an extent only. */
    value: doublePrecision('value'),
    /** Polygon rings, each a flat [lng, lat, ...] array, outer ring first. */
    rings: jsonb('rings').$type<number[][]>().notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
  },
  (table) => [index('hazard_layer_features_layer_idx').on(table.layerId), index('hazard_layer_features_bbox_idx').on(table.minLng, table.maxLng, table.minLat, table.maxLat)],
);

/**
 * The embedded certificate chain (issue 16): every mined block with its RLP, its transactions with
 * their receipts, their logs (indexed for eth_getLogs) and the nodes of the state trie. A block and
 * everything it produced are written in one transaction (packages/db/src/chain/chain-store.ts).
 */
export const chainBlocks = pgTable('chain_blocks', {
  number: bigint('number', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull().unique(),
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  /** RLP of the whole block, hex. */
  rlp: text('rlp').notNull(),
});

export const chainTransactions = pgTable(
  'chain_transactions',
  {
    hash: text('hash').primaryKey(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    transactionIndex: integer('transaction_index').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    contractAddress: text('contract_address'),
    /** The signed transaction as sent (hex). */
    raw: text('raw').notNull(),
    status: integer('status').notNull(),
    gasUsed: text('gas_used').notNull(),
    cumulativeGasUsed: text('cumulative_gas_used').notNull(),
    effectiveGasPriceWei: text('effective_gas_price_wei').notNull(),
    logsBloom: text('logs_bloom').notNull(),
  },
  (table) => [index('chain_transactions_block_idx').on(table.blockNumber, table.transactionIndex)],
);

export const chainLogs = pgTable(
  'chain_logs',
  {
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    blockHash: text('block_hash').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    transactionIndex: integer('transaction_index').notNull(),
    address: text('address').notNull(),
    topic0: text('topic0'),
    topic1: text('topic1'),
    topic2: text('topic2'),
    topic3: text('topic3'),
    data: text('data').notNull(),
  },
  (table) => [
    uniqueIndex('chain_logs_block_log_idx').on(table.blockNumber, table.logIndex),
    index('chain_logs_address_block_idx').on(table.address, table.blockNumber),
    index('chain_logs_topic0_idx').on(table.topic0),
  ],
);

/** State trie nodes by key (hex); content-addressed and never deleted. */
export const chainStateNodes = pgTable('chain_state_nodes', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Facts about the chains the server uses: the certificate contract's address per chain id. */
export const chainSettings = pgTable('chain_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
});

/** Content-addressed objects served at /ipfs/{cid}: certificate metadata as dag-json. */
export const ipfsObjects = pgTable('ipfs_objects', {
  cid: text('cid').primaryKey(),
  codec: text('codec').notNull(),
  /** The encoded bytes, base64. */
  bytesBase64: text('bytes_base64').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull(),
});

/**
 * Who owns each certificate (issue 14): the workspace whose report it certifies. The chain is
 * public (anyone may verify a token); this table decides which workspace lists it. Tokens minted
 * before this table existed have no row and belong to the local workspace.
 */
export const certificates = pgTable(
  'certificates',
  {
    contractAddress: text('contract_address').notNull(),
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    workspaceId: text('workspace_id').notNull(),
    reportId: text('report_id').notNull(),
    transactionHash: text('transaction_hash').notNull(),
    mintedAt: timestamp('minted_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.contractAddress, table.tokenId] }), index('certificates_workspace_idx').on(table.workspaceId)],
);

export * from './accounts/accounts-schema.ts';
export * from './portfolio/portfolio-schema.ts';
import * as portfolioTables from './portfolio/portfolio-schema.ts';
import * as accountTables from './accounts/accounts-schema.ts';

export const schema = { localities, suburbs, addresses, sales, datasetLoads, reports, lendingAssessments, healthChecks, serviceTolerances, complianceIncidents, valuationAudit, hazardLayers, hazardLayerFeatures, chainBlocks, chainTransactions, chainLogs, chainStateNodes, chainSettings, ipfsObjects, certificates, ...accountTables, ...portfolioTables };
export type Schema = typeof schema;
