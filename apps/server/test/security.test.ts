import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

describe.skipIf(getApiSkipReason() !== null)('HTTP hardening (issue 12.4, 12.8)', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '5', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '2', REQUEST_TIMEOUT_MS: '1000', METRICS_API_KEY: 'test-metrics-key' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('sends security headers with a Content-Security-Policy the app satisfies', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/data/summary', remoteAddress: '10.0.0.1' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('limits each client address per class of route, with 429 and Retry-After', async () => {
    const get = (remoteAddress: string) => testApp.app.inject({ method: 'GET', url: '/api/data/summary', remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await get('10.0.0.2')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await get('10.0.0.2');
    expect(limited.headers['retry-after']).toBeDefined();
    expect(errorResponseSchema.parse(limited.json()).error.code).toBe('RATE_LIMITED');
    // Another address has its own budget.
    expect((await get('10.0.0.3')).statusCode).toBe(200);
    // Expensive routes have a stricter budget of their own.
    const market = (remoteAddress: string) => testApp.app.inject({ method: 'POST', url: '/api/realty/market-analysis', payload: { location: 'Richmond VIC' }, remoteAddress });
    expect((await market('10.0.0.4')).statusCode).toBe(200);
    expect((await market('10.0.0.4')).statusCode).toBe(200);
    expect((await market('10.0.0.4')).statusCode).toBe(429);
  });

  it('serves Prometheus metrics to loopback clients or with the key, and refuses others', async () => {
    await testApp.app.inject({ method: 'GET', url: '/api/propguard/health', remoteAddress: '127.0.0.1' });
    const local = await testApp.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toContain('text/plain');
    expect(local.body).toContain('propguard_http_requests_total{method="GET",route="/api/propguard/health",status="200"}');
    expect(local.body).toContain('propguard_http_request_duration_seconds_bucket');
    expect(local.body).toMatch(/propguard_database_ping_seconds \d/);
    expect(local.body).toContain('propguard_process_resident_memory_bytes');
    expect((await testApp.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.5' })).statusCode).toBe(403);
    const withKey = await testApp.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.6', headers: { authorization: 'Bearer test-metrics-key' } });
    expect(withKey.statusCode).toBe(200);
  });

  it('cuts off a request whose body is sent too slowly', async () => {
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = testApp.app.server.address() as AddressInfo;
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write('POST /api/valuations HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"addr');
      });
      let data = '';
      socket.on('data', (chunk) => { data += chunk.toString(); });
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
      setTimeout(() => { socket.destroy(); resolve(data); }, 10_000);
    });
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });
});
