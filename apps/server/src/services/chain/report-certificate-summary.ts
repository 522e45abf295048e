import { reportHashOf } from '@propguard/chain';
import type { ReportCertificateSummary } from '@propguard/engines';
import type { AppContext } from '../app-context.ts';

/**
 * The on-chain certificate of a report (by its content hash), as the report's PDF and text show it:
 * read from the certificate contract and the mint's log at the chain's current head. Null when no
 * certificate was minted, or when the chain is not available (the downloads are then the report as
 * issued, without the certificate section).
 */
export async function certificateSummaryOfReport(context: AppContext, contentHash: string): Promise<ReportCertificateSummary | null> {
  if (!context.chain.ready) return null;
  const runtime = context.chain.runtime;
  const tokenId = await runtime.registry.tokenOfReport(reportHashOf(contentHash));
  if (tokenId === 0n) return null;
  const { certificate, mint } = await runtime.registry.tokenState(tokenId, runtime.fromBlock);
  if (!certificate || !mint) return null;
  return {
    tokenId: Number(tokenId),
    contractAddress: runtime.contractAddress,
    chainId: Number(runtime.chainId),
    network: runtime.network,
    transactionHash: mint.transactionHash,
    blockNumber: Number(mint.blockNumber),
    reportHash: certificate.reportHash,
    cid: certificate.cid,
    verifyUrl: `${context.config.publicBaseUrl}/api/blockchain/verify-nft?token_id=${tokenId}`,
  };
}
