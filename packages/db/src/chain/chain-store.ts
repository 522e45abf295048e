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

  /** One transaction: a block is stored with its transactions, logs and state, or not at all. */
  async commitBlock(block: StoredBlock, transactions: StoredTransaction[], stateNodes: Map<string, string>): Promise<void> {
    await this.database.db.transaction(async (tx) => {
      for (const rows of chunks([...stateNodes].map(([key, value]) => ({ key, value })))) {
        await tx.insert(chainStateNodes).values(rows).onConflictDoNothing();
      }
      if (transactions.length > 0) {
        for (const rows of chunks(transactions)) {
          await tx.insert(chainTransactions).values(rows.map((transaction) => ({
            hash: transaction.hash,
            blockNumber: Number(transaction.blockNumber),
            blockHash: transaction.blockHash,
            transactionIndex: transaction.transactionIndex,
            fromAddress: transaction.from,
            toAddress: transaction.to,
            contractAddress: transaction.contractAddress,
            raw: transaction.raw,
            status: transaction.status,
            gasUsed: transaction.gasUsed.toString(),
            cumulativeGasUsed: transaction.cumulativeGasUsed.toString(),
            effectiveGasPriceWei: transaction.effectiveGasPrice.toString(),
            logsBloom: transaction.logsBloom,
          })));
        }
        const logs = transactions.flatMap((transaction) => transaction.logs);
        for (const rows of chunks(logs)) {
          await tx.insert(chainLogs).values(rows.map((log) => ({
            blockNumber: Number(log.blockNumber),
            logIndex: log.logIndex,
            blockHash: log.blockHash,
            transactionHash: log.transactionHash,
            transactionIndex: log.transactionIndex,
            address: log.address,
            topic0: log.topics[0] ?? null,
            topic1: log.topics[1] ?? null,
            topic2: log.topics[2] ?? null,
            topic3: log.topics[3] ?? null,
            data: log.data,
          })));
        }
      }
      // The block last: its row is what getHead reads after a restart.
      await tx.insert(chainBlocks).values({ number: Number(block.number), hash: block.hash, timestamp: Number(block.timestamp), rlp: block.rlp });
    });
  }
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

export async function getIpfsObject(database: Database, cid: string): Promise<{ codec: string; bytes: Uint8Array } | null> {
  const [row] = await database.db.select().from(ipfsObjects).where(eq(ipfsObjects.cid, cid)).limit(1);
  return row ? { codec: row.codec, bytes: new Uint8Array(Buffer.from(row.bytesBase64, 'base64')) } : null;
}
