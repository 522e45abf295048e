import type { Hex } from './chain-store.ts';

/**
 * A JSON-RPC error with its standard code (EIP-1474): the caller sent something the chain refuses.
 * Its message is ours and is answered; a `cause` (a library's or the store's error) is for the
 * server's log only.
 */
export class ChainError extends Error {
  constructor(readonly code: number, message: string, readonly data?: Hex, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ChainError';
  }
}

/** A public call reached its deadline (call-worker.ts stops it from inside the EVM). */
export class ExecutionDeadlinePassed extends Error {
  constructor() {
    super('The call reached its deadline');
    this.name = 'ExecutionDeadlinePassed';
  }
}

/**
 * Our own words for why EthereumJS refused a transaction, matched on its messages (@ethereumjs/tx
 * and @ethereumjs/vm 10.1). Its messages are never passed on: some quote the library's own source
 * (a transaction for another chain reads "Common chain ID chainId() { return BigInt(...) }") and
 * others the whole transaction and block.
 */
const REFUSALS: readonly [pattern: RegExp, message: string][] = [
  [/chain ID/i, 'The transaction is signed for another chain'],
  [/correct nonce/i, "The transaction's nonce is not the sender's next nonce"],
  [/enough funds/i, "The sender's balance does not cover the transaction's gas and value"],
  [/INTRINSIC_GAS_TOO_LOW|gas limit .* lower than the minimum/i, "The transaction's gas limit is below its intrinsic gas"],
  [/higher gas limit than the (block|remaining gas)/i, "The transaction's gas limit is above the block's gas limit"],
  [/less than the block's baseFeePerGas/i, "The transaction's fee is below the block's base fee"],
  [/maxFeePerGas cannot be less than maxPriorityFeePerGas/i, "The transaction's maxFeePerGas is below its maxPriorityFeePerGas"],
  [/not EOA/i, 'The sender is a contract (EIP-3607)'],
  [/blob/i, 'Blob transactions (EIP-4844) are not accepted here'],
  [/signature|invalid s value|recovery|ecrecover/i, "The transaction's signature is not valid"],
];

/** A refused transaction's reason in our own words; `fallback` when the library said something else. */
export function describeRefusal(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : String(error);
  return REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? fallback;
}
