import { createBlock, createBlockFromRLP, type Block } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import { Capability, createTxFromRLP, type TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex, bytesToUnprefixedHex, createAccount, createAddressFromString, hexToBytes, unprefixedHexToBytes, ValueEncoding, type BatchDBOp, type DB } from '@ethereumjs/util';
import { buildBlock, createVM, type RunTxResult, type VM } from '@ethereumjs/vm';
import { ChainError, describeRefusal } from './chain-error.ts';
import type { ChainStore, Hex, LogFilter, StoredBlock, StoredLog, StoredTransaction } from './chain-store.ts';
import { BLOCK_GAS_LIMIT, createChainCommon, executeCall, executeEstimate, type CallRequest, type CallResult } from './evm-execution.ts';

export { BLOCK_GAS_LIMIT };

/** Base fee of the genesis block (1 gwei); later blocks follow EIP-1559 from it. */
const GENESIS_BASE_FEE = 1_000_000_000n;
/** The tip eth_maxPriorityFeePerGas suggests (1 gwei). */
export const SUGGESTED_PRIORITY_FEE = 1_000_000_000n;
/** Most transactions mined into one block: a queue longer than this makes several blocks. */
const MAX_TRANSACTIONS_PER_BLOCK = 200;
/** Trie nodes kept in memory before the cache is dropped (they are reloaded from the store). */
const NODE_CACHE_LIMIT = 200_000;
/** Transactions kept in memory after mining, so that their receipts are read without the store. */
const RECENT_TRANSACTIONS = 10_000;
/** Most logs one eth_getLogs answers. */
export const MAX_LOGS = 10_000;

export interface GenesisAllocation {
  address: Hex;
  balanceWei: bigint;
}

export interface EmbeddedChainOptions {
  chainId: bigint;
  store: ChainStore;
  /** Accounts funded in the genesis block (used only when the store holds no chain yet). */
  genesis: GenesisAllocation[];
  /** The clock, in seconds (block timestamps). */
  nowSeconds?: () => bigint;
}

/**
 * What runs code for eth_call and eth_estimateGas: the embedded chain itself (in process, for
 * our own reads of our own contract) or the bounded thread pool that serves the public JSON-RPC
 * (bounded-calls.ts).
 */
export interface CallRunner {
  call(request: CallRequest): Promise<CallResult>;
  estimateGas(request: CallRequest): Promise<bigint>;
}

/**
 * The trie's key-value store: nodes live in memory, new ones are collected until the block that
 * made them is committed with them, and a node not in memory is read from the ChainStore. Nodes
 * are addressed by their hash and never pruned, so a node written twice is the same node. Values
 * are kept as bytes (the trie reads them thousands of times a block); they become hex once, when
 * their block is stored.
 */
class StoreBackedTrieDb implements DB<string, Uint8Array> {
  private cache = new Map<string, Uint8Array>();
  private pending = new Map<string, Uint8Array>();

  constructor(private readonly store: ChainStore) {}

  async get(key: string): Promise<Uint8Array | undefined> {
    const cached = this.cache.get(key) ?? this.pending.get(key);
    if (cached !== undefined) return cached;
    const stored = await this.store.getStateNode(key);
    if (stored === undefined) return undefined;
    const bytes = unprefixedHexToBytes(stored);
    this.remember(key, bytes);
    return bytes;
  }
  async put(key: string, value: Uint8Array): Promise<void> {
    this.pending.set(key, value);
  }
  async del(): Promise<void> {
    // Never pruned: an older state root stays readable, and a deleted node could be shared.
  }
  async batch(operations: BatchDBOp<string, Uint8Array>[]): Promise<void> {
    for (const operation of operations) if (operation.type === 'put') this.pending.set(operation.key, operation.value);
  }
  shallowCopy(): DB<string, Uint8Array> {
    return this;
  }
  async open(): Promise<void> {}

  /** The nodes written since the last call (as hex), to be stored with their block. */
  takePending(): Map<string, string> {
    const taken = new Map<string, string>();
    for (const [key, value] of this.pending) {
      taken.set(key, bytesToUnprefixedHex(value));
      this.remember(key, value);
    }
    this.pending = new Map();
    return taken;
  }
  /** Forgets unstored nodes (their block was not committed). */
  dropPending(): void {
    this.pending = new Map();
  }
  private remember(key: string, value: Uint8Array): void {
    if (this.cache.size >= NODE_CACHE_LIMIT) this.cache = new Map();
    this.cache.set(key, value);
  }
}

interface QueuedTransaction {
  transaction: TypedTransaction;
  resolve: (hash: Hex) => void;
  reject: (error: Error) => void;
}

const lower = (value: string): Hex => value.toLowerCase() as Hex;

function effectiveGasPrice(transaction: TypedTransaction, baseFee: bigint): bigint {
  if ('maxFeePerGas' in transaction && 'maxPriorityFeePerGas' in transaction) {
    const tip = transaction.maxFeePerGas - baseFee < transaction.maxPriorityFeePerGas ? transaction.maxFeePerGas - baseFee : transaction.maxPriorityFeePerGas;
    return baseFee + tip;
  }
  return (transaction as { gasPrice: bigint }).gasPrice;
}

/**
 * An Ethereum chain inside the process: the EthereumJS VM (Cancun rules) executes signed
 * transactions, mines them into blocks as soon as they arrive (transactions that arrive together
 * share a block) and commits every block with its receipts, logs and state to a ChainStore.
 * Everything that touches the VM runs one at a time.
 */
export class EmbeddedChain implements CallRunner {
  private queue: QueuedTransaction[] = [];
  private isMining = false;
  private exclusiveTail: Promise<unknown> = Promise.resolve();
  private recent = new Map<Hex, StoredTransaction>();

  private constructor(
    readonly chainId: bigint,
    readonly common: Common,
    private readonly vm: VM,
    private readonly trieDb: StoreBackedTrieDb,
    private readonly store: ChainStore,
    private head: Block,
    private readonly nowSeconds: () => bigint,
  ) {}

  /** Opens the chain kept in `store`, creating its genesis block on first use. */
  static async open(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
    const common = await createChainCommon(options.chainId);
    const trieDb = new StoreBackedTrieDb(options.store);
    const trie = new MerklePatriciaTrie({ db: trieDb, valueEncoding: ValueEncoding.Bytes, useKeyHashing: true, common });
    // Account, code and storage caches in front of the trie (the state manager has none by default).
    const stateManager = new MerkleStateManager({ trie, common, caches: new Caches() });
    const vm = await createVM({ common, stateManager });
    const nowSeconds = options.nowSeconds ?? (() => BigInt(Math.floor(Date.now() / 1000)));
    const stored = await options.store.getHead();
    let head: Block;
    if (stored) {
      head = createBlockFromRLP(hexToBytes(stored.rlp), { common, setHardfork: false });
      await stateManager.setStateRoot(head.header.stateRoot);
    } else {
      for (const allocation of options.genesis) {
        await stateManager.putAccount(createAddressFromString(allocation.address), createAccount({ balance: allocation.balanceWei, nonce: 0n }));
      }
      await stateManager.checkpoint();
      await stateManager.commit();
      const stateRoot = await stateManager.getStateRoot();
      head = createBlock({
        header: { number: 0n, stateRoot, gasLimit: BLOCK_GAS_LIMIT, timestamp: nowSeconds(), baseFeePerGas: GENESIS_BASE_FEE, extraData: new TextEncoder().encode('PropGuard embedded chain') },
      }, { common, setHardfork: false });
      await options.store.commitBlock(toStoredBlock(head), [], trieDb.takePending());
    }
    return new EmbeddedChain(options.chainId, common, vm, trieDb, options.store, head, nowSeconds);
  }

  get blockNumber(): bigint {
    return this.head.header.number;
  }

  get latestBlock(): Block {
    return this.head;
  }

  /** The base fee the next block will charge. */
  nextBaseFee(): bigint {
    return this.head.header.calcNextBaseFee();
  }

  /**
   * Takes a signed, serialized transaction, mines it and answers its hash once its block is
   * stored (automine). A transaction the chain refuses (bad signature, wrong chain, nonce, funds)
   * is an error to the caller; a transaction that runs and reverts is mined with status 0.
   */
  async sendRawTransaction(raw: Hex): Promise<Hex> {
    let transaction: TypedTransaction;
    try {
      transaction = createTxFromRLP(hexToBytes(raw), { common: this.common });
    } catch (error) {
      throw new ChainError(-32602, describeRefusal(error, 'Not a valid signed transaction: it could not be decoded'));
    }
    if (!transaction.isSigned() || !transaction.verifySignature()) throw new ChainError(-32602, 'The transaction is not signed');
    if (transaction.supports(Capability.EIP155ReplayProtection) && 'chainId' in transaction && transaction.chainId !== this.chainId) {
      throw new ChainError(-32602, `The transaction is for chain ${transaction.chainId}, this chain is ${this.chainId}`);
    }
    return new Promise<Hex>((resolve, reject) => {
      this.queue.push({ transaction, resolve, reject });
      void this.mine();
    });
  }

  /** eth_call on the latest state, in this process: runs the call and throws its changes away. */
  async call(request: CallRequest): Promise<CallResult> {
    return this.exclusive(() => executeCall(this.vm, this.head, request, request.gas ?? BLOCK_GAS_LIMIT));
  }

  /** eth_estimateGas on the latest state, in this process: runs the transaction (unsigned, as `from`) and throws its changes away. */
  async estimateGas(request: CallRequest): Promise<bigint> {
    return this.exclusive(() => executeEstimate(this.vm, this.head, request, request.gas ?? BLOCK_GAS_LIMIT));
  }

  /**
   * A node of the state trie (or a contract's code) by its key, as the trie reads it: what the
   * threads that run public calls read the state through (bounded-calls.ts). Nodes are addressed
   * by their hash and never pruned, so any head's state stays readable while blocks are mined.
   */
  readStateNode(key: string): Promise<Uint8Array | undefined> {
    return this.trieDb.get(key);
  }

  async getBalance(address: Hex): Promise<bigint> {
    return this.exclusive(async () => (await this.vm.stateManager.getAccount(createAddressFromString(address)))?.balance ?? 0n);
  }

  async getTransactionCount(address: Hex): Promise<bigint> {
    return this.exclusive(async () => (await this.vm.stateManager.getAccount(createAddressFromString(address)))?.nonce ?? 0n);
  }

  async getCode(address: Hex): Promise<Hex> {
    return this.exclusive(async () => bytesToHex(await this.vm.stateManager.getCode(createAddressFromString(address))) as Hex);
  }

  async getBlock(number: bigint): Promise<{ block: Block; transactions: StoredTransaction[] } | null> {
    const stored = number === this.head.header.number ? toStoredBlock(this.head) : await this.store.getBlockByNumber(number);
    return stored ? this.expand(stored) : null;
  }

  async getBlockByHash(hash: Hex): Promise<{ block: Block; transactions: StoredTransaction[] } | null> {
    const stored = await this.store.getBlockByHash(lower(hash));
    return stored ? this.expand(stored) : null;
  }

  async getTransaction(hash: Hex): Promise<{ stored: StoredTransaction; transaction: TypedTransaction } | null> {
    const stored = await this.getStoredTransaction(hash);
    return stored ? { stored, transaction: this.decode(stored.raw) } : null;
  }

  async getStoredTransaction(hash: Hex): Promise<StoredTransaction | null> {
    return this.recent.get(lower(hash)) ?? this.store.getTransaction(lower(hash));
  }

  decode(raw: Hex): TypedTransaction {
    return createTxFromRLP(hexToBytes(raw), { common: this.common });
  }

  async getLogs(filter: LogFilter): Promise<StoredLog[]> {
    const logs = await this.store.getLogs(filter);
    if (logs.length > filter.limit) throw new ChainError(-32005, `More than ${filter.limit} logs match: narrow the block range`);
    return logs;
  }

  private async expand(stored: StoredBlock): Promise<{ block: Block; transactions: StoredTransaction[] }> {
    return { block: createBlockFromRLP(hexToBytes(stored.rlp), { common: this.common, setHardfork: false }), transactions: await this.store.getBlockTransactions(stored.number) };
  }

  /** Runs `task` after every task before it: the VM's state is not safe to share. */
  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const run = this.exclusiveTail.then(task, task);
    this.exclusiveTail = run.catch(() => undefined);
    return run;
  }

  private async mine(): Promise<void> {
    if (this.isMining) return;
    this.isMining = true;
    try {
      while (this.queue.length > 0) {
        // As many as fit the block's gas limit by their own gas limits (at least one: a
        // transaction above the block's limit is then refused by the VM).
        let gas = 0n;
        let count = 0;
        while (count < this.queue.length && count < MAX_TRANSACTIONS_PER_BLOCK) {
          gas += this.queue[count]!.transaction.gasLimit;
          if (count > 0 && gas > BLOCK_GAS_LIMIT) break;
          count += 1;
        }
        const batch = this.queue.splice(0, count);
        await this.exclusive(() => this.mineBlock(batch));
      }
    } finally {
      this.isMining = false;
    }
  }

  private async mineBlock(batch: QueuedTransaction[]): Promise<void> {
    const parent = this.head;
    const now = this.nowSeconds();
    // Blocks mined within the same second share its timestamp (as on a development chain), so
    // that block times never run ahead of the clock.
    const timestamp = now > parent.header.timestamp ? now : parent.header.timestamp;
    const builder = await buildBlock(this.vm, {
      parentBlock: parent,
      headerData: { timestamp, gasLimit: BLOCK_GAS_LIMIT },
      blockOpts: { putBlockIntoBlockchain: false, calcDifficultyFromHeader: parent.header },
    });
    const included: { item: QueuedTransaction; result: RunTxResult }[] = [];
    for (const item of batch) {
      try {
        included.push({ item, result: await builder.addTransaction(item.transaction) });
      } catch (error) {
        item.reject(new ChainError(-32000, describeRefusal(error, 'The chain refused the transaction')));
      }
    }
    if (included.length === 0) {
      await builder.revert();
      return;
    }
    try {
      const { block } = await builder.build();
      const storedBlock = toStoredBlock(block);
      const baseFee = block.header.baseFeePerGas ?? 0n;
      const transactions = included.map(({ item, result }, index) => toStoredTransaction(storedBlock, index, item.transaction, result, baseFee));
      let logIndex = 0;
      for (const transaction of transactions) for (const log of transaction.logs) log.logIndex = logIndex++;
      await this.store.commitBlock(storedBlock, transactions, this.trieDb.takePending());
      this.head = block;
      if (this.recent.size + transactions.length > RECENT_TRANSACTIONS) this.recent = new Map();
      for (const transaction of transactions) this.recent.set(transaction.hash, transaction);
      for (const [index, { item }] of included.entries()) item.resolve(transactions[index]!.hash);
    } catch (error) {
      // Not stored: go back to the parent's state so memory and the store agree.
      this.trieDb.dropPending();
      await this.vm.stateManager.setStateRoot(parent.header.stateRoot, true);
      // The store's own message may name the database; it is not the caller's to read.
      for (const { item } of included) item.reject(new ChainError(-32603, 'The block could not be stored', undefined, { cause: error }));
    }
  }
}

function toStoredBlock(block: Block): StoredBlock {
  return { number: block.header.number, hash: bytesToHex(block.hash()) as Hex, timestamp: block.header.timestamp, rlp: bytesToHex(block.serialize()) as Hex };
}

function toStoredTransaction(block: StoredBlock, index: number, transaction: TypedTransaction, result: RunTxResult, baseFee: bigint): StoredTransaction {
  const hash = bytesToHex(transaction.hash()) as Hex;
  const receipt = result.receipt as { status?: 0 | 1; cumulativeBlockGasUsed: bigint; logs: [Uint8Array, Uint8Array[], Uint8Array][] };
  return {
    hash,
    blockNumber: block.number,
    blockHash: block.hash,
    transactionIndex: index,
    from: lower(transaction.getSenderAddress().toString()),
    to: transaction.to ? lower(transaction.to.toString()) : null,
    contractAddress: result.createdAddress ? lower(result.createdAddress.toString()) : null,
    raw: bytesToHex(transaction.serialize()) as Hex,
    status: receipt.status ?? (result.execResult.exceptionError ? 0 : 1),
    gasUsed: result.totalGasSpent,
    cumulativeGasUsed: receipt.cumulativeBlockGasUsed,
    effectiveGasPrice: effectiveGasPrice(transaction, baseFee),
    logsBloom: bytesToHex(result.bloom.bitvector) as Hex,
    logs: receipt.logs.map(([address, topics, data]) => ({
      blockNumber: block.number,
      blockHash: block.hash,
      transactionHash: hash,
      transactionIndex: index,
      logIndex: 0,
      address: lower(bytesToHex(address)),
      topics: topics.map((topic) => lower(bytesToHex(topic))),
      data: lower(bytesToHex(data)),
    })),
  };
}
