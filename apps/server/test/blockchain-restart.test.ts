// The certificate chain survives kill -9: mint, kill the server the hard way, restart, and the
// token still verifies, the block height never goes back and minting goes on. Then a second
// server mints on the first one's chain through CHAIN_RPC_URL (the external-chain code path).
// The first server runs on the API suite's database (reports need the full hazard data, too big
// to load again here); the second on a scratch database holding a copy of one report. Last, that
// scratch installation on its own embedded chain is backed up and restored on a fresh home.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_ABI } from '@propguard/chain';
import type { MintCertificateResponse, ServiceHealth, StoredReport, VerifyCertificateResponse } from '@propguard/schemas';
import { REPO_ROOT } from '../src/config.ts';
import { backupDatabase, insertReport, openDatabase, restoreDatabase } from '@propguard/db';
import { canonicalJson } from '@propguard/engines';
import { getJson, startServerProcess, type ServerProcess } from './server-process.ts';
import { createScratchDatabase, dropScratchDatabase, getTestDbKind, TEST_DATABASE_URL, TEST_HOME } from './test-database.ts';
import { getApiSkipReason, releaseSharedTestApp } from './test-app.ts';

const FIXTURE_DATA = path.join(REPO_ROOT, 'packages/db/test/fixtures/data');
const SCRATCH_DB = 'propguard_chain_external';
const RESTORED_DB = 'propguard_chain_restored';
const PASSPHRASE = 'restore drill passphrase 29';

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

async function killHard(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

function chainFigures(health: ServiceHealth) {
  const figures = health.checks.find((check) => check.name === 'certificate chain')?.figures ?? {};
  return { chainId: Number(figures.chain_id), height: Number(figures.block_height), contract: String(figures.contract_address) };
}

describe.skipIf(getApiSkipReason() !== null)('certificate chain: restart safety and an external chain', () => {
  const kind = getTestDbKind();
  const servers: ServerProcess[] = [];
  let externalHome: string;
  let externalEnv: Record<string, string>;
  let restoredHome: string;
  /** The report copied into the scratch database by the external-chain test. */
  let copied: { report: StoredReport; pdf: Buffer } | null = null;
  const mainEnv: Record<string, string> = { PROPGUARD_HOME: TEST_HOME, ...(kind === 'postgres' ? { DATABASE_URL: TEST_DATABASE_URL } : {}) };

  beforeAll(async () => {
    // The servers started here open the suite's own database: the app other files kept must let go.
    await releaseSharedTestApp();
    externalHome = fs.mkdtempSync(path.join(os.tmpdir(), 'propguard-chain-external-'));
    restoredHome = fs.mkdtempSync(path.join(os.tmpdir(), 'propguard-chain-restored-'));
    externalEnv = { PROPGUARD_HOME: externalHome, WEB_DIST_PATH: path.join(externalHome, 'no-web-build'), PROPGUARD_DATA_PATH: FIXTURE_DATA };
    if (kind === 'postgres') externalEnv.DATABASE_URL = await createScratchDatabase(SCRATCH_DB);
  });
  afterAll(async () => {
    for (const server of servers) if (server.child.exitCode === null) await killHard(server);
    fs.rmSync(externalHome, { recursive: true, force: true });
    fs.rmSync(restoredHome, { recursive: true, force: true });
    if (kind === 'postgres') {
      await dropScratchDatabase(SCRATCH_DB);
      await dropScratchDatabase(RESTORED_DB);
    }
  });

  /** A report issued by the main server, copied into the scratch database (its hazards are too big to load there). */
  async function copyReport(issued: StoredReport, pdf: Buffer): Promise<void> {
    const database = await openDatabase({ databaseUrl: externalEnv.DATABASE_URL, homeDir: externalHome });
    try {
      await insertReport(database, {
        reportId: issued.report_id, template: issued.template, title: issued.title, listingId: null, address: issued.content.property_details.address,
        valuationAud: issued.content.comprehensive_analysis.ai_valuation, generatedAt: issued.generated_at, generationMs: issued.generation_ms, modelId: issued.content.comprehensive_analysis.model_id,
        content: issued.content, contentHash: issued.content_hash, pdfBase64: pdf.toString('base64'), pdfSha256: issued.pdf_sha256, pdfBytes: issued.pdf_bytes, pdfPages: issued.pdf_pages,
      });
    } finally {
      await database.close();
    }
  }

  async function start(env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServerProcess(env);
    servers.push(server);
    await server.waitForOutput('PropGuard is ready', 180_000);
    return server;
  }

  it('mint, kill -9, restart: the token still verifies, the height never goes back, the minter key stays private and minting goes on', async () => {
    const first = await start(mainEnv);
    const report = (await postJson<{ report: StoredReport }>(`${first.baseUrl}/api/realty/valuation-report`, { address: '85 Turner St, Abbotsford VIC 3067' })).report;
    const minted = await postJson<MintCertificateResponse>(`${first.baseUrl}/api/blockchain/mint-valuation-nft`, { report_id: report.report_id });
    const before = chainFigures(await getJson<ServiceHealth>(`${first.baseUrl}/api/blockchain/blockchain-health`));
    expect(before.height).toBe(minted.block_number);

    const keyFile = path.join(TEST_HOME, 'chain', 'minter.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    expect(first.output()).not.toContain(key.slice(2));
    await killHard(first);

    const second = await start(mainEnv);
    const after = chainFigures(await getJson<ServiceHealth>(`${second.baseUrl}/api/blockchain/blockchain-health`));
    expect(after.contract).toBe(before.contract);
    expect(after.height).toBeGreaterThanOrEqual(before.height);
    const verified = await getJson<VerifyCertificateResponse>(`${second.baseUrl}/api/blockchain/verify-nft?token_id=${minted.token_id}`);
    expect(verified.verified).toBe(true);
    expect(verified.certificate.transaction_hash).toBe(minted.transaction_hash);
    // The same key after the restart: the file was not regenerated, and the nonce carries on.
    expect(fs.readFileSync(keyFile, 'utf8').trim()).toBe(key);
    const another = (await postJson<{ report: StoredReport }>(`${second.baseUrl}/api/realty/valuation-report`, { address: '1 Collins St, Melbourne VIC 3000' })).report;
    const next = await postJson<MintCertificateResponse>(`${second.baseUrl}/api/blockchain/mint-valuation-nft`, { report_id: another.report_id });
    expect(next.token_id).toBe(minted.token_id + 1);
    expect(next.block_number).toBeGreaterThan(after.height);
    const health = JSON.stringify(await getJson<ServiceHealth>(`${second.baseUrl}/api/blockchain/blockchain-health`));
    expect(health).not.toContain(key.slice(2));
    expect(second.output()).not.toContain(key.slice(2));
  }, 300_000);

  it('with CHAIN_RPC_URL and CHAIN_PRIVATE_KEY, a second server deploys to and mints on the first one\'s chain, and viem reads it there', async () => {
    const chainServer = servers.at(-1)!;
    const rpcUrl = `${chainServer.baseUrl}/api/blockchain/rpc`;
    // The first server's minter holds the chain's funds: the second one pays gas with that key.
    const key = fs.readFileSync(path.join(TEST_HOME, 'chain', 'minter.key'), 'utf8').trim();
    // A report issued by the first server, copied into the second one's database before it starts.
    const issued = (await getJson<{ report: StoredReport }>(`${chainServer.baseUrl}/api/reports?limit=1`).then(async (list) => getJson<{ report: StoredReport }>(`${chainServer.baseUrl}/api/reports/${(list as unknown as { reports: { report_id: string }[] }).reports[0]!.report_id}`))).report;
    const pdf = Buffer.from(await (await fetch(`${chainServer.baseUrl}/api/reports/${issued.report_id}/pdf`)).arrayBuffer());
    await copyReport(issued, pdf);
    copied = { report: issued, pdf };
    const external = await start({ ...externalEnv, CHAIN_RPC_URL: rpcUrl, CHAIN_PRIVATE_KEY: key });
    expect(fs.existsSync(path.join(externalHome, 'chain', 'minter.key'))).toBe(false);
    const health = chainFigures(await getJson<ServiceHealth>(`${external.baseUrl}/api/blockchain/blockchain-health`));
    expect(health.chainId).toBe(7316);
    const embeddedHealth = chainFigures(await getJson<ServiceHealth>(`${chainServer.baseUrl}/api/blockchain/blockchain-health`));
    expect(health.contract).not.toBe(embeddedHealth.contract);

    const minted = await postJson<MintCertificateResponse>(`${external.baseUrl}/api/blockchain/mint-valuation-nft`, { report_id: issued.report_id });
    expect(minted).toMatchObject({ token_id: 1, chain_id: 7316, contract_address: health.contract });
    const verified = await getJson<VerifyCertificateResponse>(`${external.baseUrl}/api/blockchain/verify-nft?tx_hash=${minted.transaction_hash}`);
    expect(verified.verified).toBe(true);
    // The token is on the first server's chain: read it there with viem, not through the second server.
    const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }) });
    expect(await client.readContract({ address: minted.contract_address as `0x${string}`, abi: CERTIFICATE_ABI, functionName: 'tokenURI', args: [1n] })).toBe(`ipfs://${minted.cid}`);
    const rpcOnExternal = await fetch(`${external.baseUrl}/api/blockchain/rpc`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }) });
    expect(rpcOnExternal.status).toBe(404);
  }, 300_000);

  it('a backup restored on a fresh home mints and verifies: the minter key travels in it, sealed with PROPGUARD_BACKUP_PASSPHRASE (regression: the backup left chain/minter.key out, and the restored server answered 503)', async () => {
    const external = servers.at(-1)!;
    if (external.child.exitCode === null) await killHard(external);
    // A second report for the restored server to certify: the copied one under another certificate id
    // (this test needs nothing more of the main server).
    expect(copied).not.toBeNull();
    const second = structuredClone(copied!.report);
    second.report_id = `rpt_restore_drill_${Date.now()}`;
    second.content.compliance_certificate.certificate_id = `${second.content.compliance_certificate.certificate_id}-R`;
    second.content_hash = createHash('sha256').update(canonicalJson(second.content)).digest('hex');
    await copyReport(second, copied!.pdf);

    // The scratch installation on its own embedded chain: a minter key made at its first start.
    const original = await start(externalEnv);
    const [first] = (await getJson<{ reports: { report_id: string }[] }>(`${original.baseUrl}/api/reports?limit=5`)).reports.filter((row) => row.report_id !== second.report_id);
    const minted = await postJson<MintCertificateResponse>(`${original.baseUrl}/api/blockchain/mint-valuation-nft`, { report_id: first!.report_id });
    const key = fs.readFileSync(path.join(externalHome, 'chain', 'minter.key'), 'utf8').trim();
    original.child.kill('SIGTERM');
    await original.exited;

    const file = path.join(externalHome, 'propguard.backup');
    const backedUp = await backupDatabase({ databaseUrl: externalEnv.DATABASE_URL, homeDir: externalHome }, file, { passphrase: PASSPHRASE });
    expect(backedUp.minterKey.status).toBe('included');
    expect(fs.readFileSync(file).includes(Buffer.from(key.slice(2)))).toBe(false);

    const restoredEnv: Record<string, string> = { PROPGUARD_HOME: restoredHome, WEB_DIST_PATH: path.join(restoredHome, 'no-web-build'), PROPGUARD_DATA_PATH: FIXTURE_DATA };
    if (kind === 'postgres') restoredEnv.DATABASE_URL = await createScratchDatabase(RESTORED_DB);
    const restored = await restoreDatabase({ databaseUrl: restoredEnv.DATABASE_URL, homeDir: restoredHome }, file, { passphrase: PASSPHRASE });
    expect(restored.minterKey).toMatchObject({ status: 'restored', warning: null });
    expect(fs.readFileSync(path.join(restoredHome, 'chain', 'minter.key'), 'utf8').trim()).toBe(key);

    const server = await start(restoredEnv);
    const health = await fetch(`${server.baseUrl}/api/blockchain/blockchain-health`);
    expect(health.status).toBe(200);
    const verified = await getJson<VerifyCertificateResponse>(`${server.baseUrl}/api/blockchain/verify-nft?token_id=${minted.token_id}`);
    expect(verified.verified, verified.reason).toBe(true);
    const next = await postJson<MintCertificateResponse>(`${server.baseUrl}/api/blockchain/mint-valuation-nft`, { report_id: second.report_id });
    expect(next).toMatchObject({ token_id: minted.token_id + 1, contract_address: minted.contract_address });
    expect((await getJson<VerifyCertificateResponse>(`${server.baseUrl}/api/blockchain/verify-nft?token_id=${next.token_id}`)).verified).toBe(true);
    expect(server.output()).not.toContain(key.slice(2));
  }, 400_000);
});
