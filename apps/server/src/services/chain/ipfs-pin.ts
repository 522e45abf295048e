import { AppError } from '@propguard/schemas';

const PIN_TIMEOUT_MS = 10_000;

/**
 * Pins dag-json bytes to an IPFS node through its HTTP API (kubo: POST /api/v0/dag/put with
 * pin=true) and checks that the node computed the same CID.
 */
export async function pinToIpfs(apiUrl: string, bytes: Uint8Array, cid: string): Promise<void> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/json' }), 'metadata.json');
  const url = new URL('/api/v0/dag/put?store-codec=dag-json&input-codec=dag-json&pin=true&hash=sha2-256', apiUrl);
  let answer: { Cid?: { '/': string } };
  try {
    const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(PIN_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    answer = (await response.json()) as { Cid?: { '/': string } };
  } catch (error) {
    throw new AppError('SERVICE_UNAVAILABLE', `Pinning the metadata to IPFS_API_URL failed: ${(error as Error).message}`, { cause: error });
  }
  if (answer.Cid?.['/'] !== cid) throw new AppError('SERVICE_UNAVAILABLE', `The IPFS node stored the metadata as ${answer.Cid?.['/'] ?? 'nothing'}, not ${cid}`);
}
