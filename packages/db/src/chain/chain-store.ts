import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ChainStore, Hex, LogFilter, StoredBlock, StoredLog, StoredTransaction } from '@propguard/chain';
import type { Database } from '../open-database.ts';
import { chainBlocks, chainLogs, chainSettings, chainStateNodes, chainTransactions, ipfsObjects } from '../schema.ts';

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters; a node row has 2). */
const ROWS_PER_INSERT = 1000;

type BlockRow = typeof chainBlocks.$inferSelect;
type TransactionRow = typeof chainTransactions.$inferSelect;
type LogRow = typeof chainLogs.$inferSelect;

function toBlock(row: BlockRow): StoredBlock {
  return { number: BigInt(row.number), hash: row.hash as Hex, timestamp: BigInt(row.timestamp), rlp: row.rlp as Hex };
}

function toLog(row: LogRow): StoredLog {
  return {
    blockNumber: BigInt(row.blockNumber),
    blockHash: row.blockHash as Hex,
    transactionHash: row.transactionHash as Hex,
    transactionIndex: row.transactionIndex,
    logIndex: row.logIndex,
    address: row.address as Hex,
    topics: [row.topic0, row.topic1, row.topic2, row.topic3].filter((topic): topic is string => topic !== null) as Hex[],
    data: row.data as Hex,
  };
}

function toTransaction(row: TransactionRow, logs: StoredLog[]): StoredTransaction {
  return {
    hash: row.hash as Hex,
    blockNumber: BigInt(row.blockNumber),
    blockHash: row.blockHash as Hex,
    transactionIndex: row.transactionIndex,
    from: row.fromAddress as Hex,
    to: row.toAddress as Hex | null,
    contractAddress: row.contractAddress as Hex | null,
    raw: row.raw as Hex,
    status: row.status === 1 ? 1 : 0,
    gasUsed: BigInt(row.gasUsed),
    cumulativeGasUsed: BigInt(row.cumulativeGasUsed),
    effectiveGasPrice: BigInt(row.effectiveGasPriceWei),
    logsBloom: row.logsBloom as Hex,
    logs,
  };
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) out.push(rows.slice(start, start + ROWS_PER_INSERT));
  return out;
}

/** The embedded chain's store in our database (PGlite or PostgreSQL): see ChainStore. */
export class DatabaseChainStore implements ChainStore {
  constructor(private readonly database: Database) {}

  async getHead(): Promise<StoredBlock | null> {
    const [row] = await this.database.db.select().from(chainBlocks).orderBy(sql`${chainBlocks.number} desc`).limit(1);
    return row ? toBlock(row) : null;
  }

  async getBlockByNumber(number: bigint): Promise<StoredBlock | null> {
    const [row] = await this.database.db.select().from(chainBlocks).where(eq(chainBlocks.number, Number(number))).limit(1);
    return row ? toBlock(row) : null;
  }

  async getBlockByHash(hash: Hex): Promise<StoredBlock | null> {
    const [row] = await this.database.db.select().from(chainBlocks).where(eq(chainBlocks.hash, hash)).limit(1);
    return row ? toBlock(row) : null;
  }

  async getTransaction(hash: Hex): Promise<StoredTransaction | null> {
    const [row] = await this.database.db.select().from(chainTransactions).where(eq(chainTransactions.hash, hash)).limit(1);
    if (!row) return null;
    const logs = await this.database.db.select().from(chainLogs).where(eq(chainLogs.transactionHash, hash)).orderBy(asc(chainLogs.logIndex));
    return toTransaction(row, logs.map(toLog));
  }

  async getBlockTransactions(number: bigint): Promise<StoredTransaction[]> {
    const [rows, logs] = await Promise.all([
      this.database.db.select().from(chainTransactions).where(eq(chainTransactions.blockNumber, Number(number))).orderBy(asc(chainTransactions.transactionIndex)),
      this.database.db.select().from(chainLogs).where(eq(chainLogs.blockNumber, Number(number))).orderBy(asc(chainLogs.logIndex)),
    ]);
    return rows.map((row) => toTransaction(row, logs.filter((log) => log.transactionHash === row.hash).map(toLog)));
  }

  async getLogs(filter: LogFilter): Promise<StoredLog[]> {
    const conditions: SQL[] = [between(chainLogs.blockNumber, Number(filter.fromBlock), Number(filter.toBlock))];
    if (filter.addresses.length > 0) conditions.push(inArray(chainLogs.address, filter.addresses));
    const topicColumns = [chainLogs.topic0, chainLogs.topic1, chainLogs.topic2, chainLogs.topic3];
    filter.topics.forEach((wanted, position) => {
      const column = topicColumns[position];
      if (wanted && wanted.length > 0 && column) conditions.push(inArray(column, wanted));
    });
    const rows = await this.database.db.select().from(chainLogs).where(and(...conditions)).orderBy(asc(chainLogs.blockNumber), asc(chainLogs.logIndex)).limit(filter.limit + 1);
    return rows.map(toLog);
  }

  async getStateNode(key: string): Promise<string | undefined> {
    const [row] = await this.database.db.select({ value: chainStateNodes.value }).from(chainStateNodes).where(eq(chainStateNodes.key, key)).limit(1);
    return row?.value;
  }

  /**
   * One round trip, one transaction: a block is stored with its transactions, logs and state, or
   * not at all (statements sent together run as one implicit transaction). Every value is checked
   * to be hex or a whole number before it is written into the SQL text.
   */
  async commitBlock(block: StoredBlock, transactions: StoredTransaction[], stateNodes: Map<string, string>): Promise<void> {
    const statements: string[] = [];
    const nodes = [...stateNodes].map(([key, value]) => `(${text(key)},${text(value)})`);
    for (const rows of chunks(nodes)) statements.push(`INSERT INTO chain_state_nodes (key, value) VALUES ${rows.join(',')} ON CONFLICT DO NOTHING`);
    const transactionRows = transactions.map((transaction) => `(${[
      hex(transaction.hash), whole(transaction.blockNumber), hex(transaction.blockHash), whole(transaction.transactionIndex), hex(transaction.from),
      nullable(transaction.to), nullable(transaction.contractAddress), hex(transaction.raw), whole(transaction.status), whole(transaction.gasUsed, true),
      whole(transaction.cumulativeGasUsed, true), whole(transaction.effectiveGasPrice, true), hex(transaction.logsBloom),
    ].join(',')})`);
    for (const rows of chunks(transactionRows)) {
      statements.push(`INSERT INTO chain_transactions (hash, block_number, block_hash, transaction_index, from_address, to_address, contract_address, raw, status, gas_used, cumulative_gas_used, effective_gas_price_wei, logs_bloom) VALUES ${rows.join(',')}`);
    }
    const logRows = transactions.flatMap((transaction) => transaction.logs).map((log) => `(${[
      whole(log.blockNumber), whole(log.logIndex), hex(log.blockHash), hex(log.transactionHash), whole(log.transactionIndex), hex(log.address),
      nullable(log.topics[0] ?? null), nullable(log.topics[1] ?? null), nullable(log.topics[2] ?? null), nullable(log.topics[3] ?? null), hex(log.data),
    ].join(',')})`);
    for (const rows of chunks(logRows)) {
      statements.push(`INSERT INTO chain_logs (block_number, log_index, block_hash, transaction_hash, transaction_index, address, topic0, topic1, topic2, topic3, data) VALUES ${rows.join(',')}`);
    }
    // The block last: its row is what getHead reads after a restart.
    statements.push(`INSERT INTO chain_blocks (number, hash, timestamp, rlp) VALUES (${whole(block.number)},${hex(block.hash)},${whole(block.timestamp)},${hex(block.rlp)})`);
    await this.database.execute(statements.join(';\n'));
  }
}

/** A hex string as an SQL literal (only 0x and hex digits pass). */
function hex(value: string): string {
  if (!/^0x[0-9a-f]*$/.test(value)) throw new Error(`Not lower-case hex: ${value.slice(0, 20)}`);
  return `'${value}'`;
}

/** A trie key or node as an SQL literal (unprefixed hex, as the trie writes them). */
function text(value: string): string {
  if (!/^[0-9a-f]*$/.test(value)) throw new Error(`Not a trie key or node: ${value.slice(0, 20)}`);
  return `'${value}'`;
}

function nullable(value: string | null): string {
  return value === null ? 'NULL' : hex(value);
}

/** A whole number as an SQL literal; `quoted` for the columns kept as text (wei amounts exceed bigint). */
function whole(value: number | bigint, quoted = false): string {
  const digits = value.toString();
  if (!/^\d+$/.test(digits)) throw new Error(`Not a whole number: ${digits}`);
  return quoted ? `'${digits}'` : digits;
}

export async function getChainSetting(database: Database, key: string): Promise<string | null> {
  const [row] = await database.db.select({ value: chainSettings.value }).from(chainSettings).where(eq(chainSettings.key, key)).limit(1);
  return row?.value ?? null;
}

export async function setChainSetting(database: Database, key: string, value: string): Promise<void> {
  const updatedAt = new Date().toISOString();
  await database.db.insert(chainSettings).values({ key, value, updatedAt }).onConflictDoUpdate({ target: chainSettings.key, set: { value, updatedAt } });
}

/** Stores a content-addressed object; storing the same CID again changes nothing. */
export async function putIpfsObject(database: Database, cid: string, codec: string, bytes: Uint8Array): Promise<void> {
  await database.db.insert(ipfsObjects).values({ cid, codec, bytesBase64: Buffer.from(bytes).toString('base64'), createdAt: new Date().toISOString() }).onConflictDoNothing();
}

/** The bytes of a CID (plain SQL: certificate verification reads this on every call). */
export async function getIpfsObject(database: Database, cid: string): Promise<{ codec: string; bytes: Uint8Array } | null> {
  const [row] = await database.query<{ codec: string; bytes_base64: string }>('SELECT codec, bytes_base64 FROM ipfs_objects WHERE cid = $1 LIMIT 1', [cid]);
  return row ? { codec: row.codec, bytes: new Uint8Array(Buffer.from(row.bytes_base64, 'base64')) } : null;
}
