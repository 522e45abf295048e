import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, salesPageSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

/**
 * Issue 12.3: hostile input never gets a 5xx. For every operation of the OpenAPI document, bodies
 * and query strings are built from the operation's own field names with values from a hostile
 * arbitrary (NUL, 100 kB strings, unicode, SQL, LIKE wildcards, prototype keys, huge and negative
 * numbers, nested junk), path parameters likewise. Bounded by FUZZ_BUDGET_MS (default 20 s a database; longer runs: FUZZ_BUDGET_MS=600000).
 */
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 20_000);

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  bodyFields: string[];
  queryFields: string[];
}

const hostileString = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', "' OR 1=1 --", '%', '_', '%_%', '__proto__', 'constructor', 'prototype', 'toString', '../../etc/passwd', '💥🏠', 'Ñandú', ' ', '', 'sale-9999999999', 'sale-0', 'address-99999999999', '1e309', 'NaN', '-1'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constant('x'.repeat(100_000)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.constantFrom(null, true, -1, 0, 1e308, -1e308, 2_147_483_648, Number.MAX_SAFE_INTEGER, 3.5),
  fc.integer(),
  fc.double(),
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'location'), hostileString, { maxKeys: 3 }),
);

function operationsOf(document: { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE'].includes(upper)) continue;
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: upper as Operation['method'],
        path,
        bodyFields: Object.keys(schema?.properties ?? {}),
        queryFields: (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      });
    }
  }
  return operations;
}

describe.skipIf(getApiSkipReason() !== null)('errors, hostile inputs and the sales endpoint', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('an unknown API path answers a JSON 404, not the web page', async () => {
    const response = await testApp.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('NOT_FOUND');
    expect(body.error.message).toContain('/api/no-such-thing');
  });

  it('a bad query value answers 400 naming the field', async () => {
    const response = await testApp.app.inject('/api/data/sales?limit=5000');
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.field).toBe('querystring.limit');
    expect(body.error.message).toContain('querystring.limit');
  });

  it('a bad state and a bad postcode are both reported', async () => {
    const response = await testApp.app.inject('/api/data/sales?state=XX&postcode=30');
    expect(response.statusCode).toBe(400);
    const body = errorResponseSchema.parse(response.json());
    expect(body.error.message).toContain('querystring.state');
    expect(body.error.message).toContain('querystring.postcode');
  });

  it('a date range the wrong way round is a 400 on "from"', async () => {
    const response = await testApp.app.inject('/api/data/sales?from=2018-01-01&to=2017-01-01');
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json()).error.field).toBe('querystring.from');
  });

  it('a malformed JSON body answers 400, not 500', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/data/sales',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    errorResponseSchema.parse(response.json());
  });

  it('lists real sales filtered by state and suburb, newest first', async () => {
    const response = await testApp.app.inject('/api/data/sales?state=VIC&suburb=abbotsford&limit=20');
    expect(response.statusCode).toBe(200);
    const body = salesPageSchema.parse(response.json());
    expect(body.total).toBeGreaterThan(20);
    expect(body.sales).toHaveLength(20);
    for (const sale of body.sales) {
      expect(sale.state).toBe('VIC');
      expect(sale.suburb.toLowerCase()).toBe('abbotsford');
      expect(sale.source).toBe('melbourne-housing-sales');
    }
    const dates = body.sales.map((sale) => sale.saleDate);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('places Sydney sales, which have no coordinates, at their locality', async () => {
    const body = salesPageSchema.parse((await testApp.app.inject('/api/data/sales?source=sydney-house-sales&limit=50')).json());
    expect(body.sales.length).toBe(50);
    for (const sale of body.sales) {
      expect(sale.locationPrecision).toBe('locality');
      expect(sale.lat).not.toBeNull();
      expect(sale.address).toBeNull();
    }
  });

  it('pages with offset without repeating rows', async () => {
    const first = salesPageSchema.parse((await testApp.app.inject('/api/data/sales?state=WA&limit=10')).json());
    const second = salesPageSchema.parse((await testApp.app.inject('/api/data/sales?state=WA&limit=10&offset=10')).json());
    const ids = new Set(first.sales.map((sale) => sale.id));
    expect(second.sales.some((sale) => ids.has(sale.id))).toBe(false);
    expect(second.total).toBe(first.total);
  });

  // Issue 12.3: the inputs that gave a 500 now get a 4xx naming the field (or are read literally).
  async function expect4xx(request: InjectOptions, field?: string) {
    const response = await testApp.app.inject(request);
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
    expect(response.statusCode, response.body).toBeLessThan(500);
    const { error } = errorResponseSchema.parse(response.json());
    if (field) expect(error.field ?? error.message).toContain(field);
    return error;
  }

  it('refuses a NUL character anywhere with a 400 naming the field', async () => {
    await expect4xx({ method: 'POST', url: '/api/valuations', payload: { address: '85 Turner St\u0000, Abbotsford VIC 3067' } }, 'body.address');
    await expect4xx({ method: 'GET', url: '/api/reports/%00' }, 'params.reportId');
    await expect4xx({ method: 'GET', url: '/api/data/sales?suburb=%00' }, 'querystring.suburb');
  });

  it('answers listing ids past the integer range with 4xx, not a database error', async () => {
    await expect4xx({ method: 'GET', url: '/api/realty/property/sale-9999999999' });
    await expect4xx({ method: 'POST', url: '/api/realty/property-history', payload: { listing_id: 'sale-9999999999' } }, 'body.listing_id');
  });

  it('reads "constructor" and other prototype words as plain words in a description', async () => {
    const response = await testApp.app.inject({ method: 'POST', url: '/api/llm/property-sentiment', payload: { description: 'the constructor fixed the __proto__ toString valueOf' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().sentiment_analysis.drivers).toEqual([]);
  });

  it('refuses a location of only % or _ instead of matching every sale', async () => {
    await expect4xx({ method: 'POST', url: '/api/realty/search', payload: { location: '%' } }, 'body.location');
    await expect4xx({ method: 'POST', url: '/api/realty/search', payload: { location: '_' } }, 'body.location');
    await expect4xx({ method: 'POST', url: '/api/realty/market-analysis', payload: { location: '%%' } }, 'body.location');
  });

  it('refuses tolerances for dependencies it does not know, prototype keys included, and stores nothing', async () => {
    const body = { max_disruption_minutes: 60, min_availability_pct: 99, max_latency_ms: 500 };
    for (const name of ['constructor', '__proto__', 'toString']) {
      await expect4xx({ method: 'PUT', url: `/api/compliance/tolerances/${name}`, payload: body });
    }
    const rows = await testApp.context.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM service_tolerances WHERE dependency IN ('constructor', '__proto__', 'toString')`);
    expect(rows[0]!.n).toBe(0);
  });

  it('answers every operation of the OpenAPI document with a status below 500', async () => {
    const operations = operationsOf((await testApp.app.inject('/api/openapi.json')).json());
    expect(operations.length).toBeGreaterThan(30);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: 10_000 }),
        fc.array(fc.tuple(fc.nat({ max: 20 }), hostileValue), { maxLength: 6 }),
        fc.array(hostileString, { minLength: 3, maxLength: 3 }),
        fc.boolean(),
        async (pick, fields, pathValues, rawBody) => {
          const operation = operations[pick % operations.length]!;
          let position = 0;
          const url = operation.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathValues[position++ % 3]!.slice(0, 2_000)));
          const body: Record<string, unknown> = {};
          const query = new URLSearchParams();
          for (const [index, value] of fields) {
            if (operation.bodyFields.length > 0) body[operation.bodyFields[index % operation.bodyFields.length]!] = value;
            if (operation.queryFields.length > 0) query.set(operation.queryFields[index % operation.queryFields.length]!, (typeof value === 'string' ? value : JSON.stringify(value) ?? '').slice(0, 2_000));
          }
          const search = query.toString();
          const response = await testApp.app.inject({
            method: operation.method,
            url: `${url}${search ? `?${search}` : ''}`,
            ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : rawBody ? { payload: JSON.stringify(fields.map(([, value]) => value)), headers: { 'content-type': 'application/json' } } : { payload: body }),
          });
          seen.add(`${operation.method} ${operation.path}`);
          if (response.statusCode >= 500) throw new Error(`${operation.method} ${url}${search ? `?${search.slice(0, 200)}` : ''} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
        },
      ),
      { numRuns: 1_000_000, interruptAfterTimeLimit: BUDGET_MS, markInterruptAsFailure: false, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000) },
    );
    console.log(`fuzz: ${seen.size} of ${operations.length} operations exercised in ${BUDGET_MS} ms`);
  }, BUDGET_MS + 60_000);
});
