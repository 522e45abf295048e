import * as dagJson from '@ipld/dag-json';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { keccak256, toHex } from 'viem';
import type { StoredReport } from '@propguard/schemas';
import type { Hex } from './chain-store.ts';

/**
 * Version of the metadata layout below; a reader checks it before reading the fields. v2 (issue 29.4)
 * is public: the token URI points at it and anyone may fetch it, so it holds what proves a report,
 * never what the report says.
 */
export const METADATA_SCHEMA = 'propguard.valuation-certificate.v2';
/**
 * The layout of the certificates minted before issue 29.4: it named the property, its figures and
 * the report id. Such metadata stays held (its bytes are what the CID on chain hashes) but is never
 * served: readers take its public fields with publicMetadataOf and its details with detailsOfLegacyMetadata.
 */
export const LEGACY_METADATA_SCHEMA = 'propguard.valuation-certificate.v1';

export interface CertificateIssuer {
  name: string;
  address: Hex;
  chainId: bigint;
  contract: Hex;
}

/** What the public metadata certifies of a report: its hashes, its date and the model that valued it. */
interface CertifiedReportFacts {
  contentSha256: string;
  pdfSha256: string;
  generatedAt: string;
  modelId: string;
}

function publicMetadata(facts: CertifiedReportFacts, issuer: CertificateIssuer) {
  return {
    schema: METADATA_SCHEMA,
    name: 'PropGuard valuation certificate',
    description: 'Certifies a PropGuard valuation report by the SHA-256 of its canonical JSON content (and of its PDF as issued). Anyone holding the report can check it against this certificate (POST /api/blockchain/verify-nft); the property, its figures and the report itself are the issuing workspace\'s.',
    attributes: [
      { trait_type: 'Report date', value: facts.generatedAt.slice(0, 10) },
      { trait_type: 'Model', value: facts.modelId },
    ],
    report: { content_sha256: facts.contentSha256, pdf_sha256: facts.pdfSha256, generated_at: facts.generatedAt },
    model: { id: facts.modelId },
    issuer: { name: issuer.name, address: issuer.address, chain_id: Number(issuer.chainId), contract: issuer.contract },
  };
}

/**
 * The public metadata of a certificate (ERC-721 metadata JSON: name, description, attributes, plus
 * PropGuard's own fields): the report's content and PDF hashes, its date and the model version.
 * No address, figure or report id: token ids run 1..N, so whatever is here anyone can read for
 * every certificate.
 */
export function buildCertificateMetadata(report: StoredReport, issuer: CertificateIssuer) {
  return publicMetadata({ contentSha256: report.content_hash, pdfSha256: report.pdf_sha256, generatedAt: report.generated_at, modelId: report.content.comprehensive_analysis.model_id }, issuer);
}
export type CertificateMetadata = ReturnType<typeof buildCertificateMetadata>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const textAt = (value: unknown, ...path: string[]): string | null => {
  let at: unknown = value;
  for (const key of path) at = isRecord(at) ? at[key] : undefined;
  return typeof at === 'string' ? at : null;
};

/** Is this decoded metadata of the public layout (what GET /ipfs/{cid} may serve)? */
export function isPublicMetadata(value: unknown): boolean {
  return isRecord(value) && value.schema === METADATA_SCHEMA;
}

/**
 * The public fields of held metadata of either layout: public metadata as it is, the legacy layout
 * reduced to exactly what buildCertificateMetadata would have written for it; null for anything else.
 */
export function publicMetadataOf(value: unknown): CertificateMetadata | null {
  if (isPublicMetadata(value)) return value as CertificateMetadata;
  if (!isRecord(value) || value.schema !== LEGACY_METADATA_SCHEMA) return null;
  const contentSha256 = textAt(value, 'report', 'content_sha256');
  const generatedAt = textAt(value, 'report', 'generated_at');
  const issuer = isRecord(value.issuer) ? value.issuer : {};
  if (!contentSha256 || !generatedAt) return null;
  return publicMetadata(
    { contentSha256, pdfSha256: textAt(value, 'report', 'pdf_sha256') ?? '', generatedAt, modelId: textAt(value, 'model', 'id') ?? 'unknown' },
    { name: textAt(issuer, 'name') ?? 'PropGuard', address: (textAt(issuer, 'address') ?? '0x') as Hex, chainId: BigInt(typeof issuer.chain_id === 'number' ? issuer.chain_id : 0), contract: (textAt(issuer, 'contract') ?? '0x') as Hex },
  );
}

/** The report id a legacy (v1) metadata named; null for public metadata, which names none. */
export function reportIdOfLegacyMetadata(value: unknown): string | null {
  return isRecord(value) && value.schema === LEGACY_METADATA_SCHEMA ? textAt(value, 'report', 'report_id') : null;
}

/** Canonical dag-json bytes of a value and their CIDv1 (dag-json codec, SHA-256). */
export async function encodeDagJson(value: unknown): Promise<{ bytes: Uint8Array; cid: string }> {
  const bytes = dagJson.encode(value);
  const cid = CID.create(1, dagJson.code, await sha256.digest(bytes));
  return { bytes, cid: cid.toString() };
}

/** The CID of bytes as dag-json: what anyone can recompute from GET /ipfs/{cid}. */
export async function cidOfDagJson(bytes: Uint8Array): Promise<string> {
  return CID.create(1, dagJson.code, await sha256.digest(bytes)).toString();
}

export function decodeDagJson(bytes: Uint8Array): unknown {
  return dagJson.decode(bytes);
}

/** Parses a CID string (throws on anything else). */
export function parseCid(text: string): string {
  return CID.parse(text).toString();
}

/** The key that ties certificates of one property together: keccak-256 of its normalised address and rounded coordinates. */
export function propertyKeyOf(report: StoredReport): Hex {
  const property = report.content.property_details;
  const normalised = property.address.toUpperCase().replace(/[^A-Z0-9]+/g, ' ').trim();
  return keccak256(toHex(`${normalised}|${property.lat.toFixed(5)}|${property.lng.toFixed(5)}`));
}

/** The SHA-256 hex of a report's content as a bytes32 for the contract. */
export function reportHashOf(contentHashHex: string): Hex {
  return `0x${contentHashHex.toLowerCase()}` as Hex;
}
