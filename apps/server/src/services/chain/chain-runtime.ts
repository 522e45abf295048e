import { performance } from 'node:perf_hooks';
import { http } from 'viem';
import { BoundedCallRunner, CertificateRegistry, EmbeddedChain, embeddedTransport, loadMinterKey, type Hex } from '@propguard/chain';
import { DatabaseChainStore, getChainSetting, setChainSetting, type Database } from '@propguard/db';
import type { AppConfig } from '../../config.ts';

/** Chain id of the embedded chain (unassigned on chainlist.org as of 2026-11). */
export const EMBEDDED_CHAIN_ID = 7316n;
/** The minter's balance in the genesis block: 1,000 of the chain's coin, enough for millions of mints. */
const GENESIS_BALANCE_WEI = 1_000n * 10n ** 18n;

export interface ChainRuntime {
  kind: 'embedded' | 'external';
  network: string;
  chainId: bigint;
  registry: CertificateRegistry;
  contractAddress: Hex;
  /** The embedded chain, when it is the one in use (JSON-RPC at /api/blockchain/rpc). */
  embedded: EmbeddedChain | null;
  /**
   * What runs the public JSON-RPC's eth_call and eth_estimateGas on the embedded chain: worker
   * threads with a gas cap and a time budget (issue 29), started on the first such call.
   */
  publicCalls: BoundedCallRunner | null;
  /** First block to read certificate events from (the deployment's). */
  fromBlock: bigint;
  loadMs: number;
}

export type ChainRuntimeState = { ready: true; runtime: ChainRuntime } | { ready: false; reason: string };

const contractKey = (chainId: bigint) => `certificate_contract:${chainId}`;
const deployBlockKey = (chainId: bigint) => `certificate_contract_block:${chainId}`;

/**
 * Opens the certificate chain: the embedded one (state in the database) or, with CHAIN_RPC_URL,
 * an external one, and deploys the certificate contract there on first use. The same
 * CertificateRegistry code talks to both through JSON-RPC.
 */
export async function openChainRuntime(config: AppConfig, database: Database): Promise<ChainRuntime> {
  const started = performance.now();
  const key = loadMinterKey(config.homeDir, config.chainPrivateKey);
  let embedded: EmbeddedChain | null = null;
  let registry: CertificateRegistry;
  let chainId: bigint;
  if (config.chainRpcUrl) {
    const transport = http(config.chainRpcUrl, { retryCount: 0, timeout: 10_000 });
    const probe = new CertificateRegistry({ transport, chainId: 1n, privateKey: key.privateKey, pollingIntervalMs: 250 }, null);
    chainId = BigInt(await probe.publicClient.getChainId());
    registry = new CertificateRegistry({ transport, chainId, privateKey: key.privateKey, pollingIntervalMs: 250 }, null);
  } else {
    chainId = EMBEDDED_CHAIN_ID;
    const { privateKeyToAccount } = await import('viem/accounts');
    const minter = privateKeyToAccount(key.privateKey).address;
    embedded = await EmbeddedChain.open({ chainId, store: new DatabaseChainStore(database), genesis: [{ address: minter, balanceWei: GENESIS_BALANCE_WEI }] });
    const chain = embedded;
    // The embedded chain only ever appends blocks (no reorganisation): its height names its state.
    registry = new CertificateRegistry({ transport: embeddedTransport(chain), chainId, privateKey: key.privateKey, pollingIntervalMs: 5, head: async () => chain.blockNumber.toString() }, null);
  }
  const stored = (await getChainSetting(database, contractKey(chainId))) as Hex | null;
  registry.contractAddress = stored;
  let fromBlock = BigInt((await getChainSetting(database, deployBlockKey(chainId))) ?? '0');
  const deployedBefore = await registry.isDeployed();
  // The embedded chain funds its minter in the genesis block, so a deployed chain whose minter has
  // nothing was created for another key (the database moved without PROPGUARD_HOME): say so at start
  // instead of failing every mint.
  if (embedded && deployedBefore && (await registry.balanceOfMinter()) === 0n) {
    throw new Error("this database's embedded chain was created with another minter key: restore chain/minter.key in PROPGUARD_HOME from the installation that created it");
  }
  if (!deployedBefore) {
    const deployed = await registry.deploy();
    await setChainSetting(database, contractKey(chainId), deployed.address);
    await setChainSetting(database, deployBlockKey(chainId), deployed.blockNumber.toString());
    fromBlock = deployed.blockNumber;
  }
  return {
    kind: embedded ? 'embedded' : 'external',
    network: embedded ? `PropGuard embedded chain (id ${chainId})` : `chain ${chainId} at ${new URL(config.chainRpcUrl as string).host}`,
    chainId,
    registry,
    contractAddress: registry.contractAddress as Hex,
    embedded,
    publicCalls: embedded ? new BoundedCallRunner(embedded, { gasCap: config.chainCallGasCap, timeoutMs: config.chainCallTimeoutMs, threads: config.chainCallThreads }) : null,
    fromBlock,
    loadMs: Math.round(performance.now() - started),
  };
}
