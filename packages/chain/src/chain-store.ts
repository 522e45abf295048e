/** Hex strings as Ethereum's JSON-RPC writes them: 0x-prefixed, lower case. */
export type Hex = `0x${string}`;

/** A mined block as stored: the RLP is the block itself; the other fields index it. */
export interface StoredBlock {
  number: bigint;
  hash: Hex;
  timestamp: bigint;
  /** RLP of the whole block (header, transactions, withdrawals). */
  rlp: Hex;
}

export interface StoredLog {
  blockNumber: bigint;
  blockHash: Hex;
  transactionHash: Hex;
  transactionIndex: number;
  /** Position of the log in its block. */
  logIndex: number;
  address: Hex;
  topics: Hex[];
  data: Hex;
}

/** A mined transaction with its receipt. */
export interface StoredTransaction {
  hash: Hex;
  blockNumber: bigint;
  blockHash: Hex;
  transactionIndex: number;
  from: Hex;
  to: Hex | null;
  contractAddress: Hex | null;
  /** Serialized signed transaction (what eth_sendRawTransaction took). */
  raw: Hex;
  status: 0 | 1;
  gasUsed: bigint;
  cumulativeGasUsed: bigint;
  effectiveGasPrice: bigint;
  logsBloom: Hex;
  logs: StoredLog[];
}

export interface LogFilter {
  fromBlock: bigint;
  toBlock: bigint;
  /** Any of these contract addresses (lower case); empty means any. */
  addresses: Hex[];
  /** Per position: null matches anything, otherwise any of the values (lower case). */
  topics: (Hex[] | null)[];
  /** Most logs returned (the filter is refused above it). */
  limit: number;
}

/**
 * Where the embedded chain keeps everything that must survive a restart: blocks, transactions with
 * their receipts and logs, and the nodes of the state trie. `commitBlock` is atomic: after a crash
 * a block is either there with all its transactions and state, or not at all.
 */
export interface ChainStore {
  /** The highest stored block, or null for a new chain. */
  getHead(): Promise<StoredBlock | null>;
  getBlockByNumber(number: bigint): Promise<StoredBlock | null>;
  getBlockByHash(hash: Hex): Promise<StoredBlock | null>;
  getTransaction(hash: Hex): Promise<StoredTransaction | null>;
  getBlockTransactions(number: bigint): Promise<StoredTransaction[]>;
  getLogs(filter: LogFilter): Promise<StoredLog[]>;
  /** A state trie node by its key (hex), or undefined. */
  getStateNode(key: string): Promise<string | undefined>;
  commitBlock(block: StoredBlock, transactions: StoredTransaction[], stateNodes: Map<string, string>): Promise<void>;
}

function matchesTopics(log: StoredLog, topics: (Hex[] | null)[]): boolean {
  return topics.every((wanted, position) => wanted === null || wanted.length === 0 || (log.topics[position] !== undefined && wanted.includes(log.topics[position])));
}

/** A ChainStore in memory: for contract tests and benchmarks that need no restart. */
export class MemoryChainStore implements ChainStore {
  private readonly blocks: StoredBlock[] = [];
  private readonly blocksByHash = new Map<Hex, StoredBlock>();
  private readonly transactions = new Map<Hex, StoredTransaction>();
  private readonly transactionsByBlock = new Map<bigint, StoredTransaction[]>();
  private readonly nodes = new Map<string, string>();

  async getHead(): Promise<StoredBlock | null> {
    return this.blocks.at(-1) ?? null;
  }
  async getBlockByNumber(number: bigint): Promise<StoredBlock | null> {
    return this.blocks[Number(number)] ?? null;
  }
  async getBlockByHash(hash: Hex): Promise<StoredBlock | null> {
    return this.blocksByHash.get(hash) ?? null;
  }
  async getTransaction(hash: Hex): Promise<StoredTransaction | null> {
    return this.transactions.get(hash) ?? null;
  }
  async getBlockTransactions(number: bigint): Promise<StoredTransaction[]> {
    return this.transactionsByBlock.get(number) ?? [];
  }
  async getLogs(filter: LogFilter): Promise<StoredLog[]> {
    const logs: StoredLog[] = [];
    for (let number = filter.fromBlock; number <= filter.toBlock && number < BigInt(this.blocks.length); number++) {
      for (const transaction of this.transactionsByBlock.get(number) ?? []) {
        for (const log of transaction.logs) {
          if (filter.addresses.length > 0 && !filter.addresses.includes(log.address)) continue;
          if (!matchesTopics(log, filter.topics)) continue;
          logs.push(log);
        }
      }
    }
    return logs.slice(0, filter.limit + 1);
  }
  async getStateNode(key: string): Promise<string | undefined> {
    return this.nodes.get(key);
  }
  async commitBlock(block: StoredBlock, transactions: StoredTransaction[], stateNodes: Map<string, string>): Promise<void> {
    for (const [key, value] of stateNodes) this.nodes.set(key, value);
    this.blocks[Number(block.number)] = block;
    this.blocksByHash.set(block.hash, block);
    this.transactionsByBlock.set(block.number, transactions);
    for (const transaction of transactions) this.transactions.set(transaction.hash, transaction);
  }
}
