import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';

/**
 * Issue 32, item 2: the first page loads at most 300 KB of gzipped JavaScript. The web app is built
 * here, as `npm run build` builds it, with Vite's manifest; the first page's JavaScript is the entry
 * chunk and every chunk it imports statically (what the browser fetches before anything shows).
 * MapLibre and Recharts load with the screens that draw maps and charts.
 */
const ENTRY_BUDGET_GZIP_BYTES = 300 * 1024;
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

describe('the first page stays within its JavaScript budget', () => {
  let outDir: string;
  let manifest: Record<string, ManifestChunk>;

  beforeAll(async () => {
    outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'propguard-web-build-'));
    // Vitest sets NODE_ENV=test, which would build React's development files.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({ root: webRoot, configFile: path.join(webRoot, 'vite.config.ts'), mode: 'production', logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  }, 120_000);
  afterAll(() => {
    if (outDir) fs.rmSync(outDir, { recursive: true, force: true });
  });

  /** The entry chunk's key and the keys of every chunk it loads before the page runs. */
  const firstPageChunks = (): string[] => {
    const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
    expect(entries.map(([key]) => key)).toEqual(['index.html']);
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of manifest[key]?.imports ?? []) visit(imported);
    };
    visit(entries[0]![0]);
    return [...seen];
  };

  it('gzips the entry JavaScript and what it imports statically to at most 300 KB', () => {
    const sizes = firstPageChunks().map((key) => {
      const file = manifest[key]!.file;
      return { file, gzipBytes: gzipSync(fs.readFileSync(path.join(outDir, file))).length };
    });
    const total = sizes.reduce((sum, size) => sum + size.gzipBytes, 0);
    console.log(`first page JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (${sizes.map((size) => `${size.file} ${(size.gzipBytes / 1024).toFixed(1)} KB`).join(', ')}); budget ${ENTRY_BUDGET_GZIP_BYTES / 1024} KB`);
    expect(total).toBeGreaterThan(10 * 1024);
    expect(total).toBeLessThanOrEqual(ENTRY_BUDGET_GZIP_BYTES);
  });

  it('loads MapLibre and Recharts only with the screens that draw maps and charts', () => {
    const firstPage = new Set(firstPageChunks());
    const lazy = Object.entries(manifest).filter(([key]) => !firstPage.has(key));
    const lazyModules = lazy.map(([key]) => key);
    // The libraries are in the build, in chunks the first page does not load.
    expect(lazyModules.some((key) => key.includes('node_modules/maplibre-gl/'))).toBe(true);
    expect([...firstPage].filter((key) => key.includes('node_modules/maplibre-gl/') || key.includes('node_modules/recharts/'))).toEqual([]);
    const entryFile = fs.readFileSync(path.join(outDir, manifest['index.html']!.file), 'utf8');
    expect(entryFile).not.toContain('maplibregl');
  });
});
