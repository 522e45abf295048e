/**
 * The web app's files (issue 32.2: a first page under 300 KB): a browser that accepts gzip is sent the
 * gzip sibling the build writes (scripts/build-web.mjs), one that does not the file itself, and a
 * client-side route the page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerWebApp } from '../src/plugins/web-app.ts';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'propguard-web-dist-'));
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));

afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the web app', () => {
  it('sends a script\'s gzip sibling to a browser that accepts gzip, and the script itself to one that does not', async () => {
    const app = Fastify();
    await registerWebApp(app, dist);
    const zipped = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toContain('javascript');
    expect(zipped.headers['cache-control']).toContain('immutable');
    expect(zipped.rawPayload.length).toBeLessThan(script.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(script);
    const plain = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const route = await app.inject({ url: '/property/42' });
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('id="root"');
    await app.close();
  });
});
