/** @propguard/db: the schema, migrations, ingest and typed queries (the only code that knows SQL). */
export { openDatabase, maskDatabaseUrl, MIGRATIONS_DIR, withTransaction } from './open-database.ts';
export { ensurePgliteTemplate, PGLITE_TEMPLATE_DIR, PGLITE_TEMPLATE_ENV } from './pglite-template.ts';
export { parseCopyText } from './copy-text.ts';
export type { Database, DatabaseKind, DrizzleDatabase, OpenDatabaseOptions } from './open-database.ts';
export { buildDeferredSchema, ensureDataLoaded } from './ingest/ensure-data-loaded.ts';
export type { DatasetLoadReport, EnsureDataLoadedOptions, IngestProgressEvent, IngestReport } from './ingest/ensure-data-loaded.ts';
export { BUNDLED_DATASETS } from './ingest/bundled-datasets.ts';
export { getDataSummary } from './get-data-summary.ts';
export { listSales } from './list-sales.ts';
export { importSales, IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS } from './import/import-sales.ts';
export type { ImportField, ImportRejection, ImportReport, ImportSalesOptions } from './import/import-sales.ts';
export { importNswVg } from './import/import-nsw-vg.ts';
export type { ImportNswVgOptions, ImportNswVgReport } from './import/import-nsw-vg.ts';
export { NSW_VG_DATASET, NSW_VG_IMPORT_SOURCE } from './ingest/parse-nsw-vg-dat.ts';
export * as tables from './schema.ts';
export { loadIndexedSales, loadSalesAndIndex, startSalesIndexSnapshot, startSalesIndexThread, type SalesIndexThread } from './valuation/load-indexed-sales.ts';
export { loadMarketMovement, carryForwardCalibrationPath, ABS_MEDIANS_FILE, CARRY_FORWARD_CALIBRATION_FILE } from './valuation/load-market-movement.ts';
export { findAddressCandidates, findLocality, findNearestLocality, findLocalityIn, findNearestLocalityIn, loadAddressCandidates, loadLocalityTable } from './valuation/resolve-location.ts';
export type { AddressCandidate, LocalityMatch, LocalityTable } from './valuation/resolve-location.ts';
export { addressBookKey, loadAddressBook, resolveDatedSubject, resolveSubject, toSubjectProperty } from './valuation/resolve-subject.ts';
export type { DatedSubject, LoadedRecords, ResolvedLocation, ResolvedSubject, SubjectLookups, SubjectRequest } from './valuation/resolve-subject.ts';
export { loadHazardData, HAZARD_DATA_FILES, HazardDataMissingError, type LoadHazardDataOptions } from './hazards/load-hazard-data.ts';
export { warmHazardSnapshot } from './hazards/warm-hazard-snapshot.ts';
export { flushSnapshotWrites, holdSnapshotWrites } from './snapshot.ts';
export { loadKnownFloodPlaces, loadKnownEarthquakePlaces, KNOWN_FLOOD_PLACES_FILE, KNOWN_EARTHQUAKE_PLACES_FILE, type KnownFloodPlace, type KnownEarthquakePlace } from './hazards/load-known-places.ts';
export { importHazardLayer, listHazardLayers, removeHazardLayer, loadFloodLayers, findHazardLayersAt, readHazardLayerFile, readHazardLayerBytes, HAZARD_LAYER_KINDS, FLOOD_LAYER_FIELDS } from './hazards/hazard-layers.ts';
export type { HazardLayerKind, HazardLayerSummary, ImportHazardLayerOptions } from './hazards/hazard-layers.ts';
export { searchSales, getSaleListing, listSalesOfProperty, PASSED_IN_METHODS, SEARCH_TOTAL_CAP } from './realty/search-sales.ts';
export type { SalesSearchFilter, SaleListingRow } from './realty/search-sales.ts';
export { insertReport, findReport, findReportHashes, listReports, summariseReports, getDataVersions, type ReportRow, type NewReportRow, type ReportScope } from './reports/report-store.ts';
export { loadMarketSales, loadVicRents, loadVicLocalityMedians, countSuburbSalesByState, VIC_RENTS_FILE, VIC_MEDIANS_FILE } from './market/load-market-sales.ts';
export { loadAddressSearchEntries, getAddressRecord, getLocalityRecord } from './address-search/address-search-entries.ts';
export type { AddressSearchEntry, AddressRecord, LocalityRecord } from './address-search/address-search-entries.ts';
export {
  insertLendingAssessment,
  getPortfolioDistribution,
  insertHealthChecks,
  deleteHealthChecksBefore,
  summariseHealthHistory,
  latestHealthChecks,
  listTolerances,
  upsertTolerance,
  findOpenIncident,
  openIncident,
  touchIncident,
  resolveIncident,
  listIncidents,
  insertValuationAudit,
  listValuationAudit,
  deleteValuationAuditBefore,
  type ComplianceIncidentRow,
  type HealthCheckRow,
  type ServiceToleranceRow,
  type ValuationAuditRow,
  type WorkspaceScope,
} from './compliance/compliance-store.ts';
export { backupDatabase, restoreDatabase, backupKindOf, type BackupKind, type BackupMinterKey, type BackupSecrets, type RestoredMinterKey } from './backup.ts';
export { backupEnvFields, minterKeyEnvFields, REPO_ROOT, resolveConfigPath, storageEnvFields, DEFAULT_POOL_MAX } from './storage-config.ts';
export { DatabaseChainStore, getChainSetting, setChainSetting, putIpfsObject, getIpfsObject } from './chain/chain-store.ts';
export { findCertificateOwners, insertCertificateOwner, isCertificateVisible, visibleCertificateTokens, type CertificateOwnerRow } from './chain/certificates-store.ts';
export * from './accounts/accounts-store.ts';
export * from './portfolio/portfolio-store.ts';
export * from './portfolio-stress/stress-rows.ts';
