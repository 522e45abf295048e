import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import { bytesToHex } from '@ethereumjs/util';
import type { Hex, StoredLog, StoredTransaction } from './chain-store.ts';
import { ChainError } from './chain-error.ts';
import { MAX_LOGS, SUGGESTED_PRIORITY_FEE, type CallRunner, type EmbeddedChain } from './embedded-chain.ts';
import type { CallRequest } from './evm-execution.ts';

/** The JSON-RPC methods the embedded chain answers (Ethereum JSON-RPC, EIP-1474 error codes). */
export const RPC_METHODS = [
  'eth_chainId', 'net_version', 'web3_clientVersion', 'eth_syncing', 'eth_accounts', 'eth_blockNumber', 'eth_getBlockByNumber',
  'eth_getBlockByHash', 'eth_getTransactionByHash', 'eth_getTransactionReceipt', 'eth_call', 'eth_getLogs', 'eth_estimateGas',
  'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_getBalance', 'eth_getTransactionCount', 'eth_getCode', 'eth_sendRawTransaction',
] as const;

export interface RpcRequest {
  jsonrpc?: string;
  id?: string | number | null;
  method?: unknown;
  params?: unknown;
}

export type RpcResponse =
  | { jsonrpc: '2.0'; id: string | number | null; result: unknown }
  | { jsonrpc: '2.0'; id: string | number | null; error: { code: number; message: string; data?: unknown } };

/**
 * The most requests one batch may carry (issue 29: a batch of 100 eth_calls was a hundred times
 * the work of one request for one request's rate-limit token).
 */
export const MAX_BATCH = 10;
/** The widest block range one eth_getLogs may scan. */
const MAX_LOG_RANGE = 100_000n;

const quantity = (value: bigint | number): Hex => `0x${value.toString(16)}`;

function isHex(value: unknown, bytes?: number): value is Hex {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]*$/.test(value)) return false;
  return bytes === undefined || value.length === 2 + bytes * 2;
}

function invalid(message: string): ChainError {
  return new ChainError(-32602, message);
}

function param(params: unknown[], index: number): unknown {
  return params[index];
}

function hashParam(params: unknown[], index: number, what: string): Hex {
  const value = param(params, index);
  if (!isHex(value, 32)) throw invalid(`${what} must be a 32-byte hex string`);
  return value.toLowerCase() as Hex;
}

function addressParam(value: unknown, what: string): Hex {
  if (!isHex(value, 20)) throw invalid(`${what} must be a 20-byte hex address`);
  return value.toLowerCase() as Hex;
}

function quantityParam(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw invalid(`${what} must be a hex quantity`);
  return BigInt(value);
}

/** A block tag or number; only the latest state can be executed against. */
function blockNumberParam(chain: EmbeddedChain, value: unknown): bigint {
  if (value === undefined || value === 'latest' || value === 'pending' || value === 'safe' || value === 'finalized') return chain.blockNumber;
  if (value === 'earliest') return 0n;
  return quantityParam(value, 'block');
}

function requireLatest(chain: EmbeddedChain, value: unknown): void {
  if (typeof value === 'object' && value !== null) throw invalid('Block parameter objects (EIP-1898) are not supported');
  if (blockNumberParam(chain, value) !== chain.blockNumber) throw new ChainError(-32000, 'Only the latest state is served: historical state is not queried here');
}

function callParam(value: unknown): CallRequest {
  if (typeof value !== 'object' || value === null) throw invalid('The call object is missing');
  const call = value as Record<string, unknown>;
  const data = call.data ?? call.input;
  if (data !== undefined && !isHex(data)) throw invalid('data must be hex');
  return {
    from: call.from === undefined ? undefined : addressParam(call.from, 'from'),
    to: call.to === undefined || call.to === null ? null : addressParam(call.to, 'to'),
    data: data as Hex | undefined,
    value: call.value === undefined ? undefined : quantityParam(call.value, 'value'),
    gas: call.gas === undefined ? undefined : quantityParam(call.gas, 'gas'),
  };
}

function formatLog(log: StoredLog) {
  return {
    address: log.address,
    topics: log.topics,
    data: log.data,
    blockNumber: quantity(log.blockNumber),
    blockHash: log.blockHash,
    transactionHash: log.transactionHash,
    transactionIndex: quantity(log.transactionIndex),
    logIndex: quantity(log.logIndex),
    removed: false,
  };
}

function formatTransaction(stored: StoredTransaction, transaction: TypedTransaction) {
  const json = transaction.toJSON() as Record<string, unknown>;
  const v = json.v as string | undefined;
  return {
    ...json,
    type: quantity(transaction.type),
    hash: stored.hash,
    from: stored.from,
    to: stored.to,
    input: json.data,
    blockHash: stored.blockHash,
    blockNumber: quantity(stored.blockNumber),
    transactionIndex: quantity(stored.transactionIndex),
    ...(transaction.type !== 0 && v !== undefined ? { yParity: v } : {}),
  };
}

/** EIP-2718: a typed transaction starts with its type byte (below 0x7f); a legacy one with an RLP list. */
function typeOfRaw(raw: Hex): number {
  const first = Number.parseInt(raw.slice(2, 4), 16);
  return first <= 0x7f ? first : 0;
}

function formatReceipt(stored: StoredTransaction) {
  return {
    transactionHash: stored.hash,
    transactionIndex: quantity(stored.transactionIndex),
    blockHash: stored.blockHash,
    blockNumber: quantity(stored.blockNumber),
    from: stored.from,
    to: stored.to,
    cumulativeGasUsed: quantity(stored.cumulativeGasUsed),
    gasUsed: quantity(stored.gasUsed),
    effectiveGasPrice: quantity(stored.effectiveGasPrice),
    contractAddress: stored.contractAddress,
    logs: stored.logs.map(formatLog),
    logsBloom: stored.logsBloom,
    status: quantity(stored.status),
    type: quantity(typeOfRaw(stored.raw)),
  };
}

function formatBlock(chain: EmbeddedChain, block: Block, transactions: StoredTransaction[], full: boolean) {
  const header = block.header.toJSON() as Record<string, unknown>;
  return {
    ...header,
    hash: bytesToHex(block.hash()),
    miner: header.coinbase,
    sha3Uncles: header.uncleHash,
    transactionsRoot: header.transactionsTrie,
    receiptsRoot: header.receiptTrie,
    logsBloom: header.logsBloom,
    totalDifficulty: '0x0',
    size: quantity(block.serialize().length),
    uncles: [],
    withdrawals: [],
    transactions: full ? transactions.map((stored) => formatTransaction(stored, chain.decode(stored.raw))) : transactions.map((stored) => stored.hash),
  };
}

function topicsParam(value: unknown): (Hex[] | null)[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > 4) throw invalid('topics must be an array of at most 4 entries');
  return value.map((entry, position) => {
    if (entry === null) return null;
    const options = Array.isArray(entry) ? entry : [entry];
    return options.map((option) => {
      if (!isHex(option, 32)) throw invalid(`topic ${position} must be a 32-byte hex string`);
      return option.toLowerCase() as Hex;
    });
  });
}

async function dispatch(chain: EmbeddedChain, runner: CallRunner, method: string, params: unknown[]): Promise<unknown> {
  switch (method) {
    case 'eth_chainId':
      return quantity(chain.chainId);
    case 'net_version':
      return chain.chainId.toString();
    case 'web3_clientVersion':
      return 'PropGuard/embedded-ethereumjs-vm-10';
    case 'eth_syncing':
      return false;
    case 'eth_accounts':
      // The minter's key never leaves the server: there are no unlocked accounts.
      return [];
    case 'eth_blockNumber':
      return quantity(chain.blockNumber);
    case 'eth_gasPrice':
      return quantity(chain.nextBaseFee() + SUGGESTED_PRIORITY_FEE);
    case 'eth_maxPriorityFeePerGas':
      return quantity(SUGGESTED_PRIORITY_FEE);
    case 'eth_getBlockByNumber': {
      const number = blockNumberParam(chain, param(params, 0));
      const found = number > chain.blockNumber ? null : await chain.getBlock(number);
      return found ? formatBlock(chain, found.block, found.transactions, param(params, 1) === true) : null;
    }
    case 'eth_getBlockByHash': {
      const found = await chain.getBlockByHash(hashParam(params, 0, 'block hash'));
      return found ? formatBlock(chain, found.block, found.transactions, param(params, 1) === true) : null;
    }
    case 'eth_getTransactionByHash': {
      const found = await chain.getTransaction(hashParam(params, 0, 'transaction hash'));
      return found ? formatTransaction(found.stored, found.transaction) : null;
    }
    case 'eth_getTransactionReceipt': {
      // The receipt needs no decoding of the transaction itself.
      const stored = await chain.getStoredTransaction(hashParam(params, 0, 'transaction hash'));
      return stored ? formatReceipt(stored) : null;
    }
    case 'eth_getBalance':
      requireLatest(chain, param(params, 1));
      return quantity(await chain.getBalance(addressParam(param(params, 0), 'address')));
    case 'eth_getTransactionCount':
      requireLatest(chain, param(params, 1));
      return quantity(await chain.getTransactionCount(addressParam(param(params, 0), 'address')));
    case 'eth_getCode':
      requireLatest(chain, param(params, 1));
      return chain.getCode(addressParam(param(params, 0), 'address'));
    case 'eth_call':
      requireLatest(chain, param(params, 1));
      return (await runner.call(callParam(param(params, 0)))).returnValue;
    case 'eth_estimateGas':
      return quantity(await runner.estimateGas(callParam(param(params, 0))));
    case 'eth_sendRawTransaction': {
      const raw = param(params, 0);
      if (!isHex(raw) || raw.length < 4) throw invalid('The signed transaction must be hex');
      return chain.sendRawTransaction(raw);
    }
    case 'eth_getLogs': {
      const filter = (param(params, 0) ?? {}) as Record<string, unknown>;
      if (typeof filter !== 'object') throw invalid('The filter must be an object');
      const addresses = filter.address === undefined || filter.address === null ? [] : (Array.isArray(filter.address) ? filter.address : [filter.address]).map((address) => addressParam(address, 'address'));
      const topics = topicsParam(filter.topics);
      if (filter.blockHash !== undefined) {
        const found = await chain.getBlockByHash(hashParam([filter.blockHash], 0, 'blockHash'));
        if (!found) throw new ChainError(-32000, 'Unknown block');
        const number = found.block.header.number;
        return (await chain.getLogs({ fromBlock: number, toBlock: number, addresses, topics, limit: MAX_LOGS })).map(formatLog);
      }
      const fromBlock = blockNumberParam(chain, filter.fromBlock ?? 'latest');
      const toBlock = blockNumberParam(chain, filter.toBlock ?? 'latest');
      if (toBlock < fromBlock) return [];
      if (toBlock - fromBlock > MAX_LOG_RANGE) throw new ChainError(-32005, `The block range is wider than ${MAX_LOG_RANGE} blocks`);
      return (await chain.getLogs({ fromBlock, toBlock, addresses, topics, limit: MAX_LOGS })).map(formatLog);
    }
    default:
      throw new ChainError(-32601, `The method ${method} does not exist or is not available`);
  }
}

/**
 * Answers one JSON-RPC request (never throws: an error is an error response). Code runs for
 * eth_call and eth_estimateGas on `runner`: the chain itself for our own calls, the bounded
 * thread pool (bounded-calls.ts) for the public endpoint.
 */
export async function answerRpc(chain: EmbeddedChain, request: RpcRequest, runner: CallRunner = chain): Promise<RpcResponse> {
  const id = typeof request?.id === 'string' || typeof request?.id === 'number' ? request.id : null;
  try {
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string') throw new ChainError(-32600, 'Invalid request: method is missing');
    const params = request.params === undefined ? [] : request.params;
    if (!Array.isArray(params)) throw invalid('params must be an array');
    return { jsonrpc: '2.0', id, result: await dispatch(chain, runner, request.method, params) };
  } catch (error) {
    if (error instanceof ChainError) return { jsonrpc: '2.0', id, error: { code: error.code, message: error.message, ...(error.data ? { data: error.data } : {}) } };
    // A library's or the store's own message may quote its source or name the database: never passed on.
    return { jsonrpc: '2.0', id, error: { code: -32603, message: 'Internal error: the chain could not answer this request' } };
  }
}

/** Answers a request or a batch (an array of at most MAX_BATCH), as POST /api/blockchain/rpc does. */
export async function answerRpcBody(chain: EmbeddedChain, body: unknown, runner: CallRunner = chain): Promise<RpcResponse | RpcResponse[]> {
  if (Array.isArray(body)) {
    if (body.length === 0 || body.length > MAX_BATCH) return { jsonrpc: '2.0', id: null, error: { code: -32600, message: `A batch holds 1 to ${MAX_BATCH} requests` } };
    return Promise.all(body.map((request) => answerRpc(chain, request as RpcRequest, runner)));
  }
  return answerRpc(chain, body as RpcRequest, runner);
}
