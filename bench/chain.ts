/**
 * The certificate chain's throughput and the verification latency, on this machine.
 *
 * 1. Mints per second: a fresh embedded chain on a fresh embedded database (PGlite in a temporary
 *    directory; DATABASE_URL: that PostgreSQL database) with the real store (every block committed
 *    with its transactions, logs and state), the real contract and signed transactions from a
 *    minter key; each mint first encodes its dag-json metadata and computes the CID, as the API does.
 *    Measured with 25 mints in flight (they share blocks) and one at a time.
 * 2. Verify p95: GET /api/blockchain/verify-nft in process (Fastify inject) on the configured
 *    database (PROPGUARD_HOME, default .propguard, or DATABASE_URL), after minting certificates for
 *    BENCH_REPORTS (20) newly generated reports: on-chain reads, metadata CID and stored report
 *    re-hashed on every call.
 *
 *   npm run bench:chain          targets: at least 50 mints/s, verify p95 under 20 ms
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { keccak256, toHex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { CertificateRegistry, EmbeddedChain, embeddedTransport, encodeDagJson } from '@propguard/chain';
import { DatabaseChainStore, openDatabase } from '@propguard/db';
import { buildApp, createAppContext, loadConfig } from '@propguard/server';

const CONCURRENT_MINTS = 500;
const IN_FLIGHT = 25;
const SEQUENTIAL_MINTS = 100;
const VERIFY_CALLS = 500;
const REPORTS = Number(process.env.BENCH_REPORTS ?? 20);
const BENCH_LIMITS = { RATE_LIMIT_PER_MINUTE: '100000000', EXPENSIVE_RATE_LIMIT_PER_MINUTE: '100000000', COMPAT_RATE_LIMIT_PER_MINUTE: '100000000' };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

/**
 * BENCH_PROFILE=dir: a CPU profile (.cpuprofile, for Chrome DevTools) of the measured part only,
 * without start-up, database creation and warm-up.
 */
async function startProfile(): Promise<{ stop: (name: string) => Promise<void> } | null> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return null;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(name) {
      const { profile } = await session.post('Profiler.stop');
      fs.mkdirSync(dir, { recursive: true });
      const file = path.join(dir, `chain-${name}-${Date.now()}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of the ${name}: ${file}`);
      session.disconnect();
    },
  };
}

let serial = 0;
async function mintOne(registry: CertificateRegistry): Promise<void> {
  const n = ++serial;
  const { cid } = await encodeDagJson({ schema: 'bench', report: { report_id: `bench-${n}`, n }, issuer: { address: registry.minter } });
  await registry.mint({ reportHash: keccak256(toHex(`bench report ${n} ${Date.now()}`)), propertyKey: keccak256(toHex(`bench property ${n}`)), cid, supersedes: 0n });
}

async function benchMints(): Promise<{ concurrent: number; sequential: number; blocks: bigint; cpuMsPerMint: number }> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'propguard-bench-chain-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, homeDir: home });
  try {
    if (database.kind === 'postgres') await database.query('TRUNCATE chain_blocks, chain_transactions, chain_logs, chain_state_nodes');
    const key = generatePrivateKey();
    const chain = await EmbeddedChain.open({ chainId: 7316n, store: new DatabaseChainStore(database), genesis: [{ address: privateKeyToAccount(key).address, balanceWei: 10n ** 24n }] });
    const registry = new CertificateRegistry({ transport: embeddedTransport(chain), chainId: 7316n, privateKey: key, pollingIntervalMs: 5 }, null);
    await registry.deploy();
    for (let index = 0; index < 20; index++) await mintOne(registry); // warm-up (JIT)

    const profiler = await startProfile();
    let started = performance.now();
    const cpu = process.cpuUsage();
    let next = 0;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < CONCURRENT_MINTS) {
        next += 1;
        await mintOne(registry);
      }
    }));
    const concurrent = CONCURRENT_MINTS / ((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    const cpuMsPerMint = (used.user + used.system) / 1000 / CONCURRENT_MINTS;
    await profiler?.stop('mints');
    started = performance.now();
    for (let index = 0; index < SEQUENTIAL_MINTS; index++) await mintOne(registry);
    const sequential = SEQUENTIAL_MINTS / ((performance.now() - started) / 1000);
    if ((await registry.totalSupply()) !== BigInt(20 + CONCURRENT_MINTS + SEQUENTIAL_MINTS)) throw new Error('Not every mint produced a token');
    return { concurrent, sequential, blocks: chain.blockNumber, cpuMsPerMint };
  } finally {
    await database.close();
    fs.rmSync(home, { recursive: true, force: true });
  }
}

async function benchVerify(): Promise<{ timings: number[]; cpuMsPerCall: number }> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...BENCH_LIMITS });
  const context = await createAppContext(config);
  const app = await buildApp(context, { logger: false });
  await app.ready();
  try {
    const addresses = await context.database.query<{ address: string; suburb: string; state: string; postcode: string }>(
      `SELECT address, suburb, state, postcode FROM addresses WHERE lat IS NOT NULL AND state = 'VIC' AND postcode IS NOT NULL ORDER BY id LIMIT ${REPORTS}`,
    );
    const tokens: number[] = [];
    for (const row of addresses) {
      const report = await app.inject({ method: 'POST', url: '/api/realty/valuation-report', payload: { address: `${row.address}, ${row.suburb} ${row.state} ${row.postcode}` } });
      const reportId = (report.json() as { report: { report_id: string } }).report.report_id;
      const minted = await app.inject({ method: 'POST', url: '/api/blockchain/mint-valuation-nft', payload: { report_id: reportId } });
      if (minted.statusCode !== 200) throw new Error(`mint answered ${minted.statusCode}: ${minted.body}`);
      tokens.push((minted.json() as { token_id: number }).token_id);
    }
    const timings: number[] = [];
    let profiler: Awaited<ReturnType<typeof startProfile>> = null;
    let cpu = process.cpuUsage();
    for (let index = 0; index < VERIFY_CALLS + 50; index++) {
      if (index === 50) {
        profiler = await startProfile();
        cpu = process.cpuUsage();
      }
      const tokenId = tokens[index % tokens.length];
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: `/api/blockchain/verify-nft?token_id=${tokenId}` });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200 || !(response.json() as { verified: boolean }).verified) throw new Error(`verify of token ${tokenId} failed: ${response.body}`);
      if (index >= 50) timings.push(elapsed); // the first 50 warm up
    }
    const used = process.cpuUsage(cpu);
    await profiler?.stop('verifications');
    return { timings: timings.sort((a, b) => a - b), cpuMsPerCall: (used.user + used.system) / 1000 / VERIFY_CALLS };
  } finally {
    await app.close();
    await context.database.close();
  }
}

const [load] = os.loadavg();
console.log(`load average at start: ${load?.toFixed(1)} on ${os.cpus().length} cores (other processes slow every figure below)`);
const only = process.env.BENCH_ONLY; // 'mints' or 'verify': one half (e.g. under a profiler)
const mints = only === 'verify' ? null : await benchMints();
if (mints) console.log(`mints: ${mints.concurrent.toFixed(1)} mints/s with ${IN_FLIGHT} in flight (${CONCURRENT_MINTS} mints), ${mints.sequential.toFixed(1)} mints/s one at a time (${SEQUENTIAL_MINTS}); ${mints.blocks} blocks, every one committed to the database; ${mints.cpuMsPerMint.toFixed(1)} ms of CPU per mint (${(1000 / mints.cpuMsPerMint).toFixed(0)} mints per CPU-second)`);
const verified = only === 'mints' ? null : await benchVerify();
const verify = verified?.timings;
if (verified && verify) console.log(`verify: GET /api/blockchain/verify-nft p50 ${percentile(verify, 0.5).toFixed(1)} ms, p95 ${percentile(verify, 0.95).toFixed(1)} ms, max ${(verify.at(-1) ?? 0).toFixed(1)} ms over ${verify.length} calls on ${REPORTS} certificates; ${verified.cpuMsPerCall.toFixed(1)} ms of CPU per call`);
const [loadAtEnd] = os.loadavg();
console.log(`load average at end: ${loadAtEnd?.toFixed(1)}`);
const ok = (!mints || mints.concurrent >= 50) && (!verify || percentile(verify, 0.95) < 20);
console.log(ok ? 'targets met: at least 50 mints/s, verify p95 under 20 ms' : 'TARGETS MISSED: at least 50 mints/s, verify p95 under 20 ms');
