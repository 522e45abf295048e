import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MINT_EVENT_STREAM, type MintCertificateResponse, type MintProgressEvent, type MintStage } from '@propguard/schemas';
import { ApiError, errorOfResponse } from '../../../lib/api-client.ts';

/** Minting waits for the receipt: allowed longer than an ordinary request on an external chain. */
const MINT_TIMEOUT_MS = 60_000;

/** The events of one Server-Sent Events block (`event:` and `data:` lines). */
function parseEvent(block: string): MintProgressEvent | null {
  const event = /^event: ?(.*)$/m.exec(block)?.[1];
  const data = block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.replace(/^data: ?/, '')).join('\n');
  if (!event || !data) return null;
  return { event, data: JSON.parse(data) } as MintProgressEvent;
}

/**
 * POST /api/blockchain/mint-valuation-nft {report_id} as Server-Sent Events: `onStage` is called as
 * each stage completes on the server; answers the final result (or throws the server's error).
 */
export async function streamMint(reportId: string, onStage: (stage: MintStage) => void): Promise<MintCertificateResponse> {
  const response = await fetch('/api/blockchain/mint-valuation-nft', {
    method: 'POST',
    headers: { Accept: MINT_EVENT_STREAM, 'Content-Type': 'application/json' },
    body: JSON.stringify({ report_id: reportId }),
    signal: AbortSignal.timeout(MINT_TIMEOUT_MS),
  });
  // A failure before the first stage is an ordinary JSON error answer.
  if (!response.ok) throw await errorOfResponse('/blockchain/mint-valuation-nft', response);
  if (!response.body || !(response.headers.get('content-type') ?? '').includes(MINT_EVENT_STREAM)) {
    return (await response.json()) as MintCertificateResponse;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value.replace(/\r\n/g, '\n');
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = parseEvent(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (event?.event === 'stage') onStage(event.data);
      else if (event?.event === 'result') return event.data;
      else if (event?.event === 'error') throw new ApiError(event.data.error.message, 200, event.data.error.code);
    }
  }
  throw new ApiError('The mint stream ended without a result: see the collection for whether the certificate was minted', response.status);
}

/**
 * Mints a certificate with its stages as they happen (`stages`, live from the server); refreshes
 * the collection and the report's certificate.
 */
export function useMintCertificate() {
  const queryClient = useQueryClient();
  const [stages, setStages] = useState<MintStage[]>([]);
  const mutation = useMutation({
    mutationKey: ['blockchain', 'mint'],
    mutationFn: (reportId: string) => {
      setStages([]);
      return streamMint(reportId, (stage) => setStages((previous) => [...previous, stage]));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['blockchain'] });
    },
  });
  return {
    ...mutation,
    stages,
    reset: () => {
      setStages([]);
      mutation.reset();
    },
  };
}
