import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Hex } from './chain-store.ts';

const KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/** Where the generated minter key lives: `${homeDir}/chain/minter.key`. */
export function minterKeyFile(homeDir: string): string {
  return path.join(homeDir, 'chain', 'minter.key');
}

/** The address a minter key signs as (lower case). */
export function minterAddressOf(privateKey: Hex): Hex {
  return privateKeyToAccount(privateKey).address.toLowerCase() as Hex;
}

/** The key in the minter key file, or null when there is none; throws when the file holds something else. */
export function readMinterKeyFile(homeDir: string): Hex | null {
  const file = minterKeyFile(homeDir);
  if (!fs.existsSync(file)) return null;
  // A key left readable by others (copied in by hand) is made private again before use.
  if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!KEY_PATTERN.test(text)) throw new Error(`${file} does not hold a private key (0x and 64 hex characters)`);
  return text as Hex;
}

/**
 * Writes the minter key file, readable by the owner only (0600 in a 0700 directory). A different
 * key already there is kept beside it (`minter.key.replaced-<time>`), never overwritten; returns
 * that file's path, or null.
 */
export function writeMinterKeyFile(homeDir: string, privateKey: Hex): { replacedFile: string | null } {
  const file = minterKeyFile(homeDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  let replacedFile: string | null = null;
  if (fs.existsSync(file)) {
    replacedFile = `${file}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, replacedFile);
  }
  fs.writeFileSync(file, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  return { replacedFile };
}

/**
 * The minter's private key: CHAIN_PRIVATE_KEY when set, otherwise the minter key file, generated
 * at first start. The key is never logged, returned by an endpoint or written anywhere else in
 * clear (a backup holds it only encrypted: sealMinterKey).
 */
export function loadMinterKey(homeDir: string, configured: string | undefined): { privateKey: Hex; source: 'environment' | 'file'; created: boolean } {
  if (configured) {
    if (!KEY_PATTERN.test(configured)) throw new Error('CHAIN_PRIVATE_KEY must be 0x and 64 hex characters');
    return { privateKey: configured as Hex, source: 'environment', created: false };
  }
  const existing = readMinterKeyFile(homeDir);
  if (existing) return { privateKey: existing, source: 'file', created: false };
  const privateKey = generatePrivateKey();
  const file = minterKeyFile(homeDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // 'wx': never overwrite a key another process wrote meanwhile.
  fs.writeFileSync(file, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  return { privateKey, source: 'file', created: true };
}

/** Layout of a sealed minter key (the form a backup holds it in). */
export const SEALED_MINTER_KEY_FORMAT = 'propguard.sealed-minter-key.v1';

/**
 * scrypt's cost: N = 2^15, r = 8, p = 1 (32 MiB, about 0.1 s here), the parameters RFC 7914 section 2
 * and OWASP's password storage cheat sheet (2023) give for interactive use; the passphrase is
 * typed once per backup or restore.
 */
const SCRYPT = { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;

export interface SealedMinterKey {
  format: typeof SEALED_MINTER_KEY_FORMAT;
  /** The key's address: public (it signs every mint), so a restore can check it without the passphrase. */
  address: Hex;
  kdf: { name: 'scrypt'; n: number; r: number; p: number; salt: string };
  cipher: { name: 'aes-256-gcm'; iv: string; tag: string };
  ciphertext: string;
}

function deriveKey(passphrase: string, salt: Buffer): Buffer {
  return scryptSync(passphrase.normalize('NFC'), salt, 32, SCRYPT);
}

/**
 * The minter key encrypted with a passphrase: scrypt derives a 256-bit key from it and a random
 * salt, AES-256-GCM encrypts with a random 96-bit IV and authenticates the address with it.
 */
export function sealMinterKey(privateKey: Hex, passphrase: string): SealedMinterKey {
  const address = minterAddressOf(privateKey);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', deriveKey(passphrase, salt), iv);
  cipher.setAAD(Buffer.from(address, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(privateKey, 'utf8'), cipher.final()]);
  return {
    format: SEALED_MINTER_KEY_FORMAT,
    address,
    kdf: { name: 'scrypt', n: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p, salt: salt.toString('base64') },
    cipher: { name: 'aes-256-gcm', iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') },
    ciphertext: ciphertext.toString('base64'),
  };
}

/** The key a sealed minter key holds, or null when the passphrase is wrong or the sealed key was changed. */
export function openSealedMinterKey(sealed: SealedMinterKey, passphrase: string): Hex | null {
  if (sealed.format !== SEALED_MINTER_KEY_FORMAT || sealed.kdf.name !== 'scrypt' || sealed.cipher.name !== 'aes-256-gcm') return null;
  try {
    const key = scryptSync(passphrase.normalize('NFC'), Buffer.from(sealed.kdf.salt, 'base64'), 32, { N: sealed.kdf.n, r: sealed.kdf.r, p: sealed.kdf.p, maxmem: SCRYPT.maxmem });
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.cipher.iv, 'base64'));
    decipher.setAAD(Buffer.from(sealed.address, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.cipher.tag, 'base64'));
    const text = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
    return KEY_PATTERN.test(text) && minterAddressOf(text as Hex) === sealed.address ? (text as Hex) : null;
  } catch {
    return null;
  }
}
