import fs from 'node:fs';
import path from 'node:path';
import { generatePrivateKey } from 'viem/accounts';
import type { Hex } from '@propguard/chain';

const KEY_PATTERN = /^0x[0-9a-fA-F]{64}$/;

/**
 * The minter's private key: CHAIN_PRIVATE_KEY when set, otherwise `${homeDir}/chain/minter.key`,
 * generated at first start and readable by the owner only (0600 in a 0700 directory). The key is
 * never logged, returned by an endpoint or written anywhere else.
 */
export function loadMinterKey(homeDir: string, configured: string | undefined): { privateKey: Hex; source: 'environment' | 'file'; created: boolean } {
  if (configured) {
    if (!KEY_PATTERN.test(configured)) throw new Error('CHAIN_PRIVATE_KEY must be 0x and 64 hex characters');
    return { privateKey: configured as Hex, source: 'environment', created: false };
  }
  const directory = path.join(homeDir, 'chain');
  const file = path.join(directory, 'minter.key');
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) {
    // A key left readable by others (copied in by hand) is made private again before use.
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
    const text = fs.readFileSync(file, 'utf8').trim();
    if (!KEY_PATTERN.test(text)) throw new Error(`${file} does not hold a private key (0x and 64 hex characters)`);
    return { privateKey: text as Hex, source: 'file', created: false };
  }
  const privateKey = generatePrivateKey();
  // 'wx': never overwrite a key another process wrote meanwhile.
  fs.writeFileSync(file, `${privateKey}\n`, { mode: 0o600, flag: 'wx' });
  return { privateKey, source: 'file', created: true };
}
