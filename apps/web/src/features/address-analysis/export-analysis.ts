import { formatLocality, formatPlaceName, toCsv, type CsvCell, type ValuationResult } from '@propguard/schemas';

/** "123 Collins Street, Melbourne VIC 3000" -> "123-collins-street-melbourne-vic-3000-analysis". */
export function getExportFileBase(address: string | null): string {
  const slug = (address ?? '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 80);
  return `${slug === '' ? 'property' : slug}-analysis`;
}

type CsvRow = [section: string, name: string, value: CsvCell];

/**
 * The analysis as a long CSV with the columns section,name,value: one row per figure, so that the
 * summary, the factors, every comparable and every timeline point fit one rectangular table.
 */
export function toAnalysisCsv(valuation: ValuationResult): string {
  const { property } = valuation;
  const rows: CsvRow[] = [
    ['summary', 'address', formatPlaceName(property.address)],
    ['summary', 'suburb', formatPlaceName(property.suburb)],
    ['summary', 'state', property.state],
    ['summary', 'postcode', property.postcode],
    ['summary', 'lat', property.lat],
    ['summary', 'lng', property.lng],
    ['summary', 'property_type', property.attributes.propertyType],
    ['summary', 'bedrooms', property.attributes.bedrooms],
    ['summary', 'bathrooms', property.attributes.bathrooms],
    ['summary', 'car_spaces', property.attributes.carSpaces],
    ['summary', 'land_size_m2', property.attributes.landSizeM2],
    ['summary', 'estimate_aud', valuation.estimate],
    ['summary', 'low_aud', valuation.low],
    ['summary', 'high_aud', valuation.high],
    ['summary', 'confidence_percent', valuation.confidence],
    ['summary', 'confidence_level', valuation.confidenceLevel],
    ['summary', 'fsd_percent', valuation.fsdPct],
    ['summary', 'as_at', valuation.asAt],
    ['summary', 'carried_forward', valuation.carryForward?.summary ?? ''],
    ['summary', 'model_id', valuation.model.id],
    ['summary', 'data_source', valuation.dataSource],
    ...valuation.assumed.map((assumption): CsvRow => ['assumed', 'input', assumption]),
    ['breakdown', 'land_aud', valuation.breakdown.landAud],
    ['breakdown', 'building_aud', valuation.breakdown.buildingAud],
    ['breakdown', 'intangible_aud', valuation.breakdown.intangibleAud],
    ['breakdown', 'method', valuation.breakdown.method],
    ...valuation.factors.map((factor): CsvRow => ['factor', factor.label, factor.contributionAud]),
  ];
  valuation.comparables.forEach((sale, index) => {
    const section = `comparable ${index + 1}`;
    rows.push(
      [section, 'address', formatPlaceName(sale.address) ?? formatLocality(sale)],
      [section, 'sale_date', sale.saleDate],
      [section, 'distance_km', sale.distanceKm],
      [section, 'price_aud', sale.priceAud],
      [section, 'time_adjusted_price_aud', sale.timeAdjustedPriceAud],
      [section, 'similarity', sale.similarity],
    );
    // A sale of the other kind (a unit for a house): the price it was compared at, and why.
    if (!sale.isSameKind) rows.push([section, 'kind_adjusted_price_aud', sale.kindAdjustedPriceAud], [section, 'kind_adjustment', sale.kindAdjustment ?? '']);
  });
  for (const point of valuation.timeline) {
    const section = `timeline ${point.date}`;
    rows.push([section, 'valuation_aud', point.valuationAud], [section, 'low_aud', point.lowAud], [section, 'high_aud', point.highAud], [section, 'confidence_percent', point.confidence]);
  }
  // The one CSV writer (RFC 4180 line endings for spreadsheets); it neutralises formula text.
  return toCsv([['section', 'name', 'value'], ...rows], { lineEnding: '\r\n' });
}

export function toAnalysisJson(valuation: ValuationResult): string {
  return `${JSON.stringify(valuation, null, 2)}\n`;
}
