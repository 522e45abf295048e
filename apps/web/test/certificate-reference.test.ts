import { describe, expect, it } from 'vitest';
import { parseCertificateReference } from '../src/features/blockchain/api/verify-certificate.ts';

describe('parseCertificateReference (the verify input)', () => {
  it('reads a token id, with or without #, and a transaction hash', () => {
    expect(parseCertificateReference(' 12 ')).toEqual({ token_id: 12 });
    expect(parseCertificateReference('#7')).toEqual({ token_id: 7 });
    const hash = `0x${'aB'.repeat(32)}`;
    expect(parseCertificateReference(hash)).toEqual({ tx_hash: hash });
  });

  it('refuses token 0, a short hash, words and decimals', () => {
    for (const text of ['0', '0x1234', 'token', '1.5', '', `0x${'g'.repeat(64)}`]) expect(parseCertificateReference(text), text).toBeNull();
  });
});
