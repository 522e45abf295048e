// Import cycles between our own modules, type-only imports included (`npm run lint` runs it after
// ESLint). import-x/no-cycle in eslint.config.js catches run-time cycles but skips `import type`;
// a cycle of types still ties two modules into one, so this finds those too. Only relative
// imports are followed: packages import each other by name, and eslint's boundary zones already
// keep those pointing one way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts)$/;
const SKIP = new Set(['node_modules', 'dist', '.propguard', 'migrations']);
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^;'"]*?(?:from\s*)?['"](\.{1,2}\/[^'"]+)['"]/g;
const DYNAMIC = /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g;

function listSources(dir, files = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listSources(full, files);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function resolveImport(from, specifier, exists) {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (exists(candidate)) return candidate;
  }
  return null;
}

/**
 * The import graph's cycles (strongly connected components of more than one module, or a module
 * importing itself), each as a list of file paths. `sources` maps a file path to its text.
 */
export function findImportCycles(sources) {
  const graph = new Map();
  const exists = (file) => sources.has(file);
  for (const [file, text] of sources) {
    const targets = new Set();
    for (const pattern of [IMPORT, DYNAMIC]) {
      for (const match of text.matchAll(pattern)) {
        const target = resolveImport(file, match[1], exists);
        if (target) targets.add(target);
      }
    }
    graph.set(file, [...targets]);
  }
  // Tarjan's strongly connected components, iterative (no recursion limit on deep graphs).
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let counter = 0;
  for (const root of graph.keys()) {
    if (order.has(root)) continue;
    const work = [[root, 0]];
    order.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      const targets = graph.get(node);
      if (next < targets.length) {
        frame[1] += 1;
        const target = targets[next];
        if (!order.has(target)) {
          order.set(target, counter);
          low.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), order.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === order.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || targets.includes(node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}

/** Reads every TypeScript source under the given directories. */
export function readSources(dirs) {
  const sources = new Map();
  for (const dir of dirs) for (const file of listSources(dir)) sources.set(file, fs.readFileSync(file, 'utf8'));
  return sources;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = findImportCycles(readSources(['apps', 'packages', 'scripts', 'bench', 'e2e'].map((dir) => path.join(root, dir)).filter((dir) => fs.existsSync(dir))));
  for (const cycle of cycles) console.error(`Import cycle (type imports included):\n  ${cycle.map((file) => path.relative(root, file)).join('\n  ')}`);
  if (cycles.length > 0) {
    console.error('Break it: move the shared type or function to a module both can import, or pass it in from the composition root (apps/server/src/context.ts).');
    process.exit(1);
  }
}
