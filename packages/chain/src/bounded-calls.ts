/**
 * The public JSON-RPC's eth_call and eth_estimateGas, bounded (issue 29): a caller chooses the
 * code and the gas, so each call runs in a worker thread (piscina, STACK.md item 9), never on the
 * server's event loop; with at most `gasCap` gas; at most `threads` at once; and answered within
 * `timeoutMs` of its arrival, waiting for a free thread included (the first call of a process
 * also waits for the thread to load the EVM, about half a second, before its budget starts). A
 * running call stops itself at its deadline (call-worker.ts); one still running
 * HARD_STOP_GRACE_MS later is ended with its thread. The thread reads the state of the head the
 * call was made on from this thread's chain, node by node (trie nodes are addressed by hash and
 * never pruned, so blocks mined meanwhile do not disturb it).
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { bytesToHex } from '@ethereumjs/util';
import { ChainError } from './chain-error.ts';
import type { Hex } from './chain-store.ts';
import type { CallRunner, EmbeddedChain } from './embedded-chain.ts';
import type { CallRequest, CallResult } from './evm-execution.ts';

export interface CallLimits {
  /** The most gas one call runs with (a call asking for more, or for none, gets this). */
  gasCap: bigint;
  /** Milliseconds from a call's arrival to its answer, waiting for a thread included. */
  timeoutMs: number;
  /** Worker threads, hence calls running at once. */
  threads: number;
}

/**
 * How long past its deadline a started call may take to stop itself before its thread is ended (a
 * new thread then loads the EVM again: about 0.6 s on the 2-core machine, during which calls wait).
 */
const HARD_STOP_GRACE_MS = 250;

/** Calls waiting for a thread beyond those running; more are refused at once as the chain being busy. */
const QUEUE_PER_THREAD = 16;

/** @internal The message protocol between this module and call-worker.ts. */
export interface CallTask {
  /** `ready`: answers once the thread has loaded the EVM (no deadline, runs no code). */
  kind: 'call' | 'estimate' | 'ready';
  request: CallRequest;
  headerRlp: Hex;
  gasCap: bigint;
  /** When the call must stop (epoch ms), and the budget that names (for the message). */
  deadline: number;
  timeoutMs: number;
  port: MessagePort;
}
/** @internal */
export type CallTaskOutcome = ({ ok: true } & CallResult) | { ok: false; code: number; message: string; data?: Hex };
/** @internal */
export interface NodeRequest { id: number; key: string }
/** @internal */
export interface NodeReply { id: number; value?: Uint8Array; failed?: boolean }

const WORKER_FILE = new URL('./call-worker.ts', import.meta.url);

export class BoundedCallRunner implements CallRunner {
  private pool: Piscina | null = null;
  /** Settles once a thread has loaded the EVM: a call's time budget starts after it (once per process). */
  private ready: Promise<void> = Promise.resolve();

  constructor(private readonly chain: EmbeddedChain, readonly limits: CallLimits) {}

  async call(request: CallRequest): Promise<CallResult> {
    const { returnValue, gasUsed } = await this.run('call', request);
    return { returnValue, gasUsed };
  }

  async estimateGas(request: CallRequest): Promise<bigint> {
    return (await this.run('estimate', request)).gasUsed;
  }

  /** Starts the threads now rather than on the first call (each loads the EVM: about half a second); settles when one is ready. */
  warm(): Promise<void> {
    this.start();
    return this.ready;
  }

  private start(): void {
    if (this.pool) return;
    this.pool = new Piscina({
      filename: WORKER_FILE.href,
      minThreads: this.limits.threads,
      maxThreads: this.limits.threads,
      maxQueue: this.limits.threads * QUEUE_PER_THREAD,
      // The worker file is TypeScript: the threads load it through tsx, whatever the parent was started with.
      execArgv: process.execArgv.some((arg) => arg.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'],
      workerData: { chainId: this.chain.chainId.toString() },
      idleTimeout: Number.POSITIVE_INFINITY,
    });
    // Each call is answered through its own promise; a thread's late message after the pool is
    // closed must not end the server as an unhandled 'error' event.
    this.pool.on('error', () => undefined);
    const { port1, port2 } = new MessageChannel();
    const task: CallTask = { kind: 'ready', request: {}, headerRlp: '0x', gasCap: 0n, deadline: Number.POSITIVE_INFINITY, timeoutMs: 0, port: port2 };
    this.ready = this.pool.run(task, { transferList: [port2] }).then(() => undefined, () => undefined).finally(() => port1.close());
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = null;
    await pool?.destroy();
  }

  private async run(kind: 'call' | 'estimate', request: CallRequest): Promise<CallResult> {
    await this.warm();
    const pool = this.pool as Piscina;
    const { timeoutMs } = this.limits;
    const { port1, port2 } = new MessageChannel();
    const hardStop = new AbortController();
    const deadline = Date.now() + timeoutMs;
    let isStarted = false;
    port1.on('message', (message: 'started' | NodeRequest) => {
      if (message === 'started') {
        isStarted = true;
        return;
      }
      this.chain.readStateNode(message.key).then(
        (value) => port1.postMessage({ id: message.id, value } satisfies NodeReply),
        () => port1.postMessage({ id: message.id, failed: true } satisfies NodeReply),
      );
    });
    const task: CallTask = { kind, request, headerRlp: bytesToHex(this.chain.latestBlock.header.serialize()) as Hex, gasCap: this.limits.gasCap, deadline, timeoutMs, port: port2 };
    const answer = pool.run(task, { transferList: [port2], signal: hardStop.signal }) as Promise<CallTaskOutcome>;
    // At the deadline a call still waiting for a thread is answered as such; the thread that takes
    // it later sees its deadline passed and drops it at once (it is not aborted: piscina ends the
    // thread of an aborted task, and the task may be starting just then). A running call has
    // HARD_STOP_GRACE_MS to stop itself before its thread is ended.
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<'expired'>((resolve) => {
      timer = setTimeout(() => {
        if (!isStarted) resolve('expired');
        else timer = setTimeout(() => hardStop.abort(), HARD_STOP_GRACE_MS);
      }, timeoutMs);
    });
    // The port answers the thread's reads for as long as it runs the task.
    const settled = answer.finally(() => {
      clearTimeout(timer);
      port1.close();
    });
    settled.catch(() => undefined);
    let outcome: CallTaskOutcome | 'expired';
    try {
      outcome = await Promise.race([settled, expired]);
    } catch (error) {
      if (hardStop.signal.aborted) throw new ChainError(-32000, `execution took longer than ${timeoutMs} ms`);
      if (error instanceof Error && /queue is at limit/i.test(error.message)) throw new ChainError(-32005, 'The chain is busy: too many calls are waiting; try again shortly');
      throw new ChainError(-32603, 'Internal error: the call could not be run');
    }
    if (outcome === 'expired') throw new ChainError(-32005, `The chain is busy: no thread was free to run this call within ${timeoutMs} ms`);
    if (!outcome.ok) throw new ChainError(outcome.code, outcome.message, outcome.data);
    return outcome;
  }
}
