import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

describe.skipIf(getApiSkipReason() !== null)('OpenAPI and the web app', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('lists every registered API endpoint in /api/openapi.json', async () => {
    const response = await testApp.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const spec = response.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\./);
    const documented = new Set(Object.entries(spec.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`)));
    // Every route the server has under /api (the docs and the spec themselves aside) is documented.
    const registered = testApp.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /(\/api\/\S*) \(([^)]+)\)/.exec(line);
        if (!match?.[1] || !match[2]) return [];
        const url = match[1].replace(/:([A-Za-z0-9_]+)/g, '{$1}');
        if (url.startsWith('/api/docs') || url === '/api/openapi.json') return [];
        return match[2].split(',').map((method) => method.trim()).filter((method) => method !== 'HEAD').map((method) => `${method} ${url}`);
      });
    expect(registered.length).toBeGreaterThanOrEqual(8);
    for (const endpoint of registered) expect(documented, endpoint).toContain(endpoint);
    for (const endpoint of [
      'GET /api/propguard/health',
      'GET /api/llm/health',
      'GET /api/blockchain/blockchain-health',
      'GET /api/xnode/xnode-health',
      'GET /api/pipeline/pipeline-health',
      'GET /api/realty/health',
      'GET /api/data/summary',
      'GET /api/data/sales',
    ]) {
      expect(documented, endpoint).toContain(endpoint);
    }
  });

  it('documents the query parameters from the same zod schema the handler validates with', async () => {
    const spec = (await testApp.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { parameters?: Array<{ name: string; in: string }> } }>;
    };
    const names = spec.paths['/api/data/sales']?.get?.parameters?.map((parameter) => parameter.name) ?? [];
    expect(names).toEqual(expect.arrayContaining(['state', 'suburb', 'postcode', 'from', 'to', 'limit', 'offset']));
  });

  it('serves the interactive docs at /api/docs', async () => {
    const response = await testApp.app.inject('/api/docs/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });

  it('answers client-side routes with the single-page app', async () => {
    for (const url of ['/', '/search', '/property/123', '/report/abc', '/no/such/page']) {
      const response = await testApp.app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
    }
  });
});
