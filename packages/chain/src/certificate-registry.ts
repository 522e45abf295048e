import {
  BaseError,
  bytesToHex,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  encodeEventTopics,
  hexToBytes,
  numberToHex,
  parseEventLogs,
  serializeTransaction,
  type Abi,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount, toAccount, type LocalAccount } from 'viem/accounts';
import { loadChainCrypto } from './chain-crypto.ts';
import artifactJson from '../artifacts/ValuationCertificate.json' with { type: 'json' };
import type { Hex } from './chain-store.ts';

export const CERTIFICATE_ABI = artifactJson.abi as Abi;
export const CERTIFICATE_BYTECODE = artifactJson.bytecode as Hex;
export const CERTIFICATE_ARTIFACT = { compiler: artifactJson.compiler, openzeppelin: artifactJson.openzeppelin, sourceSha256: artifactJson.sourceSha256 };

/** Gas limit of a mint: about twice what one uses (the CID's length changes it a little). */
const MINT_GAS_LIMIT = 600_000n;
const DEPLOY_GAS_LIMIT = 5_000_000n;

/** One certificate as the contract records it. */
export interface OnChainCertificate {
  tokenId: bigint;
  owner: Hex;
  reportHash: Hex;
  propertyKey: Hex;
  cid: string;
  issuer: Hex;
  issuedAt: bigint;
  supersedes: bigint;
  supersededBy: bigint;
  tokenUri: string;
}

export interface MintRequest {
  to?: Hex;
  reportHash: Hex;
  propertyKey: Hex;
  cid: string;
  supersedes: bigint;
}

export interface MintOutcome {
  tokenId: bigint;
  transactionHash: Hex;
  blockNumber: bigint;
  gasUsed: bigint;
  /** Milliseconds spent signing and submitting, then waiting for the receipt. */
  submitMs: number;
  receiptMs: number;
}

export interface IssuedEvent {
  tokenId: bigint;
  reportHash: Hex;
  propertyKey: Hex;
  cid: string;
  issuer: Hex;
  issuedAt: bigint;
  blockNumber: bigint;
  transactionHash: Hex;
}

export interface SupersededEvent {
  previousTokenId: bigint;
  newTokenId: bigint;
  blockNumber: bigint;
  transactionHash: Hex;
}

export interface RegistryOptions {
  /** Any EIP-1193 transport: the embedded chain (custom) or a JSON-RPC URL (http). */
  transport: Transport;
  chainId: bigint;
  privateKey: Hex;
  /** How often to poll for a receipt. */
  pollingIntervalMs: number;
  /**
   * What identifies the chain's current state: certificates read on chain are reused while it is
   * unchanged. Default: the latest block's number and hash (a reorganisation changes the hash).
   */
  head?: () => Promise<string>;
}

/** A token as read on chain at one head: its certificate (null: no such token) and its mint. */
export interface TokenState {
  certificate: OnChainCertificate | null;
  mint: { blockNumber: bigint; transactionHash: Hex } | null;
}

/** Most tokens whose state is kept per head. */
const TOKEN_CACHE_LIMIT = 10_000;

/** Revert reasons of the contract that a caller can act on. */
export class CertificateRevert extends Error {
  constructor(readonly reason: string, message: string) {
    super(message);
    this.name = 'CertificateRevert';
  }
}

/**
 * viem's local account for the minter key, except that transactions are signed by libsecp256k1
 * (chain-crypto.ts: about ten times faster than viem's JavaScript signer, a third of a mint's
 * signing and hashing time). The signature is the same standard recoverable ECDSA (low s).
 */
function minterAccount(privateKey: Hex): LocalAccount {
  const base = privateKeyToAccount(privateKey);
  const keyBytes = hexToBytes(privateKey);
  return toAccount({
    address: base.address,
    signMessage: (parameters) => base.signMessage(parameters),
    signTypedData: (parameters) => base.signTypedData(parameters),
    async signTransaction(transaction, options) {
      const serializer = options?.serializer ?? serializeTransaction;
      const crypto = await loadChainCrypto();
      const digest = crypto.keccak256(hexToBytes(await serializer(transaction)));
      const { r, s, recovery } = crypto.sign(digest, keyBytes);
      return serializer(transaction, { r: bytesToHex(r), s: bytesToHex(s), v: recovery === 1 ? 28n : 27n, yParity: recovery });
    },
  });
}

/**
 * The certificate contract on any EVM chain, through standard JSON-RPC only (viem): deploys it,
 * mints from the minter key, reads certificates and their events. The embedded chain and an
 * external one (CHAIN_RPC_URL) go through this same code.
 */
export class CertificateRegistry {
  readonly account: LocalAccount;
  readonly publicClient: PublicClient;
  private readonly walletClient: WalletClient;
  private readonly chain: Chain;
  private nextNonce: Promise<number> | null = null;
  private priorityFee: bigint | null = null;
  private tokenCache: { head: string; tokens: Map<bigint, Promise<TokenState>> } = { head: '', tokens: new Map() };

  constructor(private readonly options: RegistryOptions, public contractAddress: Hex | null) {
    this.account = minterAccount(options.privateKey);
    this.chain = {
      id: Number(options.chainId),
      name: `chain ${options.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    };
    this.publicClient = createPublicClient({ chain: this.chain, transport: options.transport, pollingInterval: options.pollingIntervalMs }) as PublicClient;
    this.walletClient = createWalletClient({ account: this.account, chain: this.chain, transport: options.transport, pollingInterval: options.pollingIntervalMs });
  }

  get minter(): Hex {
    return this.account.address.toLowerCase() as Hex;
  }

  /** Deploys the contract (admin and minter: the minter key) and answers its address. */
  async deploy(): Promise<{ address: Hex; transactionHash: Hex; blockNumber: bigint }> {
    const fees = await this.fees();
    const hash = await this.walletClient.deployContract({
      abi: CERTIFICATE_ABI,
      bytecode: CERTIFICATE_BYTECODE,
      args: [this.account.address, this.account.address],
      account: this.account,
      chain: this.chain,
      gas: DEPLOY_GAS_LIMIT,
      type: 'eip1559',
      nonce: await this.takeNonce(),
      ...fees,
    });
    const receipt = await this.publicClient.waitForTransactionReceipt({ hash, pollingInterval: this.options.pollingIntervalMs });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`Deploying the certificate contract failed in transaction ${hash}`);
    this.contractAddress = receipt.contractAddress.toLowerCase() as Hex;
    return { address: this.contractAddress, transactionHash: hash, blockNumber: receipt.blockNumber };
  }

  /** True when code is deployed at the contract address on this chain. */
  async isDeployed(): Promise<boolean> {
    if (!this.contractAddress) return false;
    const code = await this.publicClient.getCode({ address: this.contractAddress });
    return code !== undefined && code !== '0x';
  }

  /**
   * Signs and sends a mint, waits for its receipt and reads the token id from its event.
   * `onSubmitted` is told the transaction hash as soon as the chain has accepted it.
   */
  async mint(request: MintRequest, onSubmitted?: (transactionHash: Hex, submitMs: number) => void): Promise<MintOutcome> {
    const address = this.requireAddress();
    const started = performance.now();
    const fees = await this.fees();
    let hash: Hex;
    try {
      hash = await this.walletClient.writeContract({
        address,
        abi: CERTIFICATE_ABI,
        functionName: 'mint',
        args: [request.to ?? this.account.address, request.reportHash, request.propertyKey, request.cid, request.supersedes],
        account: this.account,
        chain: this.chain,
        gas: MINT_GAS_LIMIT,
        // Explicit, so that viem does not read the latest block to choose the type.
        type: 'eip1559',
        nonce: await this.takeNonce(),
        ...fees,
      });
    } catch (error) {
      // A refused transaction leaves the nonce unused: read it again from the chain.
      this.nextNonce = null;
      throw error;
    }
    const submitted = performance.now();
    onSubmitted?.(hash, submitted - started);
    const receipt = await this.receiptOf(hash);
    const received = performance.now();
    if (receipt.status !== 'success') {
      // The receipt carries no reason: replay the call on the latest state to name it.
      const reason = await this.publicClient
        .simulateContract({ address, abi: CERTIFICATE_ABI, functionName: 'mint', args: [request.to ?? this.account.address, request.reportHash, request.propertyKey, request.cid, request.supersedes], account: this.account })
        .then(() => 'unknown', (error: unknown) => {
          const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
          return reverted instanceof ContractFunctionRevertedError ? (reverted.data?.errorName ?? reverted.reason ?? 'unknown') : 'unknown';
        });
      throw new CertificateRevert(reason, `The mint transaction ${hash} reverted (${reason}; ${receipt.gasUsed} gas used)`);
    }
    const [issued] = parseEventLogs({ abi: CERTIFICATE_ABI, logs: receipt.logs, eventName: 'CertificateIssued' }) as unknown as { args: { tokenId: bigint } }[];
    if (!issued) throw new Error(`The mint transaction ${hash} emitted no CertificateIssued event`);
    return { tokenId: issued.args.tokenId, transactionHash: hash, blockNumber: receipt.blockNumber, gasUsed: receipt.gasUsed, submitMs: submitted - started, receiptMs: received - submitted };
  }

  /**
   * The receipt of a sent transaction: asked once at once (a chain that mines on arrival, like the
   * embedded one, already has it), then watched block by block.
   */
  private async receiptOf(hash: Hex) {
    const receipt = await this.publicClient.getTransactionReceipt({ hash }).catch(() => null);
    return receipt ?? this.publicClient.waitForTransactionReceipt({ hash, pollingInterval: this.options.pollingIntervalMs });
  }

  /**
   * A token's certificate and mint as the chain has them now. Contract state changes only with a
   * new block, so what was read at the current head is answered again without running the calls
   * (verification reads the same token again and again); a new block empties the cache.
   */
  async tokenState(tokenId: bigint, fromBlock: bigint): Promise<TokenState> {
    const head = await (this.options.head ?? this.latestHead)();
    if (head !== this.tokenCache.head) this.tokenCache = { head, tokens: new Map() };
    const { tokens } = this.tokenCache;
    let state = tokens.get(tokenId);
    if (!state) {
      state = Promise.all([this.getCertificate(tokenId), this.mintOf(tokenId, fromBlock)]).then(([certificate, mint]) => ({ certificate, mint }));
      if (tokens.size >= TOKEN_CACHE_LIMIT) tokens.clear();
      tokens.set(tokenId, state);
      // A failed read is not kept: the next call reads again.
      state.catch(() => tokens.delete(tokenId));
    }
    return state;
  }

  private readonly latestHead = async (): Promise<string> => {
    const block = await this.publicClient.getBlock({ blockTag: 'latest' });
    return `${block.number}:${block.hash}`;
  };

  /** The certificate of a token, or null when the token does not exist (ERC721NonexistentToken). */
  async getCertificate(tokenId: bigint): Promise<OnChainCertificate | null> {
    const address = this.requireAddress();
    let certificate: { reportHash: Hex; propertyKey: Hex; cid: string; issuer: Hex; issuedAt: bigint; supersedes: bigint; supersededBy: bigint };
    let owner: Hex;
    try {
      [certificate, owner] = await Promise.all([
        this.publicClient.readContract({ address, abi: CERTIFICATE_ABI, functionName: 'certificate', args: [tokenId] }) as Promise<typeof certificate>,
        this.publicClient.readContract({ address, abi: CERTIFICATE_ABI, functionName: 'ownerOf', args: [tokenId] }) as Promise<Hex>,
      ]);
    } catch (error) {
      const reverted = error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
      if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName === 'ERC721NonexistentToken') return null;
      throw error;
    }
    return {
      tokenId,
      owner: owner.toLowerCase() as Hex,
      reportHash: certificate.reportHash,
      propertyKey: certificate.propertyKey,
      cid: certificate.cid,
      issuer: certificate.issuer.toLowerCase() as Hex,
      issuedAt: certificate.issuedAt,
      supersedes: certificate.supersedes,
      supersededBy: certificate.supersededBy,
      // What tokenURI(tokenId) answers, by the contract's definition (tested in the contract tests).
      tokenUri: `ipfs://${certificate.cid}`,
    };
  }

  /** The token certifying a report hash, or 0n. */
  async tokenOfReport(reportHash: Hex): Promise<bigint> {
    return (await this.publicClient.readContract({ address: this.requireAddress(), abi: CERTIFICATE_ABI, functionName: 'tokenOfReport', args: [reportHash] })) as bigint;
  }

  async totalSupply(): Promise<bigint> {
    return (await this.publicClient.readContract({ address: this.requireAddress(), abi: CERTIFICATE_ABI, functionName: 'totalSupply' })) as bigint;
  }

  /** Every CertificateIssued and CertificateSuperseded event, oldest first, read from the chain's logs. */
  async readEvents(fromBlock: bigint): Promise<{ issued: IssuedEvent[]; superseded: SupersededEvent[] }> {
    const logs = await this.publicClient.getLogs({ address: this.requireAddress(), fromBlock, toBlock: 'latest' });
    const parsed = parseEventLogs({ abi: CERTIFICATE_ABI, logs }) as unknown as { eventName: string; args: Record<string, unknown>; blockNumber: bigint; transactionHash: Hex }[];
    const issued: IssuedEvent[] = [];
    const superseded: SupersededEvent[] = [];
    for (const log of parsed) {
      if (log.eventName === 'CertificateIssued') {
        const args = log.args as { tokenId: bigint; reportHash: Hex; propertyKey: Hex; cid: string; issuer: Hex; issuedAt: bigint };
        issued.push({ ...args, issuer: args.issuer.toLowerCase() as Hex, blockNumber: log.blockNumber, transactionHash: log.transactionHash });
      } else if (log.eventName === 'CertificateSuperseded') {
        const args = log.args as { previousTokenId: bigint; newTokenId: bigint };
        superseded.push({ ...args, blockNumber: log.blockNumber, transactionHash: log.transactionHash });
      }
    }
    return { issued, superseded };
  }

  /** Every token issued for a property (CertificateIssued logs with that indexed propertyKey), oldest first. */
  async tokensOfProperty(propertyKey: Hex, fromBlock: bigint): Promise<bigint[]> {
    const [signature] = encodeEventTopics({ abi: CERTIFICATE_ABI, eventName: 'CertificateIssued' });
    const logs = (await this.publicClient.request({
      method: 'eth_getLogs',
      params: [{ address: this.requireAddress(), fromBlock: numberToHex(fromBlock), toBlock: 'latest', topics: [signature as Hex, null, null, propertyKey.toLowerCase() as Hex] }],
    })) as { topics: Hex[] }[];
    return logs.map((log) => BigInt(log.topics[1]!));
  }

  /** The block and transaction that minted a token (its CertificateIssued log), or null. */
  async mintOf(tokenId: bigint, fromBlock: bigint): Promise<{ blockNumber: bigint; transactionHash: Hex } | null> {
    const [signature] = encodeEventTopics({ abi: CERTIFICATE_ABI, eventName: 'CertificateIssued' });
    const logs = (await this.publicClient.request({
      method: 'eth_getLogs',
      params: [{ address: this.requireAddress(), fromBlock: numberToHex(fromBlock), toBlock: 'latest', topics: [signature as Hex, numberToHex(tokenId, { size: 32 })] }],
    })) as { blockNumber: Hex; transactionHash: Hex }[];
    const log = logs[0];
    return log ? { blockNumber: BigInt(log.blockNumber), transactionHash: log.transactionHash } : null;
  }

  async balanceOfMinter(): Promise<bigint> {
    return this.publicClient.getBalance({ address: this.account.address });
  }

  private requireAddress(): Hex {
    if (!this.contractAddress) throw new Error('The certificate contract is not deployed');
    return this.contractAddress;
  }

  /** EIP-1559 fees: twice the current base fee plus the suggested tip, so a mint is not priced out by the next block. */
  private async fees(): Promise<{ maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    this.priorityFee ??= await this.publicClient.estimateMaxPriorityFeePerGas({ chain: this.chain });
    const gasPrice = await this.publicClient.getGasPrice();
    return { maxFeePerGas: gasPrice * 2n + this.priorityFee, maxPriorityFeePerGas: this.priorityFee };
  }

  /** Nonces handed out locally, so that mints sent together do not collide. */
  private async takeNonce(): Promise<number> {
    const current = this.nextNonce ?? this.publicClient.getTransactionCount({ address: this.account.address, blockTag: 'pending' });
    this.nextNonce = current.then((nonce) => nonce + 1);
    try {
      return await current;
    } catch (error) {
      this.nextNonce = null;
      throw error;
    }
  }
}
