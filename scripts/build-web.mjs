#!/usr/bin/env node
// `npm run build` (and so `npm start`): the web app's production build into apps/web/dist/, skipped
// when nothing it is built from changed since the last one. What it is built from: the web app's
// sources and configuration, the shared schemas it imports, and the installed packages
// (package-lock.json); their contents' hash is kept in dist/.build-stamp. A restart then spends
// about 0.1 s here instead of the build's 3-5 s. `--force` builds whatever the stamp says.
// Each text file of the build gets a gzip sibling (name.gz, level 9): the server sends it to a browser
// that accepts gzip (@fastify/static's preCompressed, apps/server/src/plugins/web-app.ts), so the first
// page's 0.9 MB entry script travels as about 260 KB.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(root, 'apps/web');
const outDir = path.join(webRoot, 'dist');
const stampFile = path.join(outDir, '.build-stamp');

/** Files and directories the build reads, from the repository root. */
const INPUTS = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/tsconfig.json', 'apps/web/package.json', 'apps/web/public', 'packages/schemas/src', 'packages/schemas/package.json', 'package-lock.json'];

/** The hash of every input file's path and contents, in a fixed order (missing inputs are skipped). */
function inputStamp() {
  const hash = createHash('sha256');
  const add = (relative) => {
    const absolute = path.join(root, relative);
    if (!existsSync(absolute)) return;
    if (!statSync(absolute).isDirectory()) {
      hash.update(relative).update('\0').update(readFileSync(absolute)).update('\0');
      return;
    }
    for (const name of readdirSync(absolute).sort()) add(path.join(relative, name));
  };
  INPUTS.forEach(add);
  return hash.digest('hex');
}

/** What is worth compressing: text (JavaScript, CSS, HTML, SVG, JSON, source maps). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt)$/;

/** Writes `name.gz` beside each compressible file of `dir` (recursively) above 1 KB. */
function writeGzipSiblings(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) writeGzipSiblings(file);
    else if (COMPRESSIBLE.test(entry.name) && statSync(file).size > 1024) writeFileSync(`${file}.gz`, gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }));
  }
}

const started = performance.now();
const stamp = inputStamp();
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
if (!process.argv.includes('--force') && previous === stamp && existsSync(path.join(outDir, 'index.html'))) {
  console.log(`web app: unchanged since its last build (apps/web/dist), checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  const { build } = await import('vite');
  await build({ root: webRoot, logLevel: 'warn' });
  writeGzipSiblings(outDir);
  writeFileSync(stampFile, stamp);
  console.log(`web app built into apps/web/dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
