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
  // Our own words for each failure: a library's message never reaches the caller (it stays the cause, for the log).
  const fail = (reason: string, cause?: unknown): never => {
    throw new AppError('SERVICE_UNAVAILABLE', `Pinning the metadata to IPFS_API_URL failed: ${reason}`, { cause });
  };
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(PIN_TIMEOUT_MS) });
  } catch (error) {
    return fail((error as Error).name === 'TimeoutError' ? `the node did not answer within ${PIN_TIMEOUT_MS / 1000} s` : 'the node could not be reached', error);
  }
  if (!response.ok) fail(`the node answered HTTP ${response.status}`);
  try {
    answer = (await response.json()) as { Cid?: { '/': string } };
  } catch (error) {
    return fail('the node\'s answer is not JSON', error);
  }
  if (answer.Cid?.['/'] !== cid) throw new AppError('SERVICE_UNAVAILABLE', `The IPFS node stored the metadata as ${answer.Cid?.['/'] ?? 'nothing'}, not ${cid}`);
}
