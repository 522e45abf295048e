// The chain's fast keccak-256 and secp256k1 give the same bytes as EthereumJS's own (@noble).
import { randomBytes } from 'node:crypto';
import { ecrecover as nobleEcrecover, SECP256K1_ORDER_DIV_2 } from '@ethereumjs/util';
import { hexToBytes, keccak256 as viemKeccak256 } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { loadChainCrypto } from '../src/chain-crypto.ts';

/** @noble's keccak-256 (through viem, as EthereumJS uses it by default). */
const keccak_256 = (message: Uint8Array): Uint8Array => viemKeccak256(message, 'bytes');

describe('chain crypto', () => {
  it('keccak-256 equals @noble for every length around the 136-byte block, and results do not share memory', async () => {
    const { keccak256 } = await loadChainCrypto();
    for (const length of [0, 1, 31, 32, 33, 135, 136, 137, 271, 272, 532, 4096]) {
      const message = new Uint8Array(randomBytes(length));
      expect(Buffer.from(keccak256(message)).toString('hex'), `length ${length}`).toBe(Buffer.from(keccak_256(message)).toString('hex'));
    }
    const first = keccak256(new Uint8Array([1]));
    const copy = Uint8Array.from(first);
    keccak256(new Uint8Array([2]));
    expect(first).toEqual(copy);
  });

  it('signs like secp256k1 (low s, recoverable) and recovers the signer as EthereumJS does, for plain and EIP-155 v', async () => {
    const crypto = await loadChainCrypto();
    expect(crypto.secp256k1Backend, 'the secp256k1 package should load its prebuilt binding here').toBe('native');
    for (let round = 0; round < 20; round++) {
      const key = generatePrivateKey();
      const privateKey = hexToBytes(key);
      const publicKey = hexToBytes(privateKeyToAccount(key).publicKey).slice(1);
      const hash = keccak_256(new Uint8Array(randomBytes(64)));
      const { r, s, recovery } = crypto.sign(hash, privateKey);
      expect(BigInt(`0x${Buffer.from(s).toString('hex')}`) <= SECP256K1_ORDER_DIV_2).toBe(true);
      for (const [v, chainId] of [[BigInt(27 + recovery), undefined], [BigInt(recovery), undefined], [7316n * 2n + 35n + BigInt(recovery), 7316n]] as const) {
        const recovered = crypto.ecrecover(hash, v, r, s, chainId);
        expect(Buffer.from(recovered).toString('hex')).toBe(Buffer.from(publicKey).toString('hex'));
        expect(Buffer.from(recovered).toString('hex')).toBe(Buffer.from(nobleEcrecover(hash, v, r, s, chainId)).toString('hex'));
      }
      // Leading zero bytes dropped from r or s (as transactions carry them) are padded back.
      const trimmed = s[0] === 0 ? s.subarray(1) : s;
      expect(crypto.ecrecover(hash, BigInt(27 + recovery), r, trimmed)).toEqual(crypto.ecrecover(hash, BigInt(27 + recovery), r, s));
    }
    expect(() => crypto.ecrecover(new Uint8Array(32), 29n, new Uint8Array(32).fill(1), new Uint8Array(32).fill(1))).toThrow(/v value/);
  });
});
