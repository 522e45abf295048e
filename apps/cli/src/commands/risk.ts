/**
 * `propguard risk`: the six hazards at a point or for every row of a CSV (issue 4).
 *   propguard risk --lat LAT --lng LNG [--year YEAR] [--scenario low|high]   prints the report as JSON
 *   propguard risk --csv IN --out OUT [--year YEAR] [--scenario low|high]    rows id,lat,lng
 * The CSV output repeats each input row (extra columns pass through) and appends the six scores
 * (flood, fire, coastal, subsidence, cyclone, earthquake), `levels` ("flood:High;fire:Low;...")
 * and `error`; a bad row gets an error and empty scores, never a crash. The hazard data are loaded
 * once (PROPGUARD_DATA_PATH); no database is needed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadHazardData } from '@propguard/db';
import { assessHazards, buildHazardContext, type HazardContext } from '@propguard/engines';
import { AppError, HAZARD_IDS, HAZARD_YEAR_MAX, HAZARD_YEAR_MIN, hazardRequestSchema, toCsv, type ClimateScenario } from '@propguard/schemas';
import { parseCsv } from './value-csv.ts';

export const RISK_OUTPUT_COLUMNS = [...HAZARD_IDS, 'levels', 'error'] as const;

export interface RiskOptions {
  lat?: string;
  lng?: string;
  csv?: string;
  out?: string;
  year: string;
  scenario: string;
}

/** Scenario and year from the command line, validated. */
export function parseRiskSettings(options: Pick<RiskOptions, 'year' | 'scenario'>): { scenario: ClimateScenario; year: number } {
  const year = Number(options.year);
  if (!Number.isInteger(year) || year < HAZARD_YEAR_MIN || year > HAZARD_YEAR_MAX) {
    throw new AppError('VALIDATION_ERROR', `--year must be a whole year from ${HAZARD_YEAR_MIN} to ${HAZARD_YEAR_MAX}, got "${options.year}"`, { field: 'year' });
  }
  if (options.scenario !== 'low' && options.scenario !== 'high') {
    throw new AppError('VALIDATION_ERROR', `--scenario must be low or high, got "${options.scenario}"`, { field: 'scenario' });
  }
  return { scenario: options.scenario, year };
}

/** Parses one point, with the API's bounds (hazardRequestSchema); returns an error text when bad. */
function parsePoint(latText: string, lngText: string): { lat: number; lng: number } | { error: string } {
  const lat = latText.trim() === '' ? NaN : Number(latText);
  const lng = lngText.trim() === '' ? NaN : Number(lngText);
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return { error: `lat and lng must be numbers, got "${latText}", "${lngText}"` };
  const parsed = hazardRequestSchema.safeParse({ lat, lng });
  if (!parsed.success) return { error: `lat/lng outside Australia (lat -44 to -9, lng 112 to 154): ${lat}, ${lng}` };
  return { lat, lng };
}

/** Assesses every row of a CSV text (columns id,lat,lng; others pass through). */
export function riskCsvText(input: string, context: HazardContext, scenario: ClimateScenario, year: number): { output: string; rows: number; failed: number } {
  const table = parseCsv(input.replace(/^\uFEFF/, ''));
  if (table.length === 0) return { output: toCsv([[...RISK_OUTPUT_COLUMNS]]), rows: 0, failed: 0 };
  const header = table[0]!.map((name) => name.trim());
  const normalised = header.map((name) => name.toLowerCase());
  const latColumn = normalised.indexOf('lat');
  const lngColumn = normalised.indexOf('lng');
  const outputHeader = [...header, ...RISK_OUTPUT_COLUMNS.filter((column) => !normalised.includes(column))];
  const lines: string[][] = [outputHeader];
  let failed = 0;
  for (const cells of table.slice(1)) {
    const appended: Record<string, string> = Object.fromEntries(RISK_OUTPUT_COLUMNS.map((column) => [column, '']));
    try {
      const point = latColumn < 0 || lngColumn < 0 ? { error: 'the CSV needs lat and lng columns' } : parsePoint(cells[latColumn] ?? '', cells[lngColumn] ?? '');
      if ('error' in point) throw new Error(point.error);
      const report = assessHazards(point, context, scenario, year);
      for (const assessment of report.assessments) appended[assessment.hazard] = assessment.hasData ? String(assessment.score) : '';
      appended.levels = report.assessments.map((assessment) => `${assessment.hazard}:${assessment.hasData ? assessment.level : 'no data'}`).join(';');
    } catch (error) {
      failed += 1;
      appended.error = (error as Error).message;
    }
    const out = outputHeader.map((name, column) => (column < header.length ? (cells[column] ?? '') : appended[name]!));
    lines.push(out);
  }
  return { output: toCsv(lines), rows: table.length - 1, failed };
}

export async function runRisk(options: RiskOptions, dataDir: string, print: (line: string) => void): Promise<number> {
  const { scenario, year } = parseRiskSettings(options);
  const isCsv = options.csv !== undefined || options.out !== undefined;
  const isPoint = options.lat !== undefined || options.lng !== undefined;
  if (isCsv === isPoint) throw new AppError('VALIDATION_ERROR', 'give either --lat and --lng, or --csv and --out', { field: isCsv ? 'csv' : 'lat' });
  let point: { lat: number; lng: number } | null = null;
  if (isPoint) {
    const parsed = parsePoint(options.lat ?? '', options.lng ?? '');
    if ('error' in parsed) throw new AppError('VALIDATION_ERROR', parsed.error, { field: 'lat' });
    point = parsed;
  } else if (!options.csv || !options.out) {
    throw new AppError('VALIDATION_ERROR', '--csv and --out go together', { field: options.csv ? 'out' : 'csv' });
  }
  const startedAt = performance.now();
  const context = buildHazardContext(await loadHazardData(dataDir));
  const loadedAt = performance.now();
  if (point) {
    print(JSON.stringify(assessHazards(point, context, scenario, year), null, 2));
    return 0;
  }
  const { output, rows, failed } = riskCsvText(readFileSync(options.csv!, 'utf8'), context, scenario, year);
  writeFileSync(options.out!, output);
  const seconds = (performance.now() - loadedAt) / 1000;
  print(
    `Assessed ${(rows - failed).toLocaleString('en-AU')} of ${rows.toLocaleString('en-AU')} rows (${failed} with an error) for ${scenario} emissions in ${year} in ${seconds.toFixed(2)} s ` +
      `(hazard data loaded in ${((loadedAt - startedAt) / 1000).toFixed(1)} s) -> ${options.out}`,
  );
  return 0;
}
