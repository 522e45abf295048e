import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importHazardLayer, removeHazardLayer } from '@propguard/db';
import {
  baseMapSchema,
  hazardLayerListSchema,
  climateDashboardSchema,
  errorResponseSchema,
  fireRiskSchema,
  HAZARD_IDS,
  hazardReportSchema,
  mapNearSchema,
  propertyAnalysisResponseSchema,
} from '@propguard/schemas';
import { getFireRisk } from '../src/services/hazards/fire-risk-service.ts';
import { refreshImportedFloodLayers } from '../src/services/hazards/hazard-layer-refresh.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

// Kalamunda, Perth hills: the archive holds confident MODIS fire detections within 25 km of it (Aug-Sep 2019).
const KALAMUNDA = { lat: -31.9748, lng: 116.0577 };
// Lismore, NSW: the 2022 flood map of the Richmond River covers the town.
const LISMORE = { lat: -28.8105, lng: 153.2776 };

const silentLog = { warn: () => undefined };

describe.skipIf(getApiSkipReason() !== null)('hazards, fire risk and map layers', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  async function post(url: string, payload: object) {
    return testApp.app.inject({ method: 'POST', url, payload });
  }

  function expectFieldError(response: { statusCode: number; json(): unknown }, field: string) {
    expect(response.statusCode).toBe(400);
    const { error } = errorResponseSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toBe(field);
  }

  it('lists an imported flood layer (GET /api/data/hazard-layers), takes it up and cites it in /api/hazards/assess, then drops it', async () => {
    const file = join(tmpdir(), `propguard-api-layer-${process.pid}.geojson`);
    const square = [[153.27, -28.82], [153.28, -28.82], [153.28, -28.81], [153.27, -28.81], [153.27, -28.82]];
    await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: { ARI: 100 }, geometry: { type: 'Polygon', coordinates: [square] } }] }));
    const layer = await importHazardLayer(testApp.context.database, { file, kind: 'flood', field: 'ari', name: 'API test layer', licenceNote: 'test' });
    const list = async () => hazardLayerListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/data/hazard-layers' })).json());
    try {
      expect((await list()).layers).toContainEqual({ ...layer, sourceField: 'ARI', field: 'ari' });
      // The scheduler's job takes up a layer imported by another process (here: called directly)
      expect(await refreshImportedFloodLayers(testApp.context)).toBe(true);
      expect(await refreshImportedFloodLayers(testApp.context)).toBe(false);
      expect((await list()).inUse).toBe(1);
      const response = await post('/api/hazards/assess', { ...LISMORE, year: 2025 });
      expect(response.statusCode, response.body).toBe(200);
      const flood = hazardReportSchema.parse((response.json() as { report: unknown }).report).assessments.find((a) => a.hazard === 'flood')!;
      // ARI 100 years = 1 % AEP: 70, High, citing the layer (ahead of the bundled Lismore map)
      expect(flood).toMatchObject({ score: 70, level: 'High' });
      expect(flood.dataUsed[0]).toMatchObject({ id: `hazard-layer-${layer.id}` });
      expect(flood.factors[0]!.label).toMatch(/^Imported flood layer "API test layer" \(imported \d{4}-\d\d-\d\d\): inside its 100-year ARI extent$/);
    } finally {
      await removeHazardLayer(testApp.context.database, layer.id);
      await refreshImportedFloodLayers(testApp.context);
    }
    const after = await list();
    expect(after.layers.some((item) => item.id === layer.id)).toBe(false);
    expect(after.inUse).toBe(0);
    const flood = hazardReportSchema.parse(((await post('/api/hazards/assess', LISMORE)).json() as { report: unknown }).report).assessments.find((a) => a.hazard === 'flood')!;
    expect(flood.dataUsed.some((data) => data.id.startsWith('hazard-layer-'))).toBe(false);
  });

  it('assesses the six hazards at a point with scores, levels, factors, data used and methods', async () => {
    const response = await post('/api/hazards/assess', LISMORE);
    expect(response.statusCode, response.body).toBe(200);
    const report = hazardReportSchema.parse((response.json() as { report: unknown }).report);
    expect(report.assessments.map((assessment) => assessment.hazard)).toEqual([...HAZARD_IDS]);
    expect(report.scenario).toBe('high');
    for (const assessment of report.assessments) {
      expect(assessment.level).toBe(assessment.score >= 70 ? 'High' : assessment.score >= 40 ? 'Medium' : 'Low');
      expect(assessment.method).toMatch(/^[a-z]+-v\d+/);
      expect(assessment.scoreRange.low).toBeLessThanOrEqual(assessment.score);
      expect(assessment.scoreRange.high).toBeGreaterThanOrEqual(assessment.score);
      if (assessment.hasData) expect(assessment.factors.length).toBeGreaterThan(0);
      else expect(assessment.dataNote).toBeTruthy();
    }
    const flood = report.assessments.find((assessment) => assessment.hazard === 'flood');
    expect(flood?.dataUsed.some((data) => data.id === 'lismore-flood-map-2022-floodmapper')).toBe(true);
  });

  it('projects to a later year: a high-emissions 2090 never scores below today', async () => {
    const today = hazardReportSchema.parse((await post('/api/hazards/assess', { ...LISMORE, year: 2025 })).json().report);
    const later = hazardReportSchema.parse((await post('/api/hazards/assess', { ...LISMORE, year: 2090, scenario: 'high' })).json().report);
    for (const id of HAZARD_IDS) {
      const now = today.assessments.find((assessment) => assessment.hazard === id)?.score ?? 0;
      const then = later.assessments.find((assessment) => assessment.hazard === id)?.score ?? 0;
      expect(then, id).toBeGreaterThanOrEqual(now);
    }
  });

  it('answers bad input with a 400 naming the field', async () => {
    expectFieldError(await post('/api/hazards/assess', { lat: 10, lng: 150 }), 'body.lat');
    expectFieldError(await post('/api/hazards/assess', { ...LISMORE, scenario: 'medium' }), 'body.scenario');
    expectFieldError(await post('/api/hazards/assess', { ...LISMORE, year: 2200 }), 'body.year');
    expectFieldError(await post('/api/hazards/climate', { ...LISMORE, propertyValueAud: -5 }), 'body.propertyValueAud');
    expectFieldError(await post('/api/functions/fire-risk', { latitude: -31.9, longitude: 116, radiusKm: 0 }), 'body.radiusKm');
    expectFieldError(await post('/api/functions/fire-risk', { longitude: 116 }), 'body.latitude');
    const near = await testApp.app.inject({ method: 'GET', url: '/api/geo/near?lat=abc&lng=116' });
    expectFieldError(near, 'querystring.lat');
  });

  it('builds the climate dashboard: four cards, 2030/2050/2090 under both scenarios, ten years, mitigation priced from the value', async () => {
    const response = await post('/api/hazards/climate', { ...LISMORE, propertyValueAud: 800_000 });
    expect(response.statusCode, response.body).toBe(200);
    const climate = climateDashboardSchema.parse(response.json().climate);
    expect(climate.cards.map((card) => card.hazard)).toEqual(['flood', 'fire', 'coastal', 'cyclone']);
    expect(climate.projections.map((row) => `${row.year}-${row.scenario}`).sort()).toEqual(['2030-high', '2030-low', '2050-high', '2050-low', '2090-high', '2090-low']);
    expect(climate.tenYear.length).toBeGreaterThanOrEqual(4);
    expect(climate.propertyValueAud).toBe(800_000);
    for (const item of climate.recommendations) {
      expect(item.costAud).toBeGreaterThan(0);
      if (item.annualBenefitAud > 0) expect(item.roiYears).toBeCloseTo(item.costAud / item.annualBenefitAud, 0);
    }
    for (const metric of climate.metrics) {
      // A figure we do not have is labelled, never invented.
      if (metric.value === null) expect(metric.detail.length).toBeGreaterThan(0);
      else expect(metric.source).toBeTruthy();
    }
  });

  it('reads fire detections at the coordinates from the archive when no FIRMS key is set', async () => {
    const response = await post('/api/functions/fire-risk', { latitude: KALAMUNDA.lat, longitude: KALAMUNDA.lng, radiusKm: 50 });
    expect(response.statusCode, response.body).toBe(200);
    const fireRisk = fireRiskSchema.parse(response.json().fireRisk);
    expect(fireRisk.dataSource).toBe('archive');
    expect(fireRisk.nearbyFires).toBeGreaterThan(10);
    expect(fireRisk.closestFireDistance).not.toBeNull();
    expect(fireRisk.closestFireDistance ?? 99).toBeLessThan(25);
    expect(fireRisk.totalFRP).toBeGreaterThan(0);
    expect(fireRisk.note).toMatch(/FIRMS_MAP_KEY/);

    // Far out in the Great Australian Bight there is nothing to detect.
    const sea = fireRiskSchema.parse((await post('/api/functions/fire-risk', { latitude: -36.5, longitude: 131, radiusKm: 50 })).json().fireRisk);
    expect(sea.nearbyFires).toBe(0);
    expect(sea.closestFireDistance).toBeNull();
    expect(sea.riskScore).toBeLessThan(fireRisk.riskScore);
  });

  describe('with a FIRMS key', () => {
    // A stand-in for the FIRMS area API on this machine: two detections near Kalamunda, one far away.
    const csv = [
      'latitude,longitude,bright_ti4,scan,track,acq_date,acq_time,satellite,instrument,confidence,version,bright_ti5,frp,daynight',
      `${KALAMUNDA.lat + 0.01},${KALAMUNDA.lng},340.1,0.4,0.4,2026-11-22,0310,N,VIIRS,n,2.0NRT,290,10.5,D`,
      `${KALAMUNDA.lat - 0.05},${KALAMUNDA.lng + 0.05},350.2,0.4,0.4,2026-11-22,0312,N,VIIRS,h,2.0NRT,291,20,D`,
      `${KALAMUNDA.lat + 3},${KALAMUNDA.lng + 3},350.2,0.4,0.4,2026-11-22,0312,N,VIIRS,h,2.0NRT,291,99,D`,
    ].join('\n');
    let server: http.Server;
    let baseUrl = '';
    let answerWith: 'csv' | 'error' = 'csv';
    const paths: string[] = [];
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        paths.push(request.url ?? '');
        if (answerWith === 'error') {
          response.writeHead(503).end('unavailable');
          return;
        }
        response.writeHead(200, { 'Content-Type': 'text/csv' }).end(csv);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    function liveContext() {
      return { ...testApp.context, config: { ...testApp.context.config, firmsMapKey: 'test-key', firmsBaseUrl: baseUrl } };
    }

    it('uses the live detections and says so', async () => {
      answerWith = 'csv';
      const fireRisk = await getFireRisk(liveContext(), { latitude: KALAMUNDA.lat, longitude: KALAMUNDA.lng, radiusKm: 50 }, silentLog);
      expect(fireRisk.dataSource).toBe('firms-live');
      // The third detection is about 430 km away: outside the radius.
      expect(fireRisk.nearbyFires).toBe(2);
      expect(fireRisk.totalFRP).toBeCloseTo(30.5, 5);
      expect(fireRisk.closestFireDistance ?? 99).toBeCloseTo(1.1, 0);
      expect(paths.at(-1)).toMatch(/^\/api\/area\/csv\/test-key\/VIIRS_SNPP_NRT\/[\d.,-]+\/5$/);
    });

    it('falls back to the archive, with a note, when the live feed fails', async () => {
      answerWith = 'error';
      const fireRisk = await getFireRisk(liveContext(), { latitude: KALAMUNDA.lat, longitude: KALAMUNDA.lng, radiusKm: 50 }, silentLog);
      expect(fireRisk.dataSource).toBe('archive');
      expect(fireRisk.note).toMatch(/live FIRMS query failed/i);
      expect(fireRisk.nearbyFires).toBeGreaterThan(10);
    });
  });

  it('serves the national map layers and what lies around a property', async () => {
    const base = await testApp.app.inject({ method: 'GET', url: '/api/geo/base' });
    expect(base.statusCode).toBe(200);
    const map = baseMapSchema.parse(base.json().map);
    expect(map.states.features.length).toBeGreaterThanOrEqual(8);
    expect(map.satelliteTileUrl).toBeNull();

    const near = await testApp.app.inject({ method: 'GET', url: `/api/geo/near?lat=${LISMORE.lat}&lng=${LISMORE.lng}&radiusKm=20` });
    expect(near.statusCode, near.body).toBe(200);
    const layers = mapNearSchema.parse(near.json().near);
    expect(layers.suburbs.features.some((feature) => /^Lismore\b/i.test(String(feature.properties?.name)))).toBe(true);
    expect(layers.floodExtents.features.length).toBeGreaterThan(0);
    expect(layers.floodExtents.features.every((feature) => feature.properties?.floodClass !== 'area_imaged')).toBe(true);

    // Perth CBD: the Swan River and the shoreline of the Indian Ocean lie within 25 km.
    const perth = mapNearSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/geo/near?lat=-31.95&lng=115.86' })).json().near);
    expect(perth.radiusKm).toBe(25);
    expect(perth.rivers.features.some((feature) => /swan/i.test(String(feature.properties?.name)))).toBe(true);
    expect(perth.coastline.features.length).toBeGreaterThan(0);
    const hills = mapNearSchema.parse((await testApp.app.inject({ method: 'GET', url: `/api/geo/near?lat=${KALAMUNDA.lat}&lng=${KALAMUNDA.lng}&radiusKm=25` })).json().near);
    expect(hills.fires.features.length).toBeGreaterThan(0);
    for (const fire of hills.fires.features) expect(Number(fire.properties?.distanceKm)).toBeLessThanOrEqual(25);
  });

  it('puts the hazards and the fire reading into the property analysis', async () => {
    const response = await post('/api/functions/property-analysis', { query: '85 Turner St, Abbotsford VIC 3067' });
    expect(response.statusCode, response.body).toBe(200);
    const analysis = propertyAnalysisResponseSchema.parse(response.json());
    const flood = analysis.hazards.assessments.find((assessment) => assessment.hazard === 'flood');
    expect(analysis.analysis.analysis_result.risk.detailed.flood.score).toBe(flood?.score);
    expect(analysis.analysis.risk_score).toBe(analysis.hazards.overall.score);
    expect(analysis.analysis.climate_risk.year).toBe(2050);
    expect(analysis.fireRisk?.dataSource).toBe('archive');
    expect(analysis.notYetAvailable.risk).toBeUndefined();
  });
});
