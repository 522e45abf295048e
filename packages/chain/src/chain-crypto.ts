import { createRequire } from 'node:module';
import { createKeccak } from 'hash-wasm';
import type secp256k1Api from 'secp256k1';

/**
 * The two primitives that dominate the embedded chain's CPU time (profiled with
 * `BENCH_PROFILE=dir npm run bench:chain`): keccak-256, which hashes every trie node, key and
 * transaction, and the secp256k1 public-key recovery that tells a signed transaction's sender.
 * EthereumJS computes both in plain JavaScript (@noble): about 70 µs per trie node and 3 ms per
 * recovery on this machine. Here keccak-256 runs in WebAssembly (hash-wasm, about 3 µs) and
 * recovery and signing in libsecp256k1 (the `secp256k1` package's prebuilt N-API binding, about
 * 0.1 ms). Same algorithms, same bytes: the chain tests check the results against @noble's.
 */
export interface ChainCrypto {
  keccak256: (message: Uint8Array) => Uint8Array;
  /** EthereumJS's ecrecover: the 64-byte public key (no 0x04 prefix) that signed `msgHash`. */
  ecrecover: (msgHash: Uint8Array, v: bigint, r: Uint8Array, s: Uint8Array, chainId?: bigint) => Uint8Array;
  /** A recoverable signature of a 32-byte hash. */
  sign: (msgHash: Uint8Array, privateKey: Uint8Array) => { r: Uint8Array; s: Uint8Array; recovery: 0 | 1 };
  /** Which secp256k1 implementation runs: the native binding, or the package's JavaScript fallback. */
  secp256k1Backend: 'native' | 'javascript';
}

const require = createRequire(import.meta.url);

function loadSecp256k1(): { api: typeof secp256k1Api; backend: 'native' | 'javascript' } {
  try {
    // The prebuilt binding shipped in the package (prebuilds/linux-x64); no compiler needed.
    return { api: require('secp256k1/bindings.js') as typeof secp256k1Api, backend: 'native' };
  } catch {
    return { api: require('secp256k1/elliptic.js') as typeof secp256k1Api, backend: 'javascript' };
  }
}

function leftPad32(bytes: Uint8Array): Uint8Array {
  if (bytes.length === 32) return bytes;
  if (bytes.length > 32) throw new Error('Signature component longer than 32 bytes');
  const padded = new Uint8Array(32);
  padded.set(bytes, 32 - bytes.length);
  return padded;
}

/** EthereumJS's rule: v is 0/1, 27/28, or EIP-155's chainId * 2 + 35/36. */
function recoveryOf(v: bigint, chainId?: bigint): number {
  const recovery = v === 0n || v === 1n ? v : chainId === undefined ? v - 27n : v - (chainId * 2n + 35n);
  if (recovery !== 0n && recovery !== 1n) throw new Error('Invalid signature v value');
  return Number(recovery);
}

let loaded: Promise<ChainCrypto> | null = null;

/** The chain's keccak-256 and secp256k1, loaded once (the WebAssembly module compiles asynchronously). */
export function loadChainCrypto(): Promise<ChainCrypto> {
  loaded ??= (async () => {
    const hasher = await createKeccak(256);
    const { api, backend } = loadSecp256k1();
    const signature = new Uint8Array(64);
    return {
      keccak256(message) {
        // Synchronous from init to digest, so one hasher serves every caller in turn.
        hasher.init();
        hasher.update(message);
        return hasher.digest('binary');
      },
      ecrecover(msgHash, v, r, s, chainId) {
        signature.set(leftPad32(r), 0);
        signature.set(leftPad32(s), 32);
        return api.ecdsaRecover(signature, recoveryOf(v, chainId), msgHash, false).slice(1);
      },
      sign(msgHash, privateKey) {
        const { signature: compact, recid } = api.ecdsaSign(msgHash, privateKey);
        return { r: compact.slice(0, 32), s: compact.slice(32, 64), recovery: recid as 0 | 1 };
      },
      secp256k1Backend: backend,
    };
  })();
  return loaded;
}
