#!/usr/bin/env node
// `npm run build` (after the web app): the server and the threads it starts at load, bundled into
// apps/server/dist/ (git-ignored) so that `npm start` runs plain JavaScript. Under tsx, Node 20 sends
// every module of the graph through loader hooks on another thread: loading the server took 3.2-3.5 s
// before its first line, 1.9-2.4 s bundled (docs/benchmarks.md). The project's own TypeScript
// (apps/server and the @propguard packages) is bundled; every npm package stays external, loaded by
// Node from node_modules as before. Each module's `import.meta.url` is its source file's, so paths
// it resolves from there (migrations, the data directory, the web app's build, source files hashed
// into snapshot keys) are the same as under tsx. The tests run the sources through tsx; the browser
// tests run this bundle, as `npm start` does.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'apps/server/dist');

/** The entry points: the server, and the threads packages/db starts through startTypeScriptWorker (worker-thread.ts). */
const ENTRY_POINTS = {
  main: 'apps/server/src/main.ts',
  'sales-parser-worker': 'packages/db/src/ingest/sales-parser-worker.ts',
  'sales-index-snapshot-worker': 'packages/db/src/valuation/sales-index-snapshot-worker.ts',
  'warm-hazard-snapshot-worker': 'packages/db/src/hazards/warm-hazard-snapshot-worker.ts',
};

const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: ENTRY_POINTS,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  // worker-thread.ts starts a thread from this directory's bundle of it, when there is one.
  define: { PROPGUARD_BUNDLE_DIR: JSON.stringify(pathToFileURL(`${outdir}/`).href) },
  plugins: [
    {
      name: 'propguard-sources',
      setup(builder) {
        // npm packages stay external; the workspace's own packages are bundled from their sources.
        builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@propguard/') ? undefined : { path: args.path, external: true }));
        builder.onLoad({ filter: /\.ts$/ }, async (args) => {
          const text = await readFile(args.path, 'utf8');
          return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
        });
      },
    },
  ],
});
console.log(`server bundled into ${path.relative(root, outdir)}/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
