// Climate Metrics filled from the data we hold (issue 33, item 4): for a property's NCRA region and
// the chosen scenario and year, each figure equals the bundled source rows (data/acs-ncra-*), read
// here straight from the CSV files, not through the engine's loader.
import { beforeAll, describe, expect, it } from 'vitest';
import { climateDashboardSchema, CLIMATE_METRIC_IDS, type ClimateMetric, type ClimateScenario } from '@propguard/schemas';
import { buildClimateDashboard, buildHazardContext, climateMetricsAt, globalWarmingLevelC, locateSite, seaLevelRiseM, type HazardContext } from '@propguard/engines';
import { loadHazardData } from '../src/index.ts';
import { readCsvRows, resolveDataFile } from '../src/ingest/read-source-file.ts';

const DATA_DIR = new URL('../../../data', import.meta.url).pathname;
const PLACES = {
  sydney: { lat: -33.8688, lng: 151.2093, region: 'NSW' },
  melbourne: { lat: -37.8136, lng: 144.9631, region: 'VIC' },
  kalgoorlie: { lat: -30.7489, lng: 121.4658, region: 'WASouth' },
} as const;

type SourceRow = { median: number; min: number; max: number };
let context: HazardContext;
/** `${metric}|${table}|${region}|${gwl}` -> the source row. */
const ncra = new Map<string, SourceRow>();
/** `${threshold}|${region}|${gwl}` -> p10, p50, p90. */
const ffdi = new Map<string, { p10: number; p50: number; p90: number }>();
/** Storm-tide points at SLR 0 with a level. */
const tidePoints: { lat: number; lng: number; swl: number }[] = [];

async function rowsOf(relativePath: string): Promise<Record<string, string>[]> {
  const rows: Record<string, string>[] = [];
  for await (const row of readCsvRows(resolveDataFile(DATA_DIR, relativePath)!)) rows.push(row);
  return rows;
}

beforeAll(async () => {
  context = buildHazardContext(await loadHazardData(DATA_DIR));
  for (const row of await rowsOf('acs-ncra-climate-hazard-projections/ncra_region_hazard_metrics_by_gwl.csv')) {
    ncra.set(`${row.metric}|${row.table}|${row.region_abbrev}|${Number(row.gwl).toFixed(1)}`, { median: Number(row.median), min: Number(row.min), max: Number(row.max) });
  }
  for (const row of await rowsOf('acs-ncra-climate-hazard-projections/ffdi_threshold_days_change_by_gwl.csv')) {
    ffdi.set(`${row.metric}|${row.region_abbrev}|${Number(row.gwl).toFixed(1)}`, { p10: Number(row.p10), p50: Number(row.p50), p90: Number(row.p90) });
  }
  for (const row of await rowsOf('acs-ncra-coastal-extreme-sea-levels/acssh_coastal_points_aep1pc_and_mf_by_slr.csv')) {
    if (Number(row.slr_m) === 0 && row.swl_aep1pc_m !== 'NA' && row.swl_aep1pc_m !== '') tidePoints.push({ lat: Number(row.latitude), lng: Number(row.longitude), swl: Number(row.swl_aep1pc_m) });
  }
}, 120_000);

function metricsOf(place: keyof typeof PLACES, scenario: ClimateScenario, year: number): Map<ClimateMetric['id'], ClimateMetric> {
  const site = locateSite(PLACES[place], context);
  expect(site.region?.id).toBe(PLACES[place].region);
  return new Map(climateMetricsAt(site, context, scenario, year).map((metric) => [metric.id, metric]));
}

function source(metric: string, table: 'average' | 'change', region: string, gwl: number): SourceRow {
  const row = ncra.get(`${metric}|${table}|${region}|${gwl.toFixed(1)}`);
  if (!row) throw new Error(`no source row ${metric} ${table} ${region} ${gwl}`);
  return row;
}

describe('Climate Metrics against the ACS/NCRA source rows', () => {
  for (const place of ['sydney', 'melbourne'] as const) {
    const region = PLACES[place].region;
    it(`${place} (${region}) in 2030, GWL 1.5 °C under either scenario: each figure is its source row`, () => {
      for (const scenario of ['low', 'high'] as const) {
        expect(globalWarmingLevelC(scenario, 2030)).toBe(1.5);
        const metrics = metricsOf(place, scenario, 2030);
        const expectLevel = (id: ClimateMetric['id'], metric: string, digits: number) => {
          const row = source(metric, 'average', region, 1.5);
          const today = source(metric, 'average', region, 1.2);
          expect(metrics.get(id)).toMatchObject({ value: row.median, range: { low: row.min, high: row.max }, today: today.median, isChange: false });
          expect(metrics.get(id)!.value).toBeCloseTo(row.median, digits);
        };
        expectLevel('temperature', 'TGm', 1);
        expectLevel('hotDays', 'TXge35', 0);
        expectLevel('heatwaveDays', 'HW_sev_ext', 0);
        expectLevel('drought', 'SPI3', 1);
        const rx1d = source('RX1D', 'change', region, 1.5);
        expect(metrics.get('wettestDay')).toMatchObject({ value: rx1d.median, range: { low: rx1d.min, high: rx1d.max }, unit: '%', isChange: true });
        const fire = ffdi.get(`FFDI_gt50_days|${region}|1.5`)!;
        expect(metrics.get('fireWeather')).toMatchObject({ value: Math.round(fire.p50 * 10) / 10, range: { low: Math.round(fire.p10 * 10) / 10, high: Math.round(fire.p90 * 10) / 10 }, unit: 'days/yr', isChange: true });
        for (const metric of metrics.values()) {
          expect(metric.source.length).toBeGreaterThan(10);
          expect(metric.scenario).toContain('2030');
        }
        expect(metrics.get('hotDays')!.scenario).toContain(scenario === 'high' ? 'SSP3-7.0' : 'SSP1-2.6');
      }
    });

    it(`${place}: 2050 under high emissions (GWL 2.1 °C) lies a tenth of the way from the 2.0 °C row to the 3.0 °C row; 2090 (3.6 °C) continues that slope`, () => {
      const at = (gwl: number, lower: number, upper: number) => {
        const a = source('TXge35', 'average', region, lower).median;
        const b = source('TXge35', 'average', region, upper).median;
        return Math.round(a + ((b - a) * (gwl - lower)) / (upper - lower));
      };
      expect(metricsOf(place, 'high', 2050).get('hotDays')!.value).toBe(at(2.1, 2.0, 3.0));
      const late = metricsOf(place, 'high', 2090).get('hotDays')!;
      expect(late.value).toBe(at(3.6, 2.0, 3.0));
      expect(late.detail).toMatch(/extrapolated past the 3.0 °C level/);
    });

    it(`${place} today (2025, GWL 1.2 °C): the changes are zero and the levels are the 1.2 rows`, () => {
      const metrics = metricsOf(place, 'high', 2025);
      expect(metrics.get('hotDays')!.value).toBe(source('TXge35', 'average', region, 1.2).median);
      expect(metrics.get('wettestDay')!.value).toBe(0);
      expect(metrics.get('fireWeather')!.value).toBe(0);
    });
  }

  it('storm tide: the nearest ACS coastal point with a level, plus the year\'s sea-level rise; sea-level rise is the IPCC median', () => {
    for (const place of ['sydney', 'melbourne'] as const) {
      const metrics = metricsOf(place, 'high', 2050);
      const { lat, lng } = PLACES[place];
      const distance = (point: { lat: number; lng: number }) => Math.hypot(point.lat - lat, (point.lng - lng) * Math.cos((lat * Math.PI) / 180));
      const nearest = tidePoints.reduce((best, point) => (distance(point) < distance(best) ? point : best));
      const slr = seaLevelRiseM(context, 'high', 2050);
      expect(metrics.get('stormTide')).toMatchObject({ value: Math.round((nearest.swl + slr) * 100) / 100, unit: 'm', isChange: false });
      expect(metrics.get('seaLevelRise')).toMatchObject({ value: Math.round(slr * 100) / 100, unit: 'm', isChange: true });
    }
  });

  it('shows only the figures it holds: no storm tide 400 km inland, no humidity anywhere, and names the missing once', () => {
    const inland = metricsOf('kalgoorlie', 'high', 2050);
    expect(inland.has('stormTide')).toBe(false);
    expect(inland.get('hotDays')!.value).toBeGreaterThan(0);
    const dashboard = buildClimateDashboard(PLACES.sydney, context, 'high', 1_200_000, 2050);
    expect(climateDashboardSchema.parse(dashboard)).toEqual(dashboard);
    expect(dashboard.metrics.map((metric) => metric.id)).toEqual([...CLIMATE_METRIC_IDS]);
    expect(dashboard.metricsAt).toEqual({ scenario: 'high', year: 2050, warmingLevelC: 2.1 });
    expect(dashboard.metricsNotHeld).toEqual(['humidity', 'wind speed', 'air quality', 'CO2 level', 'UV index']);
  });
});
