/**
 * The worker-thread side of the bounded public calls (bounded-calls.ts): runs one eth_call or
 * eth_estimateGas on its own EVM, reading the state of the head it was given from the parent
 * through a MessagePort, node by node. The call stops itself at its deadline (see
 * deadlineJumpdest); the parent ends the thread only if it has not stopped shortly after.
 */
import type { MessagePort } from 'node:worker_threads';
import { workerData } from 'node:worker_threads';
import { createBlock, createBlockHeaderFromRLP } from '@ethereumjs/block';
import type { Common } from '@ethereumjs/common';
import { MerklePatriciaTrie } from '@ethereumjs/mpt';
import { Caches, MerkleStateManager } from '@ethereumjs/statemanager';
import { hexToBytes, ValueEncoding, type BatchDBOp, type DB } from '@ethereumjs/util';
import type { EVMOpts } from '@ethereumjs/evm';
import { createVM } from '@ethereumjs/vm';
import { ChainError, ExecutionDeadlinePassed } from './chain-error.ts';
import { createChainCommon, executeCall, executeEstimate, isOutOfGas } from './evm-execution.ts';
import type { CallTask, CallTaskOutcome, NodeReply, NodeRequest } from './bounded-calls.ts';

/** Trie nodes kept by this thread between calls: addressed by their hash, so never stale. */
const NODE_CACHE_LIMIT = 100_000;
const nodeCache = new Map<string, Uint8Array>();

/** Built once per thread, as soon as it starts, so that the first call does not pay for it. */
const common: Promise<Common> = createChainCommon(BigInt((workerData as { chainId: string }).chainId));

type CustomOpcode = NonNullable<EVMOpts['customOpcodes']>[number];

/** JUMPDESTs between two looks at the clock (a tight loop passes one each microsecond or so). */
const JUMPDESTS_PER_CLOCK_CHECK = 64;

/**
 * JUMPDEST (0x5b, 1 gas, does nothing) that also looks at the clock: every loop in EVM code jumps
 * back to a JUMPDEST, so a call cannot run long past `deadline` (epoch ms) without passing one.
 * Not an EVM error, so the interpreter passes it out of the whole call (@ethereumjs/evm
 * interpreter.ts: "re-throw on non-VM errors"). Uses the EVM's customOpcodes option.
 */
function deadlineJumpdest(deadline: number): CustomOpcode {
  let passed = 0;
  return {
    opcode: 0x5b,
    opcodeName: 'JUMPDEST',
    baseFee: 1,
    logicFunction: () => {
      passed += 1;
      if (passed % JUMPDESTS_PER_CLOCK_CHECK === 0 && Date.now() > deadline) throw new ExecutionDeadlinePassed();
    },
  };
}

/** The state trie's store: this thread's cache, then the parent (which reads its memory or the ChainStore). */
class ParentTrieDb implements DB<string, Uint8Array> {
  private nextId = 0;
  private waiting = new Map<number, (reply: NodeReply) => void>();
  /** Nodes this call wrote (a transaction's state is committed to the trie, then read back); thrown away with it. */
  private written = new Map<string, Uint8Array>();

  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: NodeReply) => {
      this.waiting.get(reply.id)?.(reply);
      this.waiting.delete(reply.id);
    });
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const cached = this.written.get(key) ?? nodeCache.get(key);
    if (cached !== undefined) return cached;
    const id = this.nextId++;
    const reply = await new Promise<NodeReply>((resolve) => {
      this.waiting.set(id, resolve);
      this.port.postMessage({ id, key } satisfies NodeRequest);
    });
    if (reply.failed) throw new Error('The state could not be read');
    if (reply.value === undefined) return undefined;
    if (nodeCache.size >= NODE_CACHE_LIMIT) nodeCache.clear();
    nodeCache.set(key, reply.value);
    return reply.value;
  }
  async put(key: string, value: Uint8Array): Promise<void> {
    this.written.set(key, value);
  }
  async del(): Promise<void> {}
  async batch(operations: BatchDBOp<string, Uint8Array>[]): Promise<void> {
    for (const operation of operations) if (operation.type === 'put') this.written.set(operation.key, operation.value);
  }
  shallowCopy(): DB<string, Uint8Array> {
    return this;
  }
  async open(): Promise<void> {}
}

export default async function runCallTask(task: CallTask): Promise<CallTaskOutcome> {
  // Taken from the queue after its caller was answered that no thread was free.
  if (Date.now() > task.deadline) {
    task.port.close();
    return { ok: false, code: -32005, message: `The chain is busy: no thread was free to run this call within ${task.timeoutMs} ms` };
  }
  task.port.postMessage('started');
  try {
    const chainCommon = await common;
    if (task.kind === 'ready') return { ok: true, returnValue: '0x', gasUsed: 0n };
    const header = createBlockHeaderFromRLP(hexToBytes(task.headerRlp), { common: chainCommon, setHardfork: false });
    const head = createBlock({ header }, { common: chainCommon, setHardfork: false });
    const trie = new MerklePatriciaTrie({ db: new ParentTrieDb(task.port), valueEncoding: ValueEncoding.Bytes, useKeyHashing: true, common: chainCommon });
    const stateManager = new MerkleStateManager({ trie, common: chainCommon, caches: new Caches() });
    await stateManager.setStateRoot(header.stateRoot);
    const vm = await createVM({ common: chainCommon, stateManager, evmOpts: { customOpcodes: [deadlineJumpdest(task.deadline)] } });
    // geth's RPCGasCap: a call asking for more gas than the cap (or for none) gets the cap.
    const gasLimit = task.request.gas === undefined || task.request.gas > task.gasCap ? task.gasCap : task.request.gas;
    try {
      if (task.kind === 'call') return { ok: true, ...(await executeCall(vm, head, task.request, gasLimit)) };
      return { ok: true, returnValue: '0x', gasUsed: await executeEstimate(vm, head, task.request, gasLimit) };
    } catch (error) {
      if (gasLimit === task.gasCap && isOutOfGas(error)) throw new ChainError(-32000, `execution exceeded the gas cap of ${task.gasCap.toLocaleString('en-AU')}`);
      throw error;
    }
  } catch (error) {
    if (error instanceof ChainError) return { ok: false, code: error.code, message: error.message, data: error.data };
    if (error instanceof ExecutionDeadlinePassed) return { ok: false, code: -32000, message: `execution took longer than ${task.timeoutMs} ms` };
    return { ok: false, code: -32603, message: 'Internal error: the call could not be run' };
  } finally {
    task.port.close();
  }
}
