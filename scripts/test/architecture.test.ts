import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { findImportCycles } from '../find-import-cycles.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const eslint = new ESLint({ cwd: root });

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe('architecture rules (eslint.config.js)', () => {
  it.each([
    ["import fs from 'node:fs';\nexport const x = fs;", 'no-restricted-imports'],
    ["import { readFileSync } from 'fs';\nexport const x = readFileSync;", 'no-restricted-imports'],
    ["import pg from 'pg';\nexport const x = pg;", 'no-restricted-imports'],
    ["import { PGlite } from '@electric-sql/pglite';\nexport const x = PGlite;", 'no-restricted-imports'],
    ["import { openDatabase } from '@propguard/db';\nexport const x = openDatabase;", 'no-restricted-imports'],
    ["export const load = () => fetch('https://example.com');", 'no-restricted-globals'],
    ['export const key = process.env.KEY;', 'no-restricted-globals'],
    ['export const now = Date.now();', 'no-restricted-properties'],
  ])('an engine that does I/O fails: %s', async (code, rule) => {
    const messages = await lintAs('packages/engines/src/violation.ts', code);
    expect(messages.some((message) => message.startsWith(rule))).toBe(true);
  });

  it('a pure engine passes', async () => {
    const messages = await lintAs('packages/engines/src/pure.ts', 'export function computeLvr(loanAud: number, valueAud: number): number {\n  return loanAud / valueAud;\n}\n');
    expect(messages).toEqual([]);
  });

  it.each([
    "import { openDatabase } from '@propguard/db';\nexport const x = openDatabase;",
    "import { buildApp } from '@propguard/server';\nexport const x = buildApp;",
    "import { buildApp } from '../../../../server/src/app.ts';\nexport const x = buildApp;",
  ])('the web app importing server or database code fails: %s', async (code) => {
    const messages = await lintAs('apps/web/src/features/example/bad.ts', code);
    expect(messages.some((message) => message.startsWith('no-restricted-imports'))).toBe(true);
  });

  it.each([
    "import { openDatabase } from '@propguard/db';\nexport const x = openDatabase;",
    "import pg from 'pg';\nexport const x = pg;",
    "import { buildApp } from '@propguard/server';\nexport const x = buildApp;",
  ])('the chain package reaching for the database or the server fails: %s', async (code) => {
    const messages = await lintAs('packages/chain/src/violation.ts', code);
    expect(messages.some((message) => message.startsWith('no-restricted-imports'))).toBe(true);
  });

  it('the chain package may import the schemas', async () => {
    const messages = await lintAs('packages/chain/src/good.ts', "import type { StoredReport } from '@propguard/schemas';\nexport type X = StoredReport;\n");
    expect(messages).toEqual([]);
  });

  it('the web app may import schemas and engines', async () => {
    const messages = await lintAs('apps/web/src/features/example/good.ts', "import { ENGINES_PACKAGE } from '@propguard/engines';\nimport { AppError } from '@propguard/schemas';\nexport const x = [ENGINES_PACKAGE, AppError];\n");
    expect(messages).toEqual([]);
  });

  // One failing fixture per boundary of eslint.config.js (import-x/no-restricted-paths): each
  // import resolves to a real file, as the rule resolves imports before judging them.
  it.each([
    ['packages/schemas/src/bad.ts', "import { parseAddress } from '../../engines/src/index.ts';\nexport const x = parseAddress;"],
    ['packages/engines/src/bad.ts', "import { openDatabase } from '../../db/src/index.ts';\nexport const x = openDatabase;"],
    ['packages/db/src/bad.ts', "import { buildApp } from '../../../apps/server/src/app.ts';\nexport const x = buildApp;"],
    ['packages/db/src/bad-jobs.ts', "import { ingestPortfolioCsv } from '../../jobs/src/index.ts';\nexport const x = ingestPortfolioCsv;"],
    ['packages/jobs/src/bad.ts', "import { buildApp } from '../../../apps/server/src/app.ts';\nexport const x = buildApp;"],
    ['apps/cli/src/commands/bad.ts', "import { buildApp } from '../../../server/src/app.ts';\nexport const x = buildApp;"],
    ['apps/server/src/bad.ts', "import { parseCsv } from '../../cli/src/commands/value-csv.ts';\nexport const x = parseCsv;"],
    ['apps/server/src/services/bad.ts', "import { registerApiRoutes } from '../routes/index.ts';\nexport const x = registerApiRoutes;"],
    ['apps/server/src/http/bad.ts', "import { valueRequest } from '../services/valuation/valuation-service.ts';\nexport const x = valueRequest;"],
    ['apps/web/src/lib/bad.ts', "import { SearchForm } from '../features/search/index.ts';\nexport const x = SearchForm;"],
    ['apps/web/src/features/search/bad.ts', "import { analyzeMarket } from '../market-analysis/api/analyze-market.ts';\nexport const x = analyzeMarket;"],
  ])('a boundary break fails: %s', async (filePath, code) => {
    const messages = await lintAs(filePath, code);
    expect(messages.some((message) => message.startsWith('import-x/no-restricted-paths'))).toBe(true);
  });

  it('imports that follow the layers pass', async () => {
    expect(await lintAs('apps/server/src/services/good.ts', "import { openDatabase } from '@propguard/db';\nimport { redactPaths } from '../http/redact.ts';\nexport const x = [openDatabase, redactPaths];\n")).toEqual([]);
    expect(await lintAs('apps/web/src/features/search/good.ts', "import { cn } from '../../lib/cn.ts';\nimport { SearchForm } from './index.ts';\nexport const x = [cn, SearchForm];\n")).toEqual([]);
  });

  it('an import cycle fails (import-x/no-cycle): realty-service already imports market-service', async () => {
    const messages = await lintAs('apps/server/src/services/market/market-service.ts', "import { searchListings } from '../realty/realty-service.ts';\nexport const x = searchListings;\n");
    expect(messages.some((message) => message.startsWith('import-x/no-cycle'))).toBe(true);
  });

  it('a cycle of type-only imports is found by scripts/find-import-cycles.mjs (part of npm run lint)', () => {
    const sources = new Map([
      ['/repo/a.ts', "import type { B } from './b.ts';\nexport interface A { b: B }"],
      ['/repo/b.ts', "import type { A } from './a.ts';\nexport interface B { a?: A }"],
      ['/repo/c.ts', "import type { A } from './a.ts';\nexport type C = A;"],
    ]);
    expect(findImportCycles(sources)).toEqual([['/repo/a.ts', '/repo/b.ts']]);
    sources.set('/repo/b.ts', 'export interface B { name: string }');
    expect(findImportCycles(sources)).toEqual([]);
  });
});
