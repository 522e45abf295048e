#!/usr/bin/env node
// `npm start`: bundles the server (scripts/build-server.mjs, under a second), then starts it while
// the web app's build is checked beside it (scripts/build-web.mjs: skipped when its sources are
// unchanged, as on a fresh clone, whose `npm ci` built it (scripts/postinstall.mjs); else built, 3-4.5 s);
// the server waits for the build only before it serves (PROPGUARD_WEB_BUILD and its message,
// apps/server/src/web-build.ts). `--force-web` builds the web app whatever its stamp says.
// The process passes the server's exit code on, and the signals it gets to the server.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;

const bundled = spawnSync(node, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
if (bundled.status !== 0) process.exit(bundled.status ?? 1);

const webArgs = ['scripts/build-web.mjs', ...(process.argv.includes('--force-web') ? ['--force'] : [])];
const web = spawn(node, webArgs, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
const server = spawn(node, ['--enable-source-maps', 'apps/server/dist/main.mjs'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, PROPGUARD_WEB_BUILD: 'pending' },
});

let serverExited = false;
web.on('exit', (code) => {
  if (serverExited) return;
  // The server serves the build once it is done; a failed build leaves the API running, with a page that says so.
  server.send({ webBuild: code === 0 ? 'done' : 'failed' }, () => undefined);
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    web.kill(signal);
    if (!serverExited) server.kill(signal);
  });
}
server.on('exit', (code, signal) => {
  serverExited = true;
  if (web.exitCode === null) web.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});
