/**
 * @propguard/engines: the pure domain code of PropGuard (valuation inference, hazards, market
 * maths, lending rules, report content). Every function takes its inputs, reference tables and
 * dates as arguments and returns a result; nothing here does I/O, reads the environment or the
 * clock (enforced by eslint.config.js and scripts/test/architecture.test.ts).
 *
 * The engines arrive with their issues (valuation, hazards, market, lending rules).
 */
export const ENGINES_PACKAGE = '@propguard/engines';
export { parseAddress, normaliseAddressText, streetLineKey, canonicalUnitForm, type ParsedAddress } from './address/parse-address.ts';
export { pickAddressMatch, pickAddressNear, ADDRESS_NEAR_COORDINATES_KM, type AddressLike } from './address/match-address.ts';

export type { IndexedSale, SubjectProperty } from './valuation/types.ts';
export { packSalesAndIndex, unpackSalesAndIndex, type PackedSalesAndIndex } from './valuation/sales-index-pack.ts';
export { buildSalesIndex, compareSales, findNearestEarlierSales, firstGapStart, withMarketIndexRefitted, addressKey, streetNameKey, timeAdjustment, indexLevelAt, monthNumber, segmentOf, type SalesIndex, type BuildSalesIndexOptions } from './valuation/sales-index.ts';
export { asAtAssumption, resolveAsAt, formatLongDate, MARKET_CITY, type MarketAsAt, type AsAtPlace } from './valuation/as-at.ts';
export {
  parseAbsMedianTable,
  buildMarketMovement,
  smoothLogLevels,
  absRegionOf,
  carryForward,
  carrySigmaAt,
  rangeScaleAt,
  regionMedianOf,
  dwellingKindOf,
  evidenceLevelOf,
  fsdMultiplierAt,
  seriesName,
  carryForwardCalibrationSchema,
  ABS_REGIONS,
  ABS_SOURCE,
  ABS_SMOOTHING,
  EVIDENCE_LEVELS,
  NEAR_EVIDENCE_KM,
  type AbsSeries,
  type AbsQuarter,
  type MarketMovement,
  type CarryForward,
  type CarryForwardCalibration,
  type DwellingKind,
  type EvidenceLevel,
  type RegionMedian,
} from './valuation/market-movement.ts';
export { buildSuburbMovement, suburbCarry, VIC_LOCALITY_SOURCE, PRELIMINARY_MONTHS, MIN_LOCALITY_YEARS, type LocalityMedian, type SuburbMovement, type SuburbCarry, type SuburbCarryMethod } from './valuation/suburb-movement.ts';
export {
  anchorOnOwnSale,
  describePreviousSale,
  findOwnSale,
  findOwnSaleEvidence,
  findOwnSaleRecords,
  findPreviousSale,
  weighOwnSale,
  ageInMonths,
  OWN_SALE_WINDOW_MONTHS,
  OWN_SALE_MAX_WEIGHT,
  OWN_SALE_FULL_WEIGHT_MONTHS,
  NON_MARKET_MAX_WEIGHT,
  OWN_SALE_DEVIATION_LIMIT,
  OWN_SALE_DEVIATION_FACTOR,
  OWN_SALE_SETTINGS,
  type OwnSaleSettings,
  type OwnSaleAnchor,
  type OwnSaleDiscount,
  type OwnSaleEvidence,
  type PreviousSale,
  type PreviousSaleFeature,
} from './valuation/own-sale.ts';
export { parseValuationModel, valuationModelSchema, type ValuationModel, type ValuationModelArtifact, type AccuracyRow } from './valuation/model.ts';
export { valueProperty, valuePoint, filledRangeScale, filledScaleOf, describeFilledRange, confidenceFrom, carryRange, fsdPercent, describeCarryForward, FSD_LEVELS, comparableSimilarity, kindPriceRatio, localLandRate, type PropertyValuation, type ValuePropertyOptions, type PointValuation } from './valuation/value-property.ts';
export { describeAttributeBasis } from './valuation/attribute-basis.ts';
export { buildTypicalAttributesTable, fillFromTypical, typicalOf, typicalAttributesKey, unrecordedFields, TYPICAL_ATTRIBUTE_KEYS, TYPICAL_MIN_SHARE, type TypicalAttributes, type TypicalAttributesTable, type TypicalAttributeKey, type TypicalFill } from './valuation/typical-attributes.ts';
export { sanitiseGivenAttributes, MAX_LAND_SIZE_M2, MIN_BUILDING_SIZE_M2, MAX_BUILDING_SIZE_M2, MIN_YEAR_BUILT, MAX_ROOM_COUNT, YEAR_BUILT_AFTER_DATE_YEARS, type GivenAttributeValues } from './valuation/given-attributes.ts';
export { whyNoEstimate, valueOrRefuse, describeNoEstimate, describeRegionMedian, noEstimateError, regionMedianInfo, MAX_EVIDENCE_KM, type NoEstimate } from './valuation/no-estimate.ts';
export { trainGbm, predictGbm, explainGbm, DEFAULT_GBM_PARAMS, type GbmModel, type GbmParams, type GbmTree, type GbmDataset } from './valuation/gbm.ts';
export { createPrng } from './valuation/prng.ts';
export { FEATURE_NAMES } from './valuation/features.ts';
export {
  prepareRows,
  assignSplits,
  fitValuationModel,
  calibrateFilledRange,
  evaluateHoldouts,
  isHoldoutSplit,
  isHeldOutProperty,
  isWithheldFromRefits,
  evaluatePropertyHoldout,
  PROPERTY_HOLDOUT_LINE,
  formatAccuracyTable,
  VALUATION_GBM_PARAMS,
  CITY_BY_STATE,
  type PreparedRows,
  type SplitName,
} from './valuation/train.ts';
export { accuracyGoalOf, accuracyTargetsOf, NSW_VG_ACCURACY_TARGETS, VALUATION_ACCURACY_TARGETS, VALUATION_REFERENCE_ACCURACY, type AccuracyGoal, type AccuracyTargets, type MeasuredAccuracy } from './valuation/accuracy-targets.ts';

export * from './hazards/index.ts';
export { parseSearchLocation, describeLocation, marketLocationOf, CAPITAL_CITIES, CITY_RADIUS_KM, type SearchLocation } from './realty/parse-search-location.ts';
export { canonicalJson } from './reports/canonical-json.ts';
export { buildReportContent, type ReportInput } from './reports/build-report-content.ts';
export { certificateHowToVerify, certificateRows, lendingFigureRows, marketFigureRows, renderReportText, reportFileName, type ReportCertificateSummary } from './reports/render-report-text.ts';
export type { MarketSale } from './market/types.ts';
export { monthOf, monthLabel, medianOf, yearBefore } from './market/types.ts';
export { fitQualityIndex, meanLogLevel, DEFAULT_QUALITY_INDEX_PARAMS, type QualityIndex, type QualityIndexParams } from './market/quality-index.ts';
export { analyseMarket, indexGrowth, scoreMarketSentiment, CLEARED_METHODS, NOT_CLEARED_METHODS, MARKET_THRESHOLDS, SENTIMENT_WEIGHTS, type AnalyseMarketInput } from './market/analyse-market.ts';
export { computeInvestmentMetrics, findRent, rentDwellingType, suburbsOfGroup, annualDebtService, DEFAULT_LOAN, INVESTMENT_ASSUMPTIONS, type RentRow, type RentLookup } from './market/investment-metrics.ts';
export { chooseRentQuery, cityOfSales, marketGroupOf, mostCommon } from './market/market-place.ts';
export { analysePropertySentiment, PROPERTY_LEXICON } from './market/property-sentiment.ts';
export { extractNumbers, isSummaryFaithful } from './market/summary-check.ts';
export * from './lending/index.ts';
export * from './compliance/index.ts';
export { classifyPriceTrend, classifyMarketHeat, classifySentimentTrend, classifySupplyDemand, describeSupplyDemand, type GrowthEstimate } from './market/market-labels.ts';
export { breachOf, incidentClocks, availabilityPct, CPS230_CLOCKS, DEFAULT_TOLERANCE, type Tolerance, type DependencySample, type IncidentClocks } from './compliance/cps230.ts';
export { parseCommand, parseMoneyAud, ASSISTANT_EXAMPLES, type AssistantCommand } from './compat/parse-command.ts';
export {
  presentEnhancedAnalysis,
  presentMarketIntelligence,
  rateMarketRisk,
  writeRiskExplanation,
  writeInsights,
  writeAnalysisSummary,
  factsOfComprehensive,
  summariseAnalysis,
  type EnhancedAnalysisInput,
  type ComprehensiveInput,
} from './compat/present.ts';
export { choosePlace, type PlaceCandidate, type PlaceChoice } from './realty/choose-place.ts';
export * from './accounts/index.ts';
export * from './billing/index.ts';
export * from './portfolio/index.ts';
export * from './portfolio-stress/index.ts';
