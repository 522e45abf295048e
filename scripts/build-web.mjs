#!/usr/bin/env node
// `npm run build` (and so `npm start`): the web app's production build into apps/web/dist/, skipped
// when nothing it is built from changed since the last one. What it is built from: the web app's
// sources and configuration, the shared schemas it imports, and the installed packages
// (package-lock.json); their contents' hash is kept in dist/.build-stamp. A restart then spends
// about 0.1 s here instead of the build's 3-5 s. `--force` builds whatever the stamp says.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

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

const started = performance.now();
const stamp = inputStamp();
const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : null;
if (!process.argv.includes('--force') && previous === stamp && existsSync(path.join(outDir, 'index.html'))) {
  console.log(`web app: unchanged since its last build (apps/web/dist), checked in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} else {
  const { build } = await import('vite');
  await build({ root: webRoot, logLevel: 'warn' });
  writeFileSync(stampFile, stamp);
  console.log(`web app built into apps/web/dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
