import { useMutation } from '@tanstack/react-query';
import type { VerifyCertificateResponse } from '@propguard/schemas';
import { requestApi } from '../../../lib/api-client.ts';

/** A token id (digits) or a transaction hash (0x + 64 hex), as typed. */
export type CertificateReference = { token_id: number } | { tx_hash: string };

export function parseCertificateReference(text: string): CertificateReference | null {
  const value = text.trim().replace(/^#/, '');
  if (/^\d{1,15}$/.test(value) && Number(value) >= 1) return { token_id: Number(value) };
  if (/^0x[0-9a-fA-F]{64}$/.test(value)) return { tx_hash: value };
  return null;
}

export type VerifyRequest = { reference: CertificateReference; document?: Record<string, unknown> | string };

/** GET /api/blockchain/verify-nft, or POST with an uploaded report (JSON object or PDF base64). */
export function verifyCertificate({ reference, document }: VerifyRequest): Promise<VerifyCertificateResponse> {
  if (document !== undefined) return requestApi<VerifyCertificateResponse>('/blockchain/verify-nft', { method: 'POST', body: { ...reference, document } });
  const query = 'token_id' in reference ? `token_id=${reference.token_id}` : `tx_hash=${encodeURIComponent(reference.tx_hash)}`;
  return requestApi<VerifyCertificateResponse>(`/blockchain/verify-nft?${query}`);
}

export function useVerifyCertificate() {
  return useMutation({ mutationKey: ['blockchain', 'verify'], mutationFn: verifyCertificate });
}
