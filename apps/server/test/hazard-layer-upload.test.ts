// In-app upload of flood overlays (issue 18): POST /api/data/hazard-layers with the file as the body,
// through the same import function as `propguard import hazard-layer`; an owner or an analyst may
// upload and remove, a viewer may not; a file it cannot use is a 400 and nothing is stored.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResponseSchema, errorResponseSchema, hazardLayerListSchema, hazardLayerRemoveResponseSchema, hazardLayerUploadResponseSchema, hazardReportSchema } from '@propguard/schemas';
import { buildZippedShapefile } from '../../../packages/db/test/support/write-shapefile.ts';
import { signUpThroughMail } from './account-mail.ts';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const PASSWORD = 'correct horse battery 9';
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
// Inside the 2022 Lismore satellite wet area (the bundled map says 85 there without a layer).
const LISMORE = { lat: -28.8141, lng: 153.2746 };
const square = (lng: number, lat: number, half: number) => [[lng - half, lat - half], [lng + half, lat - half], [lng + half, lat + half], [lng - half, lat + half], [lng - half, lat - half]];
const geojson = (properties: Record<string, unknown>, ring = square(LISMORE.lng, LISMORE.lat, 0.003)) =>
  Buffer.from(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties, geometry: { type: 'Polygon', coordinates: [ring] } }] }));

describe.skipIf(getApiSkipReason() !== null)('flood overlay upload (POST/DELETE /api/data/hazard-layers, AUTH_MODE=required)', () => {
  let testApp: TestApp;
  let ownerCookie: string;
  let viewerCookie: string;
  let analystKey: string;
  const created: number[] = [];

  const upload = (query: Record<string, string>, body: Buffer, auth: { cookie?: string; key?: string }, contentType = 'application/octet-stream') =>
    testApp.app.inject({
      method: 'POST',
      url: `/api/data/hazard-layers?${new URLSearchParams(query).toString()}`,
      headers: { 'content-type': contentType, ...(auth.cookie ? { cookie: auth.cookie } : {}), ...(auth.key ? { authorization: `Bearer ${auth.key}` } : {}) },
      payload: body,
    });
  const list = async () => hazardLayerListSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/data/hazard-layers' })).json());
  const floodAtLismore = async () =>
    hazardReportSchema.parse((await testApp.app.inject({ method: 'POST', url: '/api/hazards/assess', payload: { ...LISMORE, year: 2025 } })).json().report).assessments.find((a) => a.hazard === 'flood')!;
  const cookieOf = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

  beforeAll(async () => {
    testApp = await createTestApp({ AUTH_MODE: 'required' });
    const signUp = async (email: string, workspace: string) => {
      const response = await signUpThroughMail(testApp.app, testApp.context, { email, password: PASSWORD, workspace_name: workspace });
      expect(response.statusCode, response.body).toBe(200);
      authResponseSchema.parse(response.json());
      return cookieOf(response.headers['set-cookie']);
    };
    ownerCookie = await signUp(`layers-owner-${unique()}@example.com`, 'Layer Owner');
    const viewerEmail = `layers-viewer-${unique()}@example.com`;
    const invite = await testApp.app.inject({ method: 'POST', url: '/api/workspace/invitations', headers: { cookie: ownerCookie }, payload: { email: viewerEmail, role: 'viewer' } });
    viewerCookie = await signUp(viewerEmail, 'Viewer Own');
    const accepted = await testApp.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: { cookie: viewerCookie }, payload: { token: invite.json().token } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // An API key (a plan with API access: the Professional trial) acts as an analyst of its workspace.
    const checkout = await testApp.app.inject({ method: 'POST', url: '/api/billing/checkout', headers: { cookie: ownerCookie }, payload: { plan: 'professional', payment_method: { card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' } } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    analystKey = (await testApp.app.inject({ method: 'POST', url: '/api/keys', headers: { cookie: ownerCookie }, payload: { name: 'layers' } })).json().secret;
  });
  afterAll(async () => {
    for (const id of created) await testApp?.context.database.query('DELETE FROM hazard_layers WHERE id = $1', [id]);
    await testApp?.close();
  });

  it('lets an owner upload a GeoJSON that decides and is cited at once, and remove it again', async () => {
    const response = await upload({ fileName: 'council-1pc.geojson', field: 'ari', name: 'Council 100-year ARI', licence: 'CC BY 4.0, Test Council' }, geojson({ ARI_YRS: 100 }), { cookie: ownerCookie });
    expect(response.statusCode, response.body).toBe(201);
    const { layer, inUse } = hazardLayerUploadResponseSchema.parse(response.json());
    created.push(layer.id);
    expect(layer).toMatchObject({ kind: 'flood', name: 'Council 100-year ARI', licenceNote: 'CC BY 4.0, Test Council', sourceFile: 'council-1pc.geojson', field: 'ari', sourceField: 'ARI_YRS', featureCount: 1 });
    expect(inUse).toBe((await list()).layers.length);
    // Taken up without waiting for the scheduler: ARI 100 = 1 % AEP -> 70 (High), ahead of the bundled map's 85
    const flood = await floodAtLismore();
    expect(flood).toMatchObject({ score: 70, level: 'High' });
    expect(flood.dataUsed[0]).toMatchObject({ id: `hazard-layer-${layer.id}`, title: 'Council 100-year ARI (imported flood layer; CC BY 4.0, Test Council)' });

    // A viewer may not remove it; the owner may.
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/data/hazard-layers/${layer.id}`, headers: { cookie: viewerCookie } })).statusCode).toBe(403);
    const removed = await testApp.app.inject({ method: 'DELETE', url: `/api/data/hazard-layers/${layer.id}`, headers: { cookie: ownerCookie } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(hazardLayerRemoveResponseSchema.parse(removed.json()).removed).toBe(layer.id);
    expect((await list()).layers.some((item) => item.id === layer.id)).toBe(false);
    expect((await floodAtLismore()).dataUsed.some((data) => data.id.startsWith('hazard-layer-'))).toBe(false);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/data/hazard-layers/${layer.id}`, headers: { cookie: ownerCookie } })).statusCode).toBe(404);
    const badId = await testApp.app.inject({ method: 'DELETE', url: '/api/data/hazard-layers/abc', headers: { cookie: ownerCookie } });
    expect(badId.statusCode).toBe(400);
  });

  it('lets an analyst (API key) upload a zipped Shapefile with an AEP attribute', async () => {
    const zip = buildZippedShapefile('overlay', [{ rings: [square(LISMORE.lng, LISMORE.lat, 0.002)], attributes: { AEP_PCT: 2, NAME: 'reach 1' } }]);
    const response = await upload({ fileName: 'overlay.zip', field: 'aep' }, Buffer.from(zip), { key: analystKey });
    expect(response.statusCode, response.body).toBe(201);
    const { layer } = hazardLayerUploadResponseSchema.parse(response.json());
    created.push(layer.id);
    // No name or licence given: the file name, and the licence said to be unstated
    expect(layer).toMatchObject({ name: 'overlay.zip', licenceNote: 'licence not stated at import', field: 'aep', sourceField: 'AEP_PCT', featureCount: 1 });
    // 2 % AEP: 70 + 30 log5(2) = 83
    expect((await floodAtLismore()).score).toBe(83);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/data/hazard-layers/${layer.id}`, headers: { authorization: `Bearer ${analystKey}` } })).statusCode).toBe(200);
  });

  it('takes a GeoPackage through the same import (the test file written by @ngageoint/geopackage)', async () => {
    const gpkg = await readFile(new URL('../../../packages/db/test/__fixtures__/lismore-test-extents.gpkg', import.meta.url));
    const response = await upload({ fileName: 'lismore-test-extents.gpkg', field: 'aep', name: 'GeoPackage test' }, gpkg, { cookie: ownerCookie });
    expect(response.statusCode, response.body).toBe(201);
    const { layer } = hazardLayerUploadResponseSchema.parse(response.json());
    created.push(layer.id);
    expect(layer).toMatchObject({ sourceFile: 'lismore-test-extents.gpkg', sourceField: 'AEP_PCT', featureCount: 2 });
    expect((await floodAtLismore()).score).toBe(70);
    expect((await testApp.app.inject({ method: 'DELETE', url: `/api/data/hazard-layers/${layer.id}`, headers: { cookie: ownerCookie } })).statusCode).toBe(200);
  });

  it('refuses a viewer (403) and an anonymous caller (401), storing nothing', async () => {
    const before = (await list()).layers.length;
    const viewer = await upload({ fileName: 'v.geojson' }, geojson({}), { cookie: viewerCookie });
    expect(viewer.statusCode).toBe(403);
    expect(errorResponseSchema.parse(viewer.json()).error.message).toMatch(/analyst role.*you are viewer/);
    expect((await upload({ fileName: 'a.geojson' }, geojson({}), {})).statusCode).toBe(401);
    expect((await list()).layers.length).toBe(before);
  });

  it('answers a file it cannot use with a 400 naming the problem, and stores nothing', async () => {
    const before = (await list()).layers.length;
    const cases: { query: Record<string, string>; body: Buffer; field: string; message: RegExp }[] = [
      { query: { fileName: 'broken.geojson' }, body: Buffer.from('{"type": "FeatureCollection", "features": ['), field: 'file', message: /broken\.geojson is not valid JSON/ },
      { query: { fileName: 'point.geojson' }, body: Buffer.from('{"type":"Feature"}'), field: 'file', message: /not a GeoJSON FeatureCollection/ },
      { query: { fileName: 'layer.zip' }, body: Buffer.from('not a zip at all'), field: 'file', message: /layer\.zip is not a readable zip file/ },
      { query: { fileName: 'layer.gpkg' }, body: Buffer.from('SQLite format 3\u0000'), field: 'file', message: /layer\.gpkg could not be read as a layer: not a GeoPackage/ },
      { query: { fileName: 'layer.kml' }, body: Buffer.from('<kml/>'), field: 'file', message: /give a GeoJSON \(\.geojson, \.json\), a zipped Shapefile \(\.zip\) or a GeoPackage \(\.gpkg\)/ },
      { query: { fileName: 'metres.geojson' }, body: geojson({}, square(500_000, 6_800_000, 100)), field: 'file', message: /outside Australia's longitude\/latitude box/ },
      { query: { fileName: 'no-aep.geojson', field: 'aep' }, body: geojson({ DEPTH: 1 }), field: 'attribute', message: /no attribute of the layer names "aep" \(it has: DEPTH\)/ },
      { query: { fileName: 'text.geojson', field: 'depth' }, body: geojson({ depth: 'deep' }), field: 'attribute', message: /holds "deep", not a number/ },
      { query: { fileName: 'x.geojson', field: 'slope' }, body: geojson({}), field: 'querystring.field', message: /field/ },
      { query: { field: 'aep' }, body: geojson({}), field: 'querystring.fileName', message: /fileName/ },
      { query: { fileName: 'empty.geojson' }, body: Buffer.alloc(0), field: 'body', message: /send the layer file as the request body/ },
    ];
    for (const { query, body, field, message } of cases) {
      const response = await upload(query, body, { cookie: ownerCookie });
      expect(response.statusCode, `${JSON.stringify(query)}: ${response.body}`).toBe(400);
      const { error } = errorResponseSchema.parse(response.json());
      expect(error.field, JSON.stringify(query)).toBe(field);
      expect(error.message, JSON.stringify(query)).toMatch(message);
    }
    // Sent as text or as a form, the body is not the file: 400 (or 415 for a type the server does not read)
    const asText = await upload({ fileName: 'x.geojson' }, geojson({}), { cookie: ownerCookie }, 'text/plain');
    expect(asText.statusCode).toBe(400);
    expect(asText.json().error.message).toMatch(/Content-Type: application\/octet-stream/);
    expect((await upload({ fileName: 'x.geojson' }, geojson({}), { cookie: ownerCookie }, 'multipart/form-data; boundary=x')).statusCode).toBe(415);
    expect((await list()).layers.length).toBe(before);
  });
});
