import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { decodeFunctionData, parseEventLogs } from 'viem';
import {
  buildCertificateMetadata,
  cidOfDagJson,
  decodeDagJson,
  encodeDagJson,
  isPublicMetadata,
  propertyKeyOf,
  publicMetadataOf,
  reportHashOf,
  reportIdOfLegacyMetadata,
  CERTIFICATE_ABI,
  type CertificateMetadata,
  type Hex,
  type OnChainCertificate,
} from '@propguard/chain';
import { findCertificateOwners, findReportHashes, getIpfsObject, insertCertificateOwner, isCertificateVisible, putIpfsObject, visibleCertificateTokens, type ReportScope } from '@propguard/db';
import { canonicalJson } from '@propguard/engines';
import {
  AppError,
  reportContentSchema,
  type Certificate,
  type ApraComplianceReportResponse,
  type CertificateEvent,
  type CollectionResponse,
  type ExplorerToken,
  type ExplorerTransaction,
  type MintCertificateRequest,
  type MintCertificateResponse,
  type MintStage,
  type ReportCertificateResponse,
  type ReportContent,
  type VerificationCheck,
  type VerifyCertificateQuery,
  type VerifyCertificateResponse,
  type VerifyDocumentRequest,
} from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { generateReport, getStoredReport, renderCertifiedReportPdf } from '../reports/report-service.ts';
import type { ChainRuntime } from './chain-runtime.ts';
import { pinToIpfs } from './ipfs-pin.ts';
import { certificateSummaryOfReport } from './report-certificate-summary.ts';
import { renderCertificatePdf } from './render-certificate-pdf.ts';

const DAG_JSON_CODEC = 'dag-json';

function sha256Hex(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function requireChain(context: AppContext): ChainRuntime {
  if (!context.chain.ready) throw new AppError('SERVICE_UNAVAILABLE', `The certificate chain is not available: ${context.chain.reason}`);
  return context.chain.runtime;
}

async function blockTime(runtime: ChainRuntime, blockNumber: bigint): Promise<string | null> {
  const block = await runtime.registry.publicClient.getBlock({ blockNumber }).catch(() => null);
  return block ? new Date(Number(block.timestamp) * 1000).toISOString() : null;
}

/** The mint of each token, from the chain's CertificateIssued logs. */
async function issuedEvents(runtime: ChainRuntime) {
  return runtime.registry.readEvents(runtime.fromBlock);
}

/**
 * The private side of a certificate (issue 29.4), for the workspace that minted it only: the
 * certified report's id and, from that stored report, its address and estimate.
 */
interface CertificateDetails {
  reportId: string;
  property: string | null;
  valuation: number | null;
}

async function detailsOfReport(context: AppContext, reportId: string | null): Promise<CertificateDetails | undefined> {
  if (!reportId) return undefined;
  const row = await findReportHashes(context.database, reportId);
  const content = row?.content as ReportContent | undefined;
  return { reportId, property: content?.property_details.address ?? null, valuation: content?.comprehensive_analysis.ai_valuation ?? null };
}

/**
 * A certificate as the caller may see it: what the chain and the public metadata say, and the
 * details (property, report, valuation) only when `details` is given (the minting workspace's).
 */
function present(certificate: OnChainCertificate, mint: { blockNumber: bigint; transactionHash: Hex } | undefined, held: HeldMetadata | null, details: CertificateDetails | undefined): Certificate {
  const metadata = held?.publicMetadata ?? null;
  return {
    token_id: Number(certificate.tokenId),
    property: details?.property ?? null,
    report_id: details?.reportId ?? null,
    report_hash: certificate.reportHash,
    cid: certificate.cid,
    token_uri: certificate.tokenUri,
    issuer: certificate.issuer,
    owner: certificate.owner,
    minted_date: new Date(Number(certificate.issuedAt) * 1000).toISOString(),
    block_number: Number(mint?.blockNumber ?? 0n),
    transaction_hash: mint?.transactionHash ?? '',
    supersedes: certificate.supersedes === 0n ? null : Number(certificate.supersedes),
    superseded_by: certificate.supersededBy === 0n ? null : Number(certificate.supersededBy),
    valuation: details?.valuation ?? null,
    report_date: metadata?.report.generated_at ?? null,
    model_id: metadata?.model.id ?? null,
    is_issuing_workspace: details !== undefined,
  };
}

/**
 * Metadata as held here, decoded, with the CID its bytes hash to. The bytes are read from the
 * database on every call (a changed row must fail verification); decoding and hashing are done
 * again only when they differ from the bytes last seen for that CID.
 */
interface HeldMetadata {
  bytes: Uint8Array;
  /** As decoded: the public layout, or the legacy one that named the property (never served). */
  metadata: unknown;
  /** Its public fields (publicMetadataOf); null when it is of no layout we know. */
  publicMetadata: CertificateMetadata | null;
  computedCid: string;
}
const heldMetadata = new Map<string, HeldMetadata>();
const HELD_METADATA_LIMIT = 5_000;

async function readHeldMetadata(context: AppContext, cid: string): Promise<HeldMetadata | null> {
  const stored = await getIpfsObject(context.database, cid);
  if (!stored) return null;
  const seen = heldMetadata.get(cid);
  if (seen && Buffer.compare(seen.bytes, stored.bytes) === 0) return seen;
  const metadata = decodeDagJson(stored.bytes);
  const held = { bytes: stored.bytes, metadata, publicMetadata: publicMetadataOf(metadata), computedCid: await cidOfDagJson(stored.bytes) };
  if (heldMetadata.size >= HELD_METADATA_LIMIT) heldMetadata.clear();
  heldMetadata.set(cid, held);
  return held;
}

interface RequiredCertificate {
  onChain: OnChainCertificate;
  /** As the caller may see it (the details only for the minting workspace). */
  certificate: Certificate;
  held: HeldMetadata | null;
  /** The certified report, for this server's own checks whoever asks; never shown to another workspace. */
  reportId: string | null;
}

/**
 * The certificate of a token with its mint transaction (read on chain at the current head), as
 * `scope` may see it, or NOT_FOUND.
 */
async function requireCertificate(context: AppContext, runtime: ChainRuntime, tokenId: bigint, scope: ReportScope): Promise<RequiredCertificate> {
  const { certificate: onChain, mint } = await runtime.registry.tokenState(tokenId, runtime.fromBlock);
  if (!onChain) throw new AppError('NOT_FOUND', `No certificate with token id ${tokenId} on ${runtime.network}`, { field: 'token_id' });
  const held = await readHeldMetadata(context, onChain.cid);
  const owner = (await findCertificateOwners(context.database, runtime.contractAddress, [Number(tokenId)])).get(Number(tokenId));
  // Recorded at the mint; a certificate minted before that record existed named it in its metadata.
  const reportId = owner?.reportId ?? reportIdOfLegacyMetadata(held?.metadata);
  const details = isCertificateVisible(owner, scope) ? await detailsOfReport(context, reportId) : undefined;
  return { onChain, certificate: present(onChain, mint ?? undefined, held, details), held, reportId };
}

/** The token a transaction minted, or NOT_FOUND. */
async function tokenOfTransaction(runtime: ChainRuntime, hash: Hex): Promise<bigint> {
  const receipt = await runtime.registry.publicClient.getTransactionReceipt({ hash }).catch(() => null);
  if (!receipt) throw new AppError('NOT_FOUND', `No transaction ${hash} on ${runtime.network}`, { field: 'tx_hash' });
  const [issued] = parseEventLogs({ abi: CERTIFICATE_ABI, logs: receipt.logs.filter((log) => log.address.toLowerCase() === runtime.contractAddress), eventName: 'CertificateIssued' }) as unknown as { args: { tokenId: bigint } }[];
  if (!issued) throw new AppError('NOT_FOUND', `Transaction ${hash} minted no certificate`, { field: 'tx_hash' });
  return issued.args.tokenId;
}

/**
 * The workspace's newest certificate of the property that nothing supersedes yet, or 0n: the
 * property's CertificateIssued logs (propertyKey is an indexed topic), newest first, checked on
 * chain. Another workspace's certificates are never superseded by this one's.
 */
async function activeTokenOfProperty(context: AppContext, runtime: ChainRuntime, propertyKey: Hex, scope: ReportScope): Promise<bigint> {
  const tokens = await runtime.registry.tokensOfProperty(propertyKey, runtime.fromBlock);
  const visible = await visibleCertificateTokens(context.database, runtime.contractAddress, tokens.map((tokenId) => Number(tokenId)), scope);
  for (const tokenId of tokens.reverse()) {
    if (!visible.has(Number(tokenId))) continue;
    const { certificate } = await runtime.registry.tokenState(tokenId, runtime.fromBlock);
    if (certificate && certificate.supersededBy === 0n) return tokenId;
  }
  return 0n;
}

/** Told each stage of a mint as it completes (the Server-Sent Events of the mint endpoint). */
export type MintStageListener = (stage: MintStage) => void;

/**
 * POST /api/blockchain/mint-valuation-nft: certifies a stored report (or generates one first).
 * The stages are the real steps, reported to `onStage` as each completes: the stored report
 * re-hashed (it must still match its recorded hash) and checked not yet certified; the metadata
 * built as dag-json, stored under its CIDv1 and pinned when IPFS_API_URL is set; the transaction
 * signed and submitted; its receipt; the certificate read back from the contract and compared.
 */
export async function mintCertificate(context: AppContext, request: MintCertificateRequest, scope: ReportScope, onStage?: MintStageListener): Promise<MintCertificateResponse> {
  const runtime = requireChain(context);
  // Only a report of the caller's workspace: another workspace's answers 404, like a missing one.
  const report = request.report_id
    ? await getStoredReport(context, request.report_id, scope)
    : await generateReport(context, { address: request.property_data?.address, listing_id: request.property_data?.listing_id, template: 'full-valuation', include_blockchain: true }, scope);
  const stages: MintStage[] = [];
  let stageStarted = performance.now();
  const complete = (stage: MintStage['stage'], label: string, ms = performance.now() - stageStarted) => {
    const done: MintStage = { stage, label, ms: round(ms) };
    stages.push(done);
    onStage?.(done);
    stageStarted = performance.now();
  };

  // The hash certified is recomputed from the stored content, not taken from the row's own column.
  const contentHash = sha256Hex(canonicalJson(report.content));
  if (contentHash !== report.content_hash) {
    throw new AppError('CONFLICT', `Report ${report.report_id} no longer matches its recorded SHA-256 (${report.content_hash}): it was changed after it was issued and cannot be certified`, { field: 'report_id' });
  }
  const reportHash = reportHashOf(contentHash);
  const already = await runtime.registry.tokenOfReport(reportHash);
  if (already !== 0n) throw new AppError('CONFLICT', `Report ${report.report_id} is already certified by token ${already}`, { field: 'report_id' });
  complete('hash_report', `Report SHA-256 ${contentHash} recomputed from the stored content; not yet certified`);

  const metadata = buildCertificateMetadata(report, { name: 'PropGuard', address: runtime.registry.minter, chainId: runtime.chainId, contract: runtime.contractAddress });
  const { bytes, cid } = await encodeDagJson(metadata);
  await putIpfsObject(context.database, cid, DAG_JSON_CODEC, bytes);
  if (context.config.ipfsApiUrl) await pinToIpfs(context.config.ipfsApiUrl, bytes, cid);
  const propertyKey = propertyKeyOf(report);
  const supersedes = await activeTokenOfProperty(context, runtime, propertyKey, scope);
  complete('build_metadata', `Metadata built as dag-json and stored as CID ${cid} (served at /ipfs/${cid})${context.config.ipfsApiUrl ? ', pinned to the IPFS node' : ''}`);

  const minted = await runtime.registry.mint({ reportHash, propertyKey, cid, supersedes }, (hash, submitMs) => {
    complete('submit_transaction', `Transaction ${hash} signed by the minter and submitted to ${runtime.network}`, submitMs);
  });
  complete('wait_for_receipt', `Receipt: mined in block ${minted.blockNumber}, ${minted.gasUsed} gas`, minted.receiptMs);

  const { certificate: onChain } = await runtime.registry.tokenState(minted.tokenId, runtime.fromBlock);
  if (!onChain || onChain.reportHash !== reportHash || onChain.cid !== cid) {
    throw new AppError('SERVICE_UNAVAILABLE', `Token ${minted.tokenId} was minted in ${minted.transactionHash}, but the contract does not record this report's hash and CID for it`);
  }
  await insertCertificateOwner(context.database, { contractAddress: runtime.contractAddress, tokenId: Number(minted.tokenId), workspaceId: scope.workspaceId, reportId: report.report_id, transactionHash: minted.transactionHash, mintedAt: new Date().toISOString() });
  complete('read_back', `Stored on chain: certificate(${minted.tokenId}) records the report hash and the CID; tokenURI ipfs://${cid}`);
  return {
    success: true,
    token_id: Number(minted.tokenId),
    transaction_hash: minted.transactionHash,
    block_number: Number(minted.blockNumber),
    gas_used: Number(minted.gasUsed),
    contract_address: runtime.contractAddress,
    chain_id: Number(runtime.chainId),
    network: runtime.network,
    explorer_tx_url: context.config.chainExplorerTxUrl ?? null,
    cid,
    token_uri: `ipfs://${cid}`,
    report_id: report.report_id,
    report_hash: reportHash,
    supersedes: supersedes === 0n ? null : Number(supersedes),
    stages,
  };
}

/**
 * POST /api/blockchain/apra-compliance-report: a lending-summary report of the listing (LVR
 * thresholds, APS 112 capital and the 2050 climate-adjusted LVR of the default loan), certified on
 * chain. Compliance itself is not asserted: the report says which checks need the borrower.
 */
export async function createApraComplianceReport(context: AppContext, propertyId: string, scope: ReportScope): Promise<ApraComplianceReportResponse> {
  requireChain(context);
  const report = await generateReport(context, { listing_id: propertyId, template: 'lending-summary', include_blockchain: true }, scope);
  const { success: _success, ...certificate } = await mintCertificate(context, { report_id: report.report_id }, scope);
  return {
    success: true,
    property_id: propertyId,
    report_id: report.report_id,
    address: report.content.property_details.address,
    lvr_thresholds: report.content.compliance.lvr_thresholds,
    note: report.content.compliance.note,
    certificate,
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/**
 * GET /api/blockchain/nft-collection: the workspace's certificates newest first, and their audit
 * trail, from the chain's logs (the chain holds every workspace's; the certificates table says whose).
 */
export async function listCollection(context: AppContext, limit: number, offset: number, scope: ReportScope): Promise<CollectionResponse> {
  const runtime = requireChain(context);
  const all = await issuedEvents(runtime);
  const visible = await visibleCertificateTokens(context.database, runtime.contractAddress, all.issued.map((event) => Number(event.tokenId)), scope);
  const issued = all.issued.filter((event) => visible.has(Number(event.tokenId)));
  const superseded = all.superseded.filter((event) => visible.has(Number(event.newTokenId)) || visible.has(Number(event.previousTokenId)));
  const newestFirst = [...issued].reverse();
  const page = newestFirst.slice(offset, offset + limit);
  const owners = await findCertificateOwners(context.database, runtime.contractAddress, page.map((event) => Number(event.tokenId)));
  const certificates = await Promise.all(page.map(async (event) => {
    const { certificate: onChain } = await runtime.registry.tokenState(event.tokenId, runtime.fromBlock);
    if (!onChain) throw new Error(`Token ${event.tokenId} has an issue event but no certificate`);
    const held = await readHeldMetadata(context, onChain.cid);
    // Every listed token is the workspace's (visibleCertificateTokens above): its details are shown.
    const details = await detailsOfReport(context, owners.get(Number(event.tokenId))?.reportId ?? reportIdOfLegacyMetadata(held?.metadata));
    return present(onChain, event, held, details);
  }));
  const events = [
    ...issued.map((event) => ({ event: 'CertificateIssued' as const, token_id: Number(event.tokenId), related_token_id: null, block_number: Number(event.blockNumber), transaction_hash: event.transactionHash, timestamp: new Date(Number(event.issuedAt) * 1000).toISOString() })),
    ...superseded.map((event) => ({ event: 'CertificateSuperseded' as const, token_id: Number(event.previousTokenId), related_token_id: Number(event.newTokenId), block_number: Number(event.blockNumber), transaction_hash: event.transactionHash, timestamp: null as string | null })),
  ].sort((a, b) => b.block_number - a.block_number || (a.event === b.event ? 0 : a.event === 'CertificateSuperseded' ? -1 : 1)).slice(0, 50);
  const issuedAt = new Map(events.filter((event) => event.event === 'CertificateIssued').map((event) => [event.transaction_hash, event.timestamp]));
  const trail: CertificateEvent[] = events.map((event) => ({ ...event, timestamp: event.timestamp ?? issuedAt.get(event.transaction_hash) ?? null }));
  return { success: true, chain_id: Number(runtime.chainId), network: runtime.network, contract_address: runtime.contractAddress, explorer_tx_url: context.config.chainExplorerTxUrl ?? null, total: issued.length, certificates, events: trail };
}

/**
 * The checks of a certificate against what we hold: metadata (by its CID) and the stored report.
 * The report is named only to the minting workspace (`certificate.is_issuing_workspace`).
 */
async function checkCertificate(context: AppContext, { certificate, onChain, held, reportId }: RequiredCertificate): Promise<{ checks: VerificationCheck[]; storedPdfSha256: string | null; storedContent: unknown }> {
  const checks: VerificationCheck[] = [];
  if (!held) {
    checks.push({ name: 'metadata', passed: false, detail: `The metadata ${onChain.cid} is not held by this server` });
  } else {
    const recomputed = held.computedCid;
    checks.push({ name: 'metadata CID', passed: recomputed === onChain.cid, detail: recomputed === onChain.cid ? 'The metadata bytes hash to the CID on chain' : `The stored metadata hashes to ${recomputed}, not ${onChain.cid}` });
    const declared = held.publicMetadata ? reportHashOf(held.publicMetadata.report.content_sha256) : null;
    checks.push({ name: 'metadata report hash', passed: declared === onChain.reportHash, detail: declared === onChain.reportHash ? 'The metadata names the report hash recorded on chain' : declared ? 'The metadata names another report hash than the chain' : 'The metadata is of no layout this server reads' });
  }
  let storedPdfSha256: string | null = null;
  let storedContent: unknown = null;
  const row = reportId ? await findReportHashes(context.database, reportId) : null;
  const named = certificate.is_issuing_workspace ? `Report ${reportId}` : 'The certified report';
  if (!row) {
    checks.push({ name: 'stored report', passed: false, detail: reportId ? `${named} is not stored here` : 'No report is recorded for it here' });
  } else {
    const storedContentHash = sha256Hex(canonicalJson(row.content));
    storedPdfSha256 = row.pdfSha256;
    storedContent = row.content;
    const matches = reportHashOf(storedContentHash) === onChain.reportHash;
    checks.push({ name: 'stored report', passed: matches, detail: matches ? `${named} as stored here recomputes to the hash on chain` : `${named} as stored now hashes to ${storedContentHash}, not the certified ${onChain.reportHash.slice(2)}` });
  }
  return { checks, storedPdfSha256, storedContent };
}

/**
 * The SHA-256 of the certified edition of the token's report PDF (the issued report plus its
 * certificate section, rendered again here deterministically), or null when it cannot be made.
 */
async function certifiedPdfSha256(context: AppContext, tokenId: bigint, reportId: string | null): Promise<string | null> {
  if (!reportId) return null;
  const report = await getStoredReport(context, reportId).catch(() => null);
  if (!report) return null;
  const summary = await certificateSummaryOfReport(context, report.content_hash);
  return summary && summary.tokenId === Number(tokenId) ? sha256Hex(await renderCertifiedReportPdf(context, report, summary)) : null;
}

async function tokenIdOf(runtime: ChainRuntime, request: { token_id?: number; tx_hash?: string }): Promise<bigint> {
  return request.token_id !== undefined ? BigInt(request.token_id) : tokenOfTransaction(runtime, request.tx_hash!.toLowerCase() as Hex);
}

/** GET /api/blockchain/verify-nft: does the certificate on chain match the metadata and the report we hold? */
export async function verifyCertificate(context: AppContext, query: VerifyCertificateQuery, scope: ReportScope): Promise<VerifyCertificateResponse> {
  const runtime = requireChain(context);
  const tokenId = await tokenIdOf(runtime, query);
  const required = await requireCertificate(context, runtime, tokenId, scope);
  const { certificate } = required;
  const { checks } = await checkCertificate(context, required);
  const failed = checks.find((check) => !check.passed);
  const note = certificate.superseded_by ? ` It has been superseded by certificate #${certificate.superseded_by}.` : '';
  return {
    success: true,
    verified: !failed,
    reason: failed ? `Not verified: ${failed.detail}.` : `Certificate #${tokenId} matches its metadata and ${certificate.report_id ? `report ${certificate.report_id}` : 'the report its issuer holds'} on ${runtime.network}.${note}`,
    token_id: Number(tokenId),
    certificate,
    checks,
    document: null,
  };
}

/** Paths (a.b[2].c) at which two JSON values differ, at most `limit` of them. */
function differences(issued: unknown, given: unknown, path = '', found: string[] = [], limit = 20): string[] {
  if (found.length >= limit) return found;
  if (issued === given) return found;
  if (typeof issued !== 'object' || typeof given !== 'object' || issued === null || given === null || Array.isArray(issued) !== Array.isArray(given)) {
    found.push(path || '(the whole content)');
    return found;
  }
  const keys = new Set([...Object.keys(issued), ...Object.keys(given)]);
  for (const key of [...keys].sort()) {
    const childPath = Array.isArray(issued) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    differences((issued as Record<string, unknown>)[key], (given as Record<string, unknown>)[key], childPath, found, limit);
  }
  return found;
}

/** The report content in an uploaded JSON document: the API's answer, its `report`, or the content itself. */
function contentOf(document: Record<string, unknown>): unknown {
  const report = (document.report ?? document) as Record<string, unknown>;
  return report.content ?? report;
}

/**
 * POST /api/blockchain/verify-nft: checks a report anyone holds (JSON, the PDF as base64, or the
 * SHA-256 of either) against the hash on chain, and tells the minting workspace what differs.
 */
export async function verifyDocument(context: AppContext, request: VerifyDocumentRequest, scope: ReportScope): Promise<VerifyCertificateResponse> {
  const runtime = requireChain(context);
  const tokenId = await tokenIdOf(runtime, request);
  const required = await requireCertificate(context, runtime, tokenId, scope);
  const { onChain, certificate, held, reportId } = required;
  const { checks, storedPdfSha256, storedContent } = await checkCertificate(context, required);
  // The issued PDF's hash is public (in the metadata); the stored row says the same for a certificate whose metadata is not held.
  const issuedPdfSha256 = held?.publicMetadata?.report.pdf_sha256 || storedPdfSha256;
  let document: NonNullable<VerifyCertificateResponse['document']>;
  if (request.content_sha256 !== undefined) {
    const digest = request.content_sha256.toLowerCase().replace(/^0x/, '');
    const isContent = reportHashOf(digest) === onChain.reportHash;
    const isIssuedPdf = !isContent && digest === issuedPdfSha256;
    const isCertifiedPdf = !isContent && !isIssuedPdf && digest === (await certifiedPdfSha256(context, tokenId, reportId));
    const matches = isContent || isIssuedPdf || isCertifiedPdf;
    checks.push({
      name: 'given SHA-256',
      passed: matches,
      detail: isContent
        ? 'It is the SHA-256 of the report content recorded on chain'
        : isIssuedPdf
          ? 'It is the SHA-256 of the report PDF as issued'
          : isCertifiedPdf
            ? `It is the SHA-256 of the certified edition of the report PDF (with certificate #${tokenId})`
            : `${digest} is neither the certified report content's SHA-256 (${onChain.reportHash.slice(2)}) nor its PDF's`,
    });
    document = { kind: 'sha256', sha256: digest, differences: matches ? [] : ['(the SHA-256)'] };
  } else if (typeof request.document === 'string') {
    const bytes = Buffer.from(request.document.replace(/^data:[^,]*,/, ''), 'base64');
    if (bytes.length < 5 || bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
      throw new AppError('VALIDATION_ERROR', 'document: a string must be a PDF in base64 (it does not start with %PDF-)', { field: 'body.document' });
    }
    const digest = sha256Hex(bytes);
    const asIssued = issuedPdfSha256 !== null && digest === issuedPdfSha256;
    // The PDF downloaded after minting is the certified edition (the issued report plus its
    // certificate section): rendered again here, deterministically, and compared byte for byte.
    const certifiedSha256 = asIssued || issuedPdfSha256 === null ? null : await certifiedPdfSha256(context, tokenId, reportId);
    const matches = asIssued || digest === certifiedSha256;
    checks.push({
      name: 'uploaded PDF',
      passed: matches,
      detail: issuedPdfSha256 === null
        ? 'The issued PDF is not held here to compare with'
        : asIssued
          ? 'The PDF is byte for byte the one issued with the certified report'
          : matches
            ? `The PDF is byte for byte the certified edition of the report (as issued, with certificate #${tokenId})`
            : `The PDF's SHA-256 is ${digest}; the issued PDF's is ${issuedPdfSha256}${certifiedSha256 ? ` and its certified edition's ${certifiedSha256}` : ''}: it was changed or is another report's`,
    });
    document = { kind: 'pdf', sha256: digest, differences: matches ? [] : ['(the PDF bytes)'] };
  } else {
    const content = contentOf(request.document ?? {});
    const parsed = reportContentSchema.safeParse(content);
    const digest = sha256Hex(canonicalJson(content));
    const matches = reportHashOf(digest) === onChain.reportHash;
    // Which fields differ is told to the minting workspace only: to anyone else it would confirm,
    // field by field, guesses of a report they do not hold (an address, a figure).
    const changed = matches ? [] : !certificate.is_issuing_workspace ? [] : storedContent ? differences(storedContent, content) : ['(the issued report is not held here to compare with)'];
    checks.push({
      name: 'uploaded report',
      passed: matches,
      detail: matches ? 'The report content hashes to the SHA-256 recorded on chain' : `The report content hashes to ${digest}, not the certified ${onChain.reportHash.slice(2)}${parsed.success ? '' : ' (it is not a complete report)'}`,
    });
    document = { kind: 'json', sha256: digest, differences: changed };
  }
  const failed = checks.find((check) => !check.passed);
  const given = checks.at(-1)!;
  return {
    success: true,
    verified: !failed,
    reason: failed
      ? `Not verified: ${failed.detail}${document.differences.length > 0 && document.kind === 'json' && !given.passed ? ` (differs at ${document.differences.slice(0, 5).join(', ')})` : ''}.`
      : `The ${document.kind === 'sha256' ? 'SHA-256 given is that of the' : 'document is the'} report certified by certificate #${tokenId} on ${runtime.network}.`,
    token_id: Number(tokenId),
    certificate,
    checks,
    document,
  };
}

/** GET /api/blockchain/report-certificate?report_id=: the certificate of a stored report, if minted. */
export async function getReportCertificate(context: AppContext, reportId: string, scope: ReportScope): Promise<ReportCertificateResponse> {
  const runtime = requireChain(context);
  const report = await getStoredReport(context, reportId, scope);
  const tokenId = await runtime.registry.tokenOfReport(reportHashOf(report.content_hash));
  const certificate = tokenId === 0n ? null : (await requireCertificate(context, runtime, tokenId, scope)).certificate;
  return { success: true, report_id: reportId, certificate, chain_id: Number(runtime.chainId), network: runtime.network, explorer_tx_url: context.config.chainExplorerTxUrl ?? null };
}

/**
 * GET /api/blockchain/token/{id}: one certificate with its public metadata, for the explorer page;
 * its details (property, report, valuation) for the workspace that minted it only.
 */
export async function getExplorerToken(context: AppContext, tokenId: number, scope: ReportScope): Promise<ExplorerToken> {
  const runtime = requireChain(context);
  const { certificate, held } = await requireCertificate(context, runtime, BigInt(tokenId), scope);
  return { success: true, chain_id: Number(runtime.chainId), network: runtime.network, contract_address: runtime.contractAddress, certificate, metadata: (held?.publicMetadata ?? null) as Record<string, unknown> | null };
}

const stringify = (value: unknown): string => (typeof value === 'bigint' ? value.toString() : typeof value === 'string' ? value : JSON.stringify(value));

/** GET /api/blockchain/tx/{hash}: a transaction, its receipt and decoded events, for the explorer page. */
export async function getExplorerTransaction(context: AppContext, hash: string): Promise<ExplorerTransaction> {
  const runtime = requireChain(context);
  const client = runtime.registry.publicClient;
  const normalised = hash.toLowerCase() as Hex;
  const [transaction, receipt] = await Promise.all([client.getTransaction({ hash: normalised }).catch(() => null), client.getTransactionReceipt({ hash: normalised }).catch(() => null)]);
  if (!transaction || !receipt) throw new AppError('NOT_FOUND', `No transaction ${hash} on ${runtime.network}`, { field: 'hash' });
  let functionName: string | null = null;
  if (transaction.to?.toLowerCase() === runtime.contractAddress) {
    try {
      functionName = decodeFunctionData({ abi: CERTIFICATE_ABI, data: transaction.input }).functionName;
    } catch {
      functionName = null;
    }
  } else if (!transaction.to) {
    functionName = 'deploy';
  }
  const logs = receipt.logs.map((log) => {
    let event: string | null = null;
    let args: Record<string, string> = {};
    if (log.address.toLowerCase() === runtime.contractAddress) {
      const [decoded] = parseEventLogs({ abi: CERTIFICATE_ABI, logs: [log] }) as unknown as { eventName: string; args: Record<string, unknown> }[];
      if (decoded) {
        event = decoded.eventName;
        args = Object.fromEntries(Object.entries(decoded.args).map(([key, value]) => [key, stringify(value)]));
      }
    }
    return { address: log.address.toLowerCase(), event, args, topics: log.topics as string[], data: log.data };
  });
  return {
    success: true,
    chain_id: Number(runtime.chainId),
    network: runtime.network,
    hash: normalised,
    status: receipt.status,
    block_number: Number(receipt.blockNumber),
    block_hash: receipt.blockHash,
    timestamp: await blockTime(runtime, receipt.blockNumber),
    from: transaction.from.toLowerCase(),
    to: transaction.to?.toLowerCase() ?? null,
    contract_address: receipt.contractAddress?.toLowerCase() ?? null,
    nonce: transaction.nonce,
    gas_used: Number(receipt.gasUsed),
    effective_gas_price_wei: receipt.effectiveGasPrice.toString(),
    fee_wei: (receipt.gasUsed * receipt.effectiveGasPrice).toString(),
    function: functionName,
    logs,
  };
}

/**
 * GET /ipfs/{cid}: the stored bytes of a CID, when they are public certificate metadata, or
 * NOT_FOUND. The metadata of certificates minted before it was made public (issue 29.4) named the
 * customer's property, figures and report: it stays held, for the checks of those certificates, but
 * is never served; their public fields are at /api/blockchain/token/{id}.
 */
export async function getIpfsBytes(context: AppContext, cid: string): Promise<Uint8Array> {
  const stored = await getIpfsObject(context.database, cid);
  if (!stored) throw new AppError('NOT_FOUND', `No object ${cid} is held here`, { field: 'cid' });
  let decoded: unknown = null;
  try {
    decoded = decodeDagJson(stored.bytes);
  } catch {
    decoded = null;
  }
  if (!isPublicMetadata(decoded)) {
    throw new AppError('NOT_FOUND', `${cid} is not served: it is the metadata of a certificate issued before certificate metadata was made public, and it names the customer's property. The certificate's public fields are at /api/blockchain/token/{token id}`, { field: 'cid' });
  }
  return stored.bytes;
}

/** GET /api/blockchain/token/{id}/pdf: the certificate as a one-page PDF. */
export async function getCertificatePdf(context: AppContext, tokenId: number, scope: ReportScope): Promise<{ bytes: Buffer; fileName: string }> {
  const runtime = requireChain(context);
  const { certificate } = await requireCertificate(context, runtime, BigInt(tokenId), scope);
  const bytes = await renderCertificatePdf(certificate, { network: runtime.network, chainId: Number(runtime.chainId), contract: runtime.contractAddress });
  return { bytes, fileName: `propguard-certificate-${tokenId}.pdf` };
}
