import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

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
});
