import { z } from 'zod';
import type { ErrorResponse } from './errors.ts';

/** Payloads of /api/blockchain (valuation certificates on an EVM chain, issue 16). */

const txHashSchema = z.string().trim().regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash: 0x and 64 hex characters');
const tokenIdSchema = z.coerce.number().int('must be a whole number').min(1, 'token ids start at 1').max(Number.MAX_SAFE_INTEGER);

export const mintCertificateRequestSchema = z
  .object({
    report_id: z.string().trim().min(1).max(100).optional().describe('A stored report (POST /api/realty/valuation-report) to certify'),
    property_data: z
      .object({ address: z.string().trim().min(3).max(200).optional(), listing_id: z.string().trim().regex(/^sale-\d+$/).optional() })
      .optional()
      .describe('SPEC.md\'s form: the property to report on first (address or listing_id); the report is generated, then certified'),
    valuation_data: z.record(z.string(), z.unknown()).optional().describe('Accepted for SPEC.md compatibility and ignored: the valuation is always our own, recomputed in the report'),
  })
  .refine((body) => body.report_id !== undefined || body.property_data?.address !== undefined || body.property_data?.listing_id !== undefined, {
    message: 'give report_id, or property_data with an address or a listing_id',
    path: ['report_id'],
  })
  .meta({ id: 'MintCertificateRequest' });
export type MintCertificateRequest = z.infer<typeof mintCertificateRequestSchema>;

/**
 * The steps of a mint, in order: the stored report re-hashed and checked not yet certified; the
 * metadata built as dag-json, stored under its CID (and pinned to IPFS_API_URL when set); the
 * transaction signed and submitted; its receipt; the certificate read back from the contract.
 */
export const MINT_STAGES = [
  { stage: 'hash_report', title: 'Hash the report' },
  { stage: 'build_metadata', title: 'Build and pin the metadata' },
  { stage: 'submit_transaction', title: 'Submit the transaction' },
  { stage: 'wait_for_receipt', title: 'Wait for the receipt' },
  { stage: 'read_back', title: 'Read the certificate back' },
] as const;

/** One step of a mint as the server ran it, with its real duration. */
export const mintStageSchema = z.object({
  stage: z.enum(['hash_report', 'build_metadata', 'submit_transaction', 'wait_for_receipt', 'read_back']),
  label: z.string(),
  ms: z.number(),
});
export type MintStage = z.infer<typeof mintStageSchema>;

export const mintCertificateResponseSchema = z
  .object({
    success: z.literal(true),
    token_id: z.number().int(),
    transaction_hash: z.string(),
    block_number: z.number().int(),
    gas_used: z.number().int(),
    contract_address: z.string(),
    chain_id: z.number().int(),
    network: z.string().describe('Name of the chain, for the toast'),
    explorer_tx_url: z.string().nullable().describe('Transaction page of the external chain\'s explorer with {hash} (CHAIN_EXPLORER_TX_URL); null: our own /explorer/tx/{hash}'),
    cid: z.string().describe('CIDv1 of the dag-json metadata, served at /ipfs/{cid}'),
    token_uri: z.string(),
    report_id: z.string(),
    report_hash: z.string().describe('SHA-256 of the report content as recorded on chain (0x-prefixed)'),
    supersedes: z.number().int().nullable().describe('The earlier certificate of the same property this one replaces'),
    stages: z.array(mintStageSchema),
  })
  .meta({ id: 'MintCertificateResponse' });
export type MintCertificateResponse = z.infer<typeof mintCertificateResponseSchema>;

/**
 * POST /api/blockchain/mint-valuation-nft with `Accept: text/event-stream` answers Server-Sent
 * Events: `stage` (a MintStage) as each step completes, then `result` (the MintCertificateResponse)
 * or `error` (an ErrorResponse) last. A failure before the first stage is an ordinary JSON error.
 */
export const MINT_EVENT_STREAM = 'text/event-stream';
export type MintProgressEvent =
  | { event: 'stage'; data: MintStage }
  | { event: 'result'; data: MintCertificateResponse }
  | { event: 'error'; data: ErrorResponse };

/** One certificate as read from the chain, with what its metadata says. */
export const certificateSchema = z
  .object({
    token_id: z.number().int(),
    property: z.string().nullable().describe('Address of the certified report: given to the workspace that minted the certificate only (null for anyone else, or when the report is not held here)'),
    report_id: z.string().nullable().describe('The certified report: given to the minting workspace only'),
    report_hash: z.string(),
    cid: z.string(),
    token_uri: z.string(),
    issuer: z.string(),
    owner: z.string(),
    minted_date: z.string().describe('ISO 8601 time of the block that minted it'),
    block_number: z.number().int(),
    transaction_hash: z.string(),
    supersedes: z.number().int().nullable(),
    superseded_by: z.number().int().nullable(),
    valuation: z.number().int().nullable().describe('The report\'s estimate (AUD): given to the minting workspace only'),
    report_date: z.string().nullable().describe('When the certified report was generated (ISO 8601), from the public metadata; null when the metadata is not held here'),
    model_id: z.string().nullable().describe('The valuation model version of the certified report, from the public metadata'),
    is_issuing_workspace: z.boolean().describe('True when the caller\'s workspace minted it: only then are property, report_id and valuation given'),
  })
  .meta({ id: 'Certificate' });
export type Certificate = z.infer<typeof certificateSchema>;

export const collectionQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const certificateEventSchema = z.object({
  event: z.enum(['CertificateIssued', 'CertificateSuperseded']),
  token_id: z.number().int(),
  related_token_id: z.number().int().nullable().describe('For a supersede: the new certificate'),
  block_number: z.number().int(),
  transaction_hash: z.string(),
  timestamp: z.string().nullable(),
});
export type CertificateEvent = z.infer<typeof certificateEventSchema>;

export const collectionResponseSchema = z
  .object({
    success: z.literal(true),
    chain_id: z.number().int(),
    network: z.string(),
    contract_address: z.string(),
    explorer_tx_url: z.string().nullable().describe('Transaction page of the external chain\'s explorer with {hash} (CHAIN_EXPLORER_TX_URL); null: our own /explorer/tx/{hash}'),
    total: z.number().int(),
    certificates: z.array(certificateSchema),
    events: z.array(certificateEventSchema).describe('The audit trail: the newest contract events, read from the chain\'s logs'),
  })
  .meta({ id: 'CertificateCollection' });
export type CollectionResponse = z.infer<typeof collectionResponseSchema>;

export const verifyCertificateQuerySchema = z
  .object({ token_id: tokenIdSchema.optional(), tx_hash: txHashSchema.optional() })
  .refine((query) => (query.token_id === undefined) !== (query.tx_hash === undefined), { message: 'give either token_id or tx_hash', path: ['token_id'] });
export type VerifyCertificateQuery = z.infer<typeof verifyCertificateQuerySchema>;

export const verifyDocumentRequestSchema = z
  .object({
    token_id: tokenIdSchema.optional(),
    tx_hash: txHashSchema.optional(),
    document: z
      .union([z.record(z.string(), z.unknown()), z.string().min(1).max(20_000_000)])
      .optional()
      .describe('The report JSON (as GET /api/reports/{id} answers it, or its `report`), or the report PDF as base64'),
    content_sha256: z
      .string()
      .trim()
      .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'must be a SHA-256: 64 hex characters')
      .optional()
      .describe('Instead of the document: the SHA-256 of the report\'s canonical JSON content (its content hash), or of its PDF'),
  })
  .refine((body) => (body.token_id === undefined) !== (body.tx_hash === undefined), { message: 'give either token_id or tx_hash', path: ['token_id'] })
  .refine((body) => (body.document === undefined) !== (body.content_sha256 === undefined), { message: 'give either the document or its content_sha256', path: ['document'] })
  .meta({ id: 'VerifyDocumentRequest' });
export type VerifyDocumentRequest = z.infer<typeof verifyDocumentRequestSchema>;

export const verificationCheckSchema = z.object({
  name: z.string(),
  passed: z.boolean(),
  detail: z.string(),
});
export type VerificationCheck = z.infer<typeof verificationCheckSchema>;

export const verifyCertificateResponseSchema = z
  .object({
    success: z.literal(true),
    verified: z.boolean(),
    reason: z.string().describe('Why, in one sentence'),
    token_id: z.number().int(),
    certificate: certificateSchema,
    checks: z.array(verificationCheckSchema),
    document: z
      .object({
        kind: z.enum(['json', 'pdf', 'sha256']),
        sha256: z.string(),
        differences: z.array(z.string()).describe('Paths of the report content that differ from the issued report: told to the minting workspace only (to anyone else they would confirm guesses of its fields)'),
      })
      .nullable(),
  })
  .meta({ id: 'VerifyCertificateResponse' });
export type VerifyCertificateResponse = z.infer<typeof verifyCertificateResponseSchema>;

export const reportCertificateQuerySchema = z.object({ report_id: z.string().trim().min(1).max(100) });
export const reportCertificateResponseSchema = z
  .object({
    success: z.literal(true),
    report_id: z.string(),
    certificate: certificateSchema.nullable(),
    chain_id: z.number().int(),
    network: z.string(),
    explorer_tx_url: z.string().nullable().describe('Transaction page of the external chain\'s explorer with {hash} (CHAIN_EXPLORER_TX_URL); null: our own /explorer/tx/{hash}'),
  })
  .meta({ id: 'ReportCertificate' });
export type ReportCertificateResponse = z.infer<typeof reportCertificateResponseSchema>;

export const tokenParamsSchema = z.object({ tokenId: tokenIdSchema });
export const txParamsSchema = z.object({ hash: txHashSchema });

export const explorerLogSchema = z.object({
  address: z.string(),
  event: z.string().nullable().describe('Decoded event name when it is the certificate contract\'s'),
  args: z.record(z.string(), z.string()),
  topics: z.array(z.string()),
  data: z.string(),
});

export const explorerTransactionSchema = z
  .object({
    success: z.literal(true),
    chain_id: z.number().int(),
    network: z.string(),
    hash: z.string(),
    status: z.enum(['success', 'reverted']),
    block_number: z.number().int(),
    block_hash: z.string(),
    timestamp: z.string().nullable(),
    from: z.string(),
    to: z.string().nullable(),
    contract_address: z.string().nullable(),
    nonce: z.number().int(),
    gas_used: z.number().int(),
    effective_gas_price_wei: z.string(),
    fee_wei: z.string(),
    function: z.string().nullable(),
    logs: z.array(explorerLogSchema),
  })
  .meta({ id: 'ExplorerTransaction' });
export type ExplorerTransaction = z.infer<typeof explorerTransactionSchema>;

export const explorerTokenSchema = z
  .object({
    success: z.literal(true),
    chain_id: z.number().int(),
    network: z.string(),
    contract_address: z.string(),
    certificate: certificateSchema,
    metadata: z.record(z.string(), z.unknown()).nullable().describe('The public metadata of the token (report hashes, date, model, issuer), when held here; for a certificate minted before the metadata was made public, the same fields taken from what it holds'),
  })
  .meta({ id: 'ExplorerToken' });
export type ExplorerToken = z.infer<typeof explorerTokenSchema>;

export const apraComplianceReportRequestSchema = z
  .object({ property_id: z.string().trim().regex(/^sale-\d+$/, 'must be a listing id such as sale-123 (from /api/realty/search)') })
  .meta({ id: 'ApraComplianceReportRequest' });
export type ApraComplianceReportRequest = z.infer<typeof apraComplianceReportRequestSchema>;

export const apraComplianceReportResponseSchema = z
  .object({
    success: z.literal(true),
    property_id: z.string(),
    report_id: z.string().describe('The lending-summary report generated for the property (GET /api/reports/{id}, /pdf)'),
    address: z.string(),
    lvr_thresholds: z.object({ '80_percent': z.number().int(), '90_percent': z.number().int(), '95_percent': z.number().int() }),
    note: z.string(),
    certificate: mintCertificateResponseSchema.omit({ success: true }),
  })
  .meta({ id: 'ApraComplianceReport' });
export type ApraComplianceReportResponse = z.infer<typeof apraComplianceReportResponseSchema>;
