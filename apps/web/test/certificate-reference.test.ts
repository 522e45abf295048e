import { describe, expect, it } from 'vitest';
import { parseCertificateReference, parseSha256 } from '../src/features/blockchain/api/verify-certificate.ts';

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

describe('parseSha256 (verifying a report by its hash)', () => {
  it('reads 64 hex characters, with or without 0x, lower-cased', () => {
    expect(parseSha256(` ${'AB'.repeat(32)} `)).toBe('ab'.repeat(32));
    expect(parseSha256(`0x${'0f'.repeat(32)}`)).toBe('0f'.repeat(32));
  });

  it('refuses a short hash, a long one and non-hex characters', () => {
    for (const text of ['ab'.repeat(31), 'ab'.repeat(33), `${'g'.repeat(64)}`, 'report']) expect(parseSha256(text), text).toBeNull();
  });
});
