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

/** A SHA-256 as typed (64 hex characters, with or without 0x), lower-cased; null for anything else. */
export function parseSha256(text: string): string | null {
  const value = text.trim().replace(/^0x/i, '');
  return /^[0-9a-fA-F]{64}$/.test(value) ? value.toLowerCase() : null;
}

export type VerifyRequest = { reference: CertificateReference; document?: Record<string, unknown> | string; contentSha256?: string };

/** GET /api/blockchain/verify-nft, or POST with a report (JSON object or PDF base64) or its SHA-256. */
export function verifyCertificate({ reference, document, contentSha256 }: VerifyRequest): Promise<VerifyCertificateResponse> {
  if (document !== undefined) return requestApi<VerifyCertificateResponse>('/blockchain/verify-nft', { method: 'POST', body: { ...reference, document } });
  if (contentSha256 !== undefined) return requestApi<VerifyCertificateResponse>('/blockchain/verify-nft', { method: 'POST', body: { ...reference, content_sha256: contentSha256 } });
  const query = 'token_id' in reference ? `token_id=${reference.token_id}` : `tx_hash=${encodeURIComponent(reference.tx_hash)}`;
  return requestApi<VerifyCertificateResponse>(`/blockchain/verify-nft?${query}`);
}

export function useVerifyCertificate() {
  return useMutation({ mutationKey: ['blockchain', 'verify'], mutationFn: verifyCertificate });
}
