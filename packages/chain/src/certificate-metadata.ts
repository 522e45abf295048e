import * as dagJson from '@ipld/dag-json';
import { CID } from 'multiformats/cid';
import { sha256 } from 'multiformats/hashes/sha2';
import { keccak256, toHex } from 'viem';
import type { StoredReport } from '@propguard/schemas';
import type { Hex } from './chain-store.ts';

/** Version of the metadata layout below; a reader checks it before reading the fields. */
export const METADATA_SCHEMA = 'propguard.valuation-certificate.v1';

/**
 * What a certificate's metadata says (ERC-721 metadata JSON: name, description, attributes, plus
 * PropGuard's own fields). Every figure comes from the stored report the certificate certifies.
 */
export function buildCertificateMetadata(report: StoredReport, issuer: { name: string; address: Hex; chainId: bigint; contract: Hex }) {
  const { content } = report;
  const property = content.property_details;
  const analysis = content.comprehensive_analysis;
  const risk = content.risk_assessment;
  return {
    schema: METADATA_SCHEMA,
    name: `PropGuard valuation certificate: ${property.address}`,
    description: `Certifies PropGuard valuation report ${report.report_id} (SHA-256 ${report.content_hash} of its canonical JSON content).`,
    external_url: `/report/${report.report_id}`,
    attributes: [
      { trait_type: 'Estimate (AUD)', value: analysis.ai_valuation },
      { trait_type: 'Confidence (%)', value: analysis.confidence_level },
      { trait_type: 'Overall risk', value: risk.overall_risk },
      { trait_type: 'State', value: property.state ?? 'unknown' },
    ],
    property: {
      address: property.address,
      suburb: property.suburb,
      state: property.state,
      postcode: property.postcode,
      property_type: property.property_type,
      // Coordinates as text: dag-json would encode a float, and text keeps the bytes stable.
      lat: property.lat.toFixed(6),
      lng: property.lng.toFixed(6),
    },
    valuation: {
      estimate_aud: analysis.ai_valuation,
      range_80_low_aud: analysis.conservative_value,
      range_80_high_aud: analysis.optimistic_value,
      confidence_percent: analysis.confidence_level,
      confidence_label: analysis.confidence_label,
      as_at: analysis.as_at,
    },
    hazards: {
      today: risk.hazards.map((hazard) => ({ hazard: hazard.hazard, level: hazard.level, score: hazard.score })),
      overall_today: { score: risk.overall_score, level: risk.overall_risk },
      overall_2050_high_emissions: { score: risk.climate_2050_high.overall_score, level: risk.climate_2050_high.overall_risk },
    },
    lvr_thresholds_aud: content.compliance.lvr_thresholds,
    report: {
      report_id: report.report_id,
      template: report.template,
      generated_at: report.generated_at,
      content_sha256: report.content_hash,
      pdf_sha256: report.pdf_sha256,
    },
    model: { id: analysis.model_id },
    data_versions: content.data_versions,
    issuer: { name: issuer.name, address: issuer.address, chain_id: Number(issuer.chainId), contract: issuer.contract },
  };
}
export type CertificateMetadata = ReturnType<typeof buildCertificateMetadata>;

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
