import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meResponseSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const TOLERANCE = { max_disruption_minutes: 60, min_availability_pct: 99, max_latency_ms: 500 };

// Issue 29: the default app of the suite is the documented `npm start`: AUTH_MODE unset, HOST 127.0.0.1.
describe.skipIf(getApiSkipReason() !== null)('AUTH_MODE unset on a loopback HOST: local for this machine only', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const me = async (headers: Record<string, string>) => meResponseSchema.parse((await testApp.app.inject({ method: 'GET', url: '/api/me', headers })).json());
  const putTolerance = (headers: Record<string, string>) => testApp.app.inject({ method: 'PUT', url: '/api/compliance/tolerances/database', headers, payload: TOLERANCE });

  it('makes a request straight from this machine the local owner', async () => {
    expect(testApp.context.config).toMatchObject({ authMode: 'local', authModeSource: 'loopback-default' });
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      expect(await me({ host }), host).toMatchObject({ auth_mode: 'local', authenticated_by: 'local', workspace: { role: 'owner', is_local: true } });
    }
    expect(await me({ host: 'localhost:5173', origin: 'http://localhost:5173', referer: 'http://localhost:5173/settings' })).toMatchObject({ authenticated_by: 'local' });
  });

  it('does not make a visitor through a reverse proxy the owner (regression: a public Host and X-Forwarded-For got role owner and wrote tolerances)', async () => {
    const proxied = { host: 'propguard.example.com', 'x-forwarded-for': '203.0.113.9' };
    const write = await putTolerance(proxied);
    expect(write.statusCode).toBe(401);
    expect(write.json().error.message).toMatch(/Sign in/);
    expect(await me(proxied)).toMatchObject({ auth_mode: 'required', authenticated_by: 'none', workspace: null });
  });

  it('treats any sign of a proxy or a public origin as a visitor: public Host, look-alike Host, Forwarded, X-Forwarded-*, X-Real-IP, a public Origin', async () => {
    const visitors: Record<string, string>[] = [
      { host: 'propguard.example.com' },
      { host: '127.0.0.1.evil.com' },
      { host: 'localhost.evil.com:3000' },
      { host: 'localhost:3000', forwarded: 'for=203.0.113.9;proto=https' },
      { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9' },
      { host: '127.0.0.1:3000', 'x-forwarded-proto': 'https' },
      { host: '127.0.0.1:3000', 'x-forwarded-host': 'propguard.example.com' },
      { host: '127.0.0.1:3000', 'x-real-ip': '203.0.113.9' },
      { host: '127.0.0.1:3000', origin: 'https://propguard.example.com' },
      { host: '127.0.0.1:3000', referer: 'https://propguard.example.com/settings' },
    ];
    for (const headers of visitors) {
      expect((await me(headers)).authenticated_by, JSON.stringify(headers)).toBe('none');
      expect((await putTolerance(headers)).statusCode, JSON.stringify(headers)).toBe(401);
    }
    // A connection from another machine, even naming localhost.
    const remote = await testApp.app.inject({ method: 'GET', url: '/api/me', headers: { host: 'localhost:3000' }, remoteAddress: '192.0.2.10' });
    expect(meResponseSchema.parse(remote.json()).authenticated_by).toBe('none');
  });

  it('sets the session cookie Secure unless the request is plain HTTP straight from this machine (regression: /^127\\./ matched 127.0.0.1.evil.com)', async () => {
    const cookieOf = async (headers: Record<string, string>) => String((await testApp.app.inject({ method: 'POST', url: '/api/auth/logout', headers, payload: {} })).headers['set-cookie']);
    expect(await cookieOf({ host: 'localhost:3000' })).not.toMatch(/Secure/);
    expect(await cookieOf({ host: '127.0.0.1.evil.com' })).toMatch(/; Secure/);
    expect(await cookieOf({ host: '127.0.0.1:3000', 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' })).toMatch(/; Secure/);
    expect(await cookieOf({ host: 'propguard.example.com' })).toMatch(/; Secure/);
  });
});
