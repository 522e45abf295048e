import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isDirectLoopbackRequest, isLoopbackAddress, isLoopbackHost, isSecureCookieRequest } from '../src/http/loopback.ts';
import { loadConfig } from '../src/config.ts';

describe('loopback hosts and addresses', () => {
  it('reads the whole host name (regression: /^127\\./ took 127.0.0.1.evil.com for loopback)', () => {
    for (const host of ['localhost', 'LOCALHOST:3000', '127.0.0.1', '127.0.0.1:4173', '127.8.9.10', '::1', '[::1]', '[::1]:3000']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['127.0.0.1.evil.com', '127.0.0.1.nip.io:80', 'localhost.evil.com', 'evil.com#localhost', 'propguard.example.com', '10.0.0.1', '[::2]', '0.0.0.0', '', undefined]) expect(isLoopbackHost(host), String(host)).toBe(false);
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '::2', '128.0.0.1', 'localhost']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});

describe('AUTH_MODE and TRUST_PROXY configuration', () => {
  it('never makes AUTH_MODE=local apply to everyone without being asked', () => {
    expect(loadConfig({})).toMatchObject({ authMode: 'local', authModeSource: 'loopback-default', trustProxy: false });
    expect(loadConfig({ HOST: '0.0.0.0' })).toMatchObject({ authMode: 'required', authModeSource: 'default' });
    expect(loadConfig({ AUTH_MODE: 'local' })).toMatchObject({ authMode: 'local', authModeSource: 'explicit' });
    expect(loadConfig({ HOST: '127.0.0.1.evil.com' })).toMatchObject({ authMode: 'required' });
  });

  it('parses TRUST_PROXY as Fastify takes it, and names a bad value', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please!' })).toThrow(/TRUST_PROXY: must be true, false, a number of proxies/);
  });
});

describe('requests straight from this machine, and the Secure cookie', () => {
  /** A bare Fastify app answering what the two rules say of each request. */
  async function probe(trustProxy: boolean | string, request: { headers?: Record<string, string>; remoteAddress?: string }) {
    const app = Fastify({ trustProxy });
    app.get('/probe', async (req) => ({ direct: isDirectLoopbackRequest(req), secure: isSecureCookieRequest(req, trustProxy !== false), protocol: req.protocol, ip: req.ip }));
    const response = await app.inject({ method: 'GET', url: '/probe', headers: { host: 'localhost:3000', ...request.headers }, ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}) });
    await app.close();
    return response.json() as { direct: boolean; secure: boolean; protocol: string; ip: string };
  }

  it('is direct only from a loopback connection with a loopback Host and no proxy header or public origin', async () => {
    expect(await probe(false, {})).toMatchObject({ direct: true, secure: false });
    expect(await probe(false, { remoteAddress: '192.0.2.1' })).toMatchObject({ direct: false, secure: true });
    expect(await probe(false, { headers: { via: '1.1 proxy' } })).toMatchObject({ direct: false, secure: true });
    expect(await probe(false, { headers: { origin: 'null' } })).toMatchObject({ direct: false });
  });

  it('follows the real scheme: X-Forwarded-Proto only with TRUST_PROXY, and only from a trusted proxy', async () => {
    // Not believed: the client address stays the proxy's, the scheme unknown, so Secure.
    expect(await probe(false, { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' } })).toMatchObject({ ip: '127.0.0.1', protocol: 'http', secure: true });
    // Believed (nginx on this machine): the visitor's address and scheme.
    expect(await probe('loopback', { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } })).toMatchObject({ ip: '203.0.113.9', protocol: 'https', secure: true });
    expect(await probe('loopback', { headers: { 'x-forwarded-proto': 'http', 'x-forwarded-for': '203.0.113.9' } })).toMatchObject({ protocol: 'http', secure: false });
    // A client that is not the trusted proxy cannot claim https or another address.
    expect(await probe('10.0.0.1', { remoteAddress: '192.0.2.7', headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' } })).toMatchObject({ ip: '192.0.2.7', protocol: 'http' });
  });
});
