#!/usr/bin/env node
// Runs after `npm ci` and `npm install`: makes the embedded database's template
// (scripts/make-pglite-template.ts), as a database server's package runs initdb when it is installed,
// then builds the web app (scripts/build-web.mjs; skipped when its sources are unchanged), so that a
// fresh clone's first `npm start` serves the build it finds instead of building it beside its own
// start (3-4.5 s of the second core, which the data load's threads use). It never fails the install:
// without tsx or Vite (an install without the dev packages) or on any error, a first `npm start`
// creates its database and builds the web app itself.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'node_modules', 'tsx'))) {
  console.log('embedded database: template not made (tsx is not installed); a first npm start creates its database itself');
} else {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-pglite-template.ts'], { cwd: root, stdio: 'inherit' });
  if (made.status !== 0) console.log('embedded database: template not made (see above); a first npm start creates its database itself');
}

if (!existsSync(path.join(root, 'node_modules', 'vite'))) {
  console.log('web app: not built (Vite is not installed); npm start builds it');
} else {
  const built = spawnSync(process.execPath, ['scripts/build-web.mjs'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) console.log('web app: not built (see above); npm start builds it');
}
