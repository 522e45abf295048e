// The embedded chain's JSON-RPC answers, its refusals, and reopening it from its store.
import { describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { CertificateRegistry, EmbeddedChain, MemoryChainStore, answerRpc, answerRpcBody, embeddedTransport, CERTIFICATE_ABI, type Hex } from '../src/index.ts';

const KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const;
const MINTER = privateKeyToAccount(KEY);
const CHAIN_ID = 7316n;

async function openChain(store = new MemoryChainStore()) {
  const chain = await EmbeddedChain.open({ chainId: CHAIN_ID, store, genesis: [{ address: MINTER.address, balanceWei: 10n ** 21n }] });
  const registry = new CertificateRegistry({ transport: embeddedTransport(chain), chainId: CHAIN_ID, privateKey: KEY, pollingIntervalMs: 5 }, null);
  return { chain, registry, store };
}

const rpc = async (chain: EmbeddedChain, method: string, params: unknown[] = []) => answerRpc(chain, { jsonrpc: '2.0', id: 1, method, params });
const result = async (chain: EmbeddedChain, method: string, params: unknown[] = []) => {
  const response = await rpc(chain, method, params);
  if ('error' in response) throw new Error(`${method}: ${response.error.message}`);
  return response.result as Record<string, unknown> & string;
};

describe('embedded chain JSON-RPC', () => {
  it('answers chain id, blocks, transactions, receipts, logs, balances and gas like an Ethereum node', async () => {
    const { chain, registry } = await openChain();
    expect(await result(chain, 'eth_chainId')).toBe('0x1c94');
    expect(await result(chain, 'net_version')).toBe('7316');
    expect(await result(chain, 'eth_blockNumber')).toBe('0x0');
    const deployed = await registry.deploy();
    const minted = await registry.mint({ reportHash: keccak256(toHex('r1')), propertyKey: keccak256(toHex('p1')), cid: 'bagaaieraexample', supersedes: 0n });
    expect(minted.tokenId).toBe(1n);
    expect(await result(chain, 'eth_blockNumber')).toBe('0x2');

    const block = await result(chain, 'eth_getBlockByNumber', ['0x2', true]) as unknown as { number: string; hash: string; parentHash: string; transactions: { hash: string }[] };
    expect(block.number).toBe('0x2');
    expect(block.transactions.map((transaction) => transaction.hash)).toEqual([minted.transactionHash]);
    const parent = await result(chain, 'eth_getBlockByNumber', ['0x1', false]) as unknown as { hash: string; transactions: string[] };
    expect(block.parentHash).toBe(parent.hash);
    expect(parent.transactions).toEqual([deployed.transactionHash]);
    expect((await result(chain, 'eth_getBlockByHash', [block.hash, false]) as unknown as { number: string }).number).toBe('0x2');
    expect(await result(chain, 'eth_getBlockByNumber', ['0x99', false])).toBeNull();

    const transaction = await result(chain, 'eth_getTransactionByHash', [minted.transactionHash]) as unknown as { from: string; to: string; blockNumber: string };
    expect(transaction.from).toBe(MINTER.address.toLowerCase());
    expect(transaction.to).toBe(deployed.address);
    const receipt = await result(chain, 'eth_getTransactionReceipt', [minted.transactionHash]) as unknown as { status: string; gasUsed: string; logs: unknown[] };
    expect(receipt.status).toBe('0x1');
    expect(BigInt(receipt.gasUsed)).toBe(minted.gasUsed);
    expect(receipt.logs).toHaveLength(2);
    expect(await result(chain, 'eth_getTransactionReceipt', [`0x${'0'.repeat(64)}`])).toBeNull();

    const logs = await result(chain, 'eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest', address: deployed.address }]) as unknown as { topics: string[] }[];
    expect(logs.length).toBeGreaterThanOrEqual(4); // RoleGranted x2 at deployment, Transfer, CertificateIssued
    const issuedOnly = await result(chain, 'eth_getLogs', [{ fromBlock: '0x0', address: deployed.address, topics: [keccak256(toHex('CertificateSuperseded(uint256,uint256)'))] }]);
    expect(issuedOnly).toEqual([]);

    const balance = BigInt(await result(chain, 'eth_getBalance', [MINTER.address, 'latest']));
    expect(balance).toBeLessThan(10n ** 21n); // the gas was paid
    expect(BigInt(await result(chain, 'eth_getTransactionCount', [MINTER.address, 'latest']))).toBe(2n);
    expect(BigInt(await result(chain, 'eth_gasPrice'))).toBeGreaterThan(0n);
    const estimate = BigInt(await result(chain, 'eth_estimateGas', [{ from: MINTER.address, to: deployed.address, data: encodeFunctionData({ abi: CERTIFICATE_ABI, functionName: 'mint', args: [MINTER.address, keccak256(toHex('r2')), keccak256(toHex('p1')), 'bagaaieraexample', 0n] }) }]));
    expect(estimate).toBeGreaterThan(100_000n);
    expect(estimate).toBeLessThan(600_000n);
    // The estimate changed nothing.
    expect(await registry.tokenOfReport(keccak256(toHex('r2')))).toBe(0n);
  });

  it('refuses malformed input with JSON-RPC errors, never an exception', async () => {
    const { chain } = await openChain();
    expect(await rpc(chain, 'eth_getTransactionByHash', ['0x1234'])).toMatchObject({ error: { code: -32602 } });
    expect(await rpc(chain, 'eth_sendRawTransaction', ['0xdeadbeef'])).toMatchObject({ error: { code: -32602 } });
    expect(await rpc(chain, 'eth_mine')).toMatchObject({ error: { code: -32601 } });
    expect(await rpc(chain, 'eth_getBalance', ['not an address'])).toMatchObject({ error: { code: -32602 } });
    expect(await answerRpc(chain, { id: 1 })).toMatchObject({ error: { code: -32600 } });
    expect(await answerRpcBody(chain, [])).toMatchObject({ error: { code: -32600 } });
    const batch = await answerRpcBody(chain, [{ id: 1, method: 'eth_chainId' }, { id: 2, method: 'net_version' }]);
    expect(batch).toEqual([{ jsonrpc: '2.0', id: 1, result: '0x1c94' }, { jsonrpc: '2.0', id: 2, result: '7316' }]);
  });

  it('reopened from its store, keeps its blocks, state and certificates, and mines on from there', async () => {
    const first = await openChain();
    const { address } = await first.registry.deploy();
    await first.registry.mint({ reportHash: keccak256(toHex('r1')), propertyKey: keccak256(toHex('p1')), cid: 'cid-one', supersedes: 0n });
    const again = await EmbeddedChain.open({ chainId: CHAIN_ID, store: first.store, genesis: [] });
    expect(again.blockNumber).toBe(2n);
    const registry = new CertificateRegistry({ transport: embeddedTransport(again), chainId: CHAIN_ID, privateKey: KEY, pollingIntervalMs: 5 }, address);
    expect((await registry.getCertificate(1n))?.cid).toBe('cid-one');
    const next = await registry.mint({ reportHash: keccak256(toHex('r2')), propertyKey: keccak256(toHex('p1')), cid: 'cid-two', supersedes: 1n });
    expect(next.tokenId).toBe(2n);
    expect(next.blockNumber).toBe(3n);
    expect((await registry.getCertificate(1n))?.supersededBy).toBe(2n);
    expect(await registry.getCertificate(3n)).toBeNull();
    const events = await registry.readEvents(0n);
    expect(events.issued.map((event) => event.cid)).toEqual(['cid-one', 'cid-two']);
    expect(events.superseded).toEqual([expect.objectContaining({ previousTokenId: 1n, newTokenId: 2n })]);
  });

  it('refuses a transaction signed for another chain or replayed with a used nonce', async () => {
    const { chain, registry } = await openChain();
    await registry.deploy();
    const { transactionHash } = await registry.mint({ reportHash: keccak256(toHex('r1')), propertyKey: keccak256(toHex('p1')), cid: 'c', supersedes: 0n });
    const raw = (await chain.getTransaction(transactionHash))!.stored.raw as Hex;
    const replay = await rpc(chain, 'eth_sendRawTransaction', [raw]);
    expect(replay).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: "The transaction's nonce is not the sender's next nonce" } });
    const otherChain = await EmbeddedChain.open({ chainId: 1n, store: new MemoryChainStore(), genesis: [] });
    // Issue 29: EthereumJS's message quoted its own source ("Common chain ID chainId() { return BigInt(...) }").
    expect(await rpc(otherChain, 'eth_sendRawTransaction', [raw])).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'The transaction is signed for another chain' } });
  });
});
