import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema, salesPageSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

describe.skipIf(getApiSkipReason() !== null)('errors and the sales endpoint', () => {
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
});
