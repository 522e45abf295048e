import { createBlock, type Block } from '@ethereumjs/block';
import { createCustomCommon, Hardfork, Mainnet, type Common } from '@ethereumjs/common';
import { createTx } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromString, createZeroAddress, hexToBytes } from '@ethereumjs/util';
import { runTx, type VM } from '@ethereumjs/vm';
import { loadChainCrypto } from './chain-crypto.ts';
import { ChainError, describeRefusal, ExecutionDeadlinePassed } from './chain-error.ts';
import type { Hex } from './chain-store.ts';

/** Gas limit of every block: Ethereum mainnet's (2024), so gas figures read as they would there. */
export const BLOCK_GAS_LIMIT = 30_000_000n;

export interface CallRequest {
  from?: Hex;
  to?: Hex | null;
  data?: Hex;
  value?: bigint;
  gas?: bigint;
}

export interface CallResult {
  returnValue: Hex;
  gasUsed: bigint;
}

/** The EVM's own name of the error when a call used all the gas it was given (@ethereumjs/evm EVMError). */
const OUT_OF_GAS = 'out of gas';

/**
 * The chain's rules (Cancun) for `chainId`, shared by the embedded chain and the threads that run
 * public calls, so both execute the same way.
 */
export async function createChainCommon(chainId: bigint): Promise<Common> {
  // keccak-256 in WebAssembly and secp256k1 recovery in libsecp256k1 (see chain-crypto.ts).
  const crypto = await loadChainCrypto();
  const common = createCustomCommon({ chainId: Number(chainId), name: 'propguard' }, Mainnet, {
    hardfork: Hardfork.Cancun,
    customCrypto: { keccak256: crypto.keccak256, ecrecover: crypto.ecrecover },
  });
  // Every transaction and block decoded copies its Common (about 2 ms each). This chain's rules
  // never change (one hardfork, set once), so one shared instance is safe and saves that time.
  common.copy = () => common;
  // Each block header and transaction merges its parameter table into the Common again (another
  // 2 ms a mint); merging the same table twice changes nothing, so the second time is skipped.
  const merged = new WeakSet<object>();
  const updateParams = common.updateParams.bind(common);
  common.updateParams = (params) => {
    if (merged.has(params)) return common;
    merged.add(params);
    return updateParams(params);
  };
  return common;
}

/**
 * eth_call: runs `request` on the VM's state as of `head` with `gasLimit` gas and throws its
 * changes away. A revert or an exceptional halt is a ChainError (code 3, EIP-1474) carrying the
 * return data; running out of gas is reported as such (`isOutOfGas`) so a caller can name its cap.
 */
export async function executeCall(vm: VM, head: Block, request: CallRequest, gasLimit: bigint): Promise<CallResult> {
  const journal = vm.evm.journal;
  await journal.checkpoint();
  try {
    const result = await vm.evm.runCall({
      caller: request.from ? createAddressFromString(request.from) : createZeroAddress(),
      to: request.to ? createAddressFromString(request.to) : undefined,
      data: request.data ? hexToBytes(request.data) : undefined,
      value: request.value ?? 0n,
      gasLimit,
      block: head,
      skipBalance: true,
    });
    const returnValue = bytesToHex(result.execResult.returnValue) as Hex;
    const error = result.execResult.exceptionError?.error;
    if (error !== undefined) throw new ChainError(3, `execution reverted${error === 'revert' ? '' : `: ${error}`}`, returnValue);
    return { returnValue, gasUsed: result.execResult.executionGasUsed };
  } finally {
    await journal.revert();
  }
}

/**
 * eth_estimateGas: runs `request` as a transaction from `from` (unsigned: an estimate runs on
 * behalf of an address without its key) in the block after `head`, with `gasLimit` gas, and
 * throws its changes away. Answers the gas the transaction spent.
 */
export async function executeEstimate(vm: VM, head: Block, request: CallRequest, gasLimit: bigint): Promise<bigint> {
  const common = vm.common;
  const from = createAddressFromString(request.from ?? createZeroAddress().toString());
  const nonce = (await vm.stateManager.getAccount(from))?.nonce ?? 0n;
  const baseFee = head.header.calcNextBaseFee();
  const transaction = createTx({
    type: 2,
    to: request.to ?? undefined,
    data: request.data,
    value: request.value ?? 0n,
    gasLimit,
    maxFeePerGas: baseFee,
    maxPriorityFeePerGas: 0n,
    nonce,
  }, { common, freeze: false });
  transaction.getSenderAddress = () => from;
  const block = createBlock({ header: { number: head.header.number + 1n, baseFeePerGas: baseFee, gasLimit: BLOCK_GAS_LIMIT, timestamp: head.header.timestamp } }, { common, setHardfork: false });
  await vm.stateManager.checkpoint();
  try {
    let result;
    try {
      result = await runTx(vm, { tx: transaction, block, skipBalance: true, skipNonce: true, skipBlockGasLimitValidation: true, skipHardForkValidation: true });
    } catch (error) {
      if (error instanceof ExecutionDeadlinePassed) throw error;
      // Refused before it ran (e.g. a gas limit below its intrinsic gas).
      throw new ChainError(-32000, describeRefusal(error, 'The transaction could not be run'));
    }
    const error = result.execResult.exceptionError?.error;
    if (error !== undefined) throw new ChainError(3, `execution reverted${error === 'revert' ? '' : `: ${error}`}`, bytesToHex(result.execResult.returnValue) as Hex);
    return result.totalGasSpent;
  } finally {
    await vm.stateManager.revert();
  }
}

/** Whether a ChainError from executeCall or executeEstimate says the call ran out of gas. */
export function isOutOfGas(error: unknown): boolean {
  return error instanceof ChainError && error.code === 3 && error.message.endsWith(`: ${OUT_OF_GAS}`);
}
