// Issue 29: the public JSON-RPC's eth_call and eth_estimateGas run in a worker thread with a gas cap
// and a wall-clock budget; a batch holds at most 10 requests.
import { afterAll, describe, expect, it } from 'vitest';
import { encodeFunctionData, keccak256, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { BoundedCallRunner, CertificateRegistry, CERTIFICATE_ABI, EmbeddedChain, MAX_BATCH, MemoryChainStore, answerRpcBody, embeddedTransport, type CallLimits } from '../src/index.ts';

const KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' as const;
const MINTER = privateKeyToAccount(KEY);
const CHAIN_ID = 7316n;
/** JUMPDEST; PUSH1 0; JUMP: loops until the gas or the time runs out (the call of issue 29). */
const INFINITE_LOOP = '0x5b600056';
/** Returns 1 + 2 as a 32-byte word. */
const ADD_ONE_TWO = '0x600160020160005260206000f3';

const runners: BoundedCallRunner[] = [];
afterAll(async () => {
  await Promise.all(runners.map((runner) => runner.close()));
});

async function openChain(limits: CallLimits) {
  const chain = await EmbeddedChain.open({ chainId: CHAIN_ID, store: new MemoryChainStore(), genesis: [{ address: MINTER.address, balanceWei: 10n ** 21n }] });
  const registry = new CertificateRegistry({ transport: embeddedTransport(chain), chainId: CHAIN_ID, privateKey: KEY, pollingIntervalMs: 5 }, null);
  const runner = new BoundedCallRunner(chain, limits);
  runners.push(runner);
  // The first call waits for the thread to load the EVM (about half a second) before its budget starts.
  expect(await answerRpcBody(chain, { id: 0, method: 'eth_call', params: [{ data: ADD_ONE_TWO }, 'latest'] }, runner)).toMatchObject({ result: `0x${'0'.repeat(63)}3` });
  return { chain, registry, runner };
}

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
};

describe('bounded public calls', () => {
  it('answers a contract read in the thread exactly as the chain does in process', async () => {
    const { chain, registry, runner } = await openChain({ gasCap: 30_000_000n, timeoutMs: 5_000, threads: 1 });
    const { address } = await registry.deploy();
    await registry.mint({ reportHash: keccak256(toHex('r1')), propertyKey: keccak256(toHex('p1')), cid: 'cid-one', supersedes: 0n });
    const read = { id: 1, method: 'eth_call', params: [{ to: address, data: encodeFunctionData({ abi: CERTIFICATE_ABI, functionName: 'tokenURI', args: [1n] }) }, 'latest'] };
    const inThread = await answerRpcBody(chain, read, runner);
    expect(inThread).toEqual(await answerRpcBody(chain, read));
    expect(inThread).toMatchObject({ result: expect.stringMatching(/^0x[0-9a-f]{128,}$/) });
    const estimate = { id: 2, method: 'eth_estimateGas', params: [{ from: MINTER.address, to: address, data: encodeFunctionData({ abi: CERTIFICATE_ABI, functionName: 'mint', args: [MINTER.address, keccak256(toHex('r2')), keccak256(toHex('p1')), 'cid-two', 0n] }) }] };
    expect(await answerRpcBody(chain, estimate, runner)).toEqual(await answerRpcBody(chain, estimate));
    // A block mined after the thread cached the state: the next call reads the new head.
    await registry.mint({ reportHash: keccak256(toHex('r2')), propertyKey: keccak256(toHex('p2')), cid: 'cid-two', supersedes: 0n });
    const supply = { id: 3, method: 'eth_call', params: [{ to: address, data: encodeFunctionData({ abi: CERTIFICATE_ABI, functionName: 'ownerOf', args: [2n] }) }, 'latest'] };
    expect(await answerRpcBody(chain, supply, runner)).toEqual(await answerRpcBody(chain, supply));
  });

  it('stops an infinite loop at its time budget, whatever gas it asks for, and the thread serves the next call at once', async () => {
    const { chain, runner } = await openChain({ gasCap: 30_000_000n, timeoutMs: 300, threads: 1 });
    const loop = await timed(() => answerRpcBody(chain, { id: 1, method: 'eth_call', params: [{ gas: `0x${(2n ** 256n - 1n).toString(16)}`, data: INFINITE_LOOP }, 'latest'] }, runner));
    expect(loop.value).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution took longer than 300 ms' } });
    expect(loop.ms).toBeLessThan(300 + 250);
    const estimate = await timed(() => answerRpcBody(chain, { id: 2, method: 'eth_estimateGas', params: [{ gas: '0x5F5E100', data: INFINITE_LOOP }] }, runner));
    expect(estimate.value).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32000, message: 'execution took longer than 300 ms' } });
    expect(estimate.ms).toBeLessThan(300 + 250);
    // The call stopped itself: no new thread had to load the EVM before this one is answered.
    const next = await timed(() => answerRpcBody(chain, { id: 3, method: 'eth_call', params: [{ data: ADD_ONE_TWO }, 'latest'] }, runner));
    expect(next.value).toEqual({ jsonrpc: '2.0', id: 3, result: `0x${'0'.repeat(63)}3` });
    expect(next.ms).toBeLessThan(150);
  });

  it('answers every call of a batch of infinite loops within the budget: those that found no free thread say so', async () => {
    const { chain, runner } = await openChain({ gasCap: 30_000_000n, timeoutMs: 300, threads: 1 });
    const batch = await timed(() => answerRpcBody(chain, Array.from({ length: MAX_BATCH }, (_, id) => ({ id, method: 'eth_call', params: [{ data: INFINITE_LOOP }, 'latest'] })), runner));
    expect(batch.ms).toBeLessThan(300 + 250);
    const messages = (batch.value as { error: { code: number; message: string } }[]).map((answer) => answer.error);
    expect(messages[0]).toEqual({ code: -32000, message: 'execution took longer than 300 ms' });
    // Each call ran out of time or found no free thread. Most found none; under CPU load a queued call
    // may reach a thread (the one that replaces the thread ended at the hard stop) just before its
    // deadline and run out of time itself: 2-3 of 10 did so beside a busy build (CI once failed on 7 >= 8).
    expect(messages.every((error) => error.code === -32000 || error.code === -32005)).toBe(true);
    expect(messages.filter((error) => error.code === -32005).length).toBeGreaterThanOrEqual(MAX_BATCH / 2);
    expect(await answerRpcBody(chain, Array.from({ length: MAX_BATCH + 1 }, (_, id) => ({ id, method: 'eth_chainId' })), runner)).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32600, message: `A batch holds 1 to ${MAX_BATCH} requests` } });
  });

  it('runs a call with at most the gas cap, and says so when the cap is what ran out', async () => {
    const { chain, runner } = await openChain({ gasCap: 1_000_000n, timeoutMs: 5_000, threads: 1 });
    for (const gas of [undefined, '0x5F5E100']) {
      expect(await answerRpcBody(chain, { id: 1, method: 'eth_call', params: [{ ...(gas ? { gas } : {}), data: INFINITE_LOOP }, 'latest'] }, runner))
        .toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32000, message: 'execution exceeded the gas cap of 1,000,000' } });
    }
    // Gas the caller chose below the cap runs out as on any node.
    expect(await answerRpcBody(chain, { id: 2, method: 'eth_call', params: [{ gas: '0x186a0', data: INFINITE_LOOP }, 'latest'] }, runner))
      .toEqual({ jsonrpc: '2.0', id: 2, error: { code: 3, message: 'execution reverted: out of gas', data: '0x' } });
    expect(await answerRpcBody(chain, { id: 3, method: 'eth_estimateGas', params: [{ data: INFINITE_LOOP }] }, runner))
      .toEqual({ jsonrpc: '2.0', id: 3, error: { code: -32000, message: 'execution exceeded the gas cap of 1,000,000' } });
    expect(await answerRpcBody(chain, { id: 4, method: 'eth_estimateGas', params: [{ gas: '0x10', to: MINTER.address }] }, runner))
      .toEqual({ jsonrpc: '2.0', id: 4, error: { code: -32000, message: "The transaction's gas limit is below its intrinsic gas" } });
  });
});
