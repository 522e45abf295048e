#!/usr/bin/env node
// Runs after `npm ci` and `npm install`: makes the embedded database's template
// (scripts/make-pglite-template.ts), as a database server's package runs initdb when it is installed.
// It never fails the install: without tsx (an install without the dev packages) or on any error,
// a first `npm start` creates its database itself, 4-6 s slower.
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
