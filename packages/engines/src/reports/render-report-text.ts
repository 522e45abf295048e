/**
 * `renderReportText`: the plain-text download of a stored report (SPEC.md: "Individual reports
 * download as text files named from the report type and the address").
 */
import type { StoredReport } from '@propguard/schemas';
import { formatAud, formatHazardScore, LENDING_SCORE_SCALE, reportPaybackText } from '@propguard/schemas';

const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
const RULE = '='.repeat(72);

function money(amount: number): string {
  return formatAud(amount);
}

function percent(share: number, signed = false): string {
  const text = `${(share * 100).toFixed(1)}%`;
  return signed && share > 0 ? `+${text}` : text;
}

/** The market section's figures as label/value rows, shared by the text and PDF renderings. */
export function marketFigureRows(market: StoredReport['content']['market_analysis']): Array<readonly [string, string]> {
  if (!market.available) return [];
  const notAvailable = 'not available';
  return [
    ['Location', market.location ?? notAvailable],
    ['Median price (12 months)', market.median_price == null ? notAvailable : money(market.median_price)],
    ['Price growth, year on year (index)', market.price_growth_yoy == null ? notAvailable : percent(market.price_growth_yoy, true)],
    ['Sales in 12 months', market.sales_volume == null ? notAvailable : market.sales_volume.toLocaleString('en-AU')],
    ['Auction clearance', market.auction_clearance_rate == null ? notAvailable : percent(market.auction_clearance_rate)],
    ['Trend and heat', `${market.price_trend ?? notAvailable}, ${market.market_heat ?? notAvailable}`],
    ['Market sentiment', market.sentiment_score == null ? notAvailable : `${market.sentiment_score.toFixed(1)}/10, ${market.sentiment_trend ?? ''}`],
  ];
}

/** The default loan's lending figures as label/value rows (empty for reports made before the engine). */
export function lendingFigureRows(compliance: StoredReport['content']['compliance']): Array<readonly [string, string]> {
  const loan = compliance.default_loan;
  if (!loan) return [];
  return [
    ['Default loan', `${money(loan.loan_amount)} (LVR ${loan.lvr_percent.toFixed(1)}%)`],
    ['Lenders mortgage insurance', loan.lmi_required ? 'required (LVR above 80%)' : 'not required'],
    ['APS 112 risk weight', `${percent(loan.risk_weight)} (without LMI ${percent(loan.risk_weight_without_lmi)})`],
    ['Risk-weighted assets', money(loan.risk_weighted_assets)],
    ['Minimum capital', money(loan.minimum_capital)],
    ['Climate-adjusted value, 2050 high', loan.climate_adjusted_value_2050 === null ? 'not available' : money(loan.climate_adjusted_value_2050)],
    ['Climate-adjusted LVR, 2050 high', loan.climate_adjusted_lvr_2050 === null ? 'not available' : percent(loan.climate_adjusted_lvr_2050)],
    ['Risk category', loan.risk_category],
    // The scale and direction beside the figure (issue 28); reports made before it used the same direction.
    ['Lending safety score', `${loan.compliance_score}/100 (${LENDING_SCORE_SCALE})`],
  ];
}

/** "full-valuation-12-smith-st-richmond-vic-3121.txt" */
export function reportFileName(report: Pick<StoredReport, 'template' | 'content'>, extension: 'txt' | 'pdf'): string {
  const { address, suburb, state, postcode } = report.content.property_details;
  // The suburb too where the street line lacks it ("85 Turner St" -> "85-turner-st-abbotsford-vic-3067").
  const place = suburb && !address.toUpperCase().includes(suburb.toUpperCase()) ? [address, suburb, state, postcode].filter(Boolean).join(' ') : address;
  const slug = place.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 80);
  return `${report.template}-${slug || 'property'}.${extension}`;
}

/**
 * The on-chain certificate of a report, as its PDF and text downloads show it once minted: read
 * from the certificate contract by the report's content hash (the hashed content itself never
 * holds it: the certificate is minted after the report and records the report's hash).
 */
export interface ReportCertificateSummary {
  tokenId: number;
  contractAddress: string;
  chainId: number;
  network: string;
  transactionHash: string;
  blockNumber: number;
  /** The report's SHA-256 as the contract records it (0x-prefixed). */
  reportHash: string;
  cid: string;
  /** Where anyone can check it: GET /api/blockchain/verify-nft?token_id= on the issuing server. */
  verifyUrl: string;
}

/** The certificate as label/value rows, shared by the text and PDF renderings. */
export function certificateRows(certificate: ReportCertificateSummary): [string, string][] {
  return [
    ['Token ID', `#${certificate.tokenId} (ERC-721)`],
    ['Contract address', certificate.contractAddress],
    ['Chain', `${certificate.network}, chain id ${certificate.chainId}`],
    ['Transaction hash', certificate.transactionHash],
    ['Block', certificate.blockNumber.toLocaleString('en-AU')],
    ['Report hash (on chain)', certificate.reportHash],
    ['Metadata CID', certificate.cid],
    ['Verification URL', certificate.verifyUrl],
  ];
}

/** How a reader checks the certificate, in words. */
export function certificateHowToVerify(certificate: ReportCertificateSummary): string {
  return `To verify: open ${certificate.verifyUrl}, or call certificate(${certificate.tokenId}) on contract ${certificate.contractAddress} through any Ethereum JSON-RPC client and compare its reportHash with the SHA-256 of this report's canonical JSON content (${certificate.reportHash.replace(/^0x/, '')}). Upload this file or the report JSON to POST /api/blockchain/verify-nft to have both checked.`;
}

/** The report as plain text, sections in the template's order; with its on-chain certificate once minted. */
export function renderReportText(report: StoredReport, onChain: ReportCertificateSummary | null = null): string {
  const { content } = report;
  const has = (section: string) => content.sections.includes(section);
  const lines: string[] = [RULE, content.title, `Generated on ${LONG_DATE.format(new Date(report.generated_at))} - report ${report.report_id}`, RULE, ''];
  const property = content.property_details;
  lines.push('PROPERTY', `  ${property.address}`, `  ${[property.suburb, property.state, property.postcode].filter(Boolean).join(' ')}`);
  lines.push(`  ${property.lat.toFixed(5)}, ${property.lng.toFixed(5)}; type ${property.property_type ?? 'not recorded'}`);
  if (property.assumed.length > 0) lines.push(`  Assumed: ${property.assumed.join('; ')}`);
  const analysis = content.comprehensive_analysis;
  lines.push('', 'AI VALUATION', `  Estimate: ${money(analysis.ai_valuation)} (as at ${analysis.as_at})`);
  lines.push(`  Conservative ${money(analysis.conservative_value)} - optimistic ${money(analysis.optimistic_value)} (calibrated 80% range)`);
  lines.push(`  Confidence: ${analysis.confidence_level}% (${analysis.confidence_label})${analysis.fsd_pct === undefined ? '' : `; FSD ${analysis.fsd_pct.toFixed(1)}% (estimate ± 1 FSD holds about 68% of sales)`}`);
  if (analysis.carry_forward) lines.push(`  Carried forward: ${analysis.carry_forward}`);
  lines.push(`  Method: ${analysis.methodology}`);
  for (const factor of analysis.factors) lines.push(`  ${factor.contribution_aud >= 0 ? '+' : '-'}${money(Math.abs(factor.contribution_aud))}  ${factor.label}`);
  if (has('comparables')) {
    lines.push('', 'COMPARABLE SALES');
    for (const comparable of analysis.comparable_properties) {
      lines.push(`  ${comparable.address}, ${comparable.sale_date}, ${comparable.distance_km} km: ${money(comparable.price)} (time-adjusted ${money(comparable.time_adjusted_price)})`);
    }
  }
  const risk = content.risk_assessment;
  lines.push('', 'RISK ASSESSMENT', `  Overall: ${risk.overall_risk} (${formatHazardScore(risk.overall_score)}); 2050 high emissions: ${risk.climate_2050_high.overall_risk} (${formatHazardScore(risk.climate_2050_high.overall_score)})`);
  for (const hazard of risk.hazards) {
    lines.push(`  ${hazard.label}: ${hazard.score === null ? 'no data' : `${formatHazardScore(hazard.score)} (${hazard.level})`}`);
    for (const factor of hazard.factors) lines.push(`    - ${factor}`);
  }
  if (has('mitigation')) {
    lines.push('', 'MITIGATION');
    if (risk.mitigation_strategies.length === 0) lines.push('  No measure is indicated at these scores.');
    for (const item of risk.mitigation_strategies) {
      lines.push(`  ${item.type} (${item.priority} priority): ${money(item.cost_aud)}. ${reportPaybackText(item)}`);
      if (item.protects_against) lines.push(`    Protects against: ${item.protects_against}`);
      if (item.cost_assumptions) lines.push(`    Cost assumptions: ${item.cost_assumptions}`);
      for (const action of item.actions) lines.push(`    - ${action}`);
    }
  }
  if (has('market')) {
    lines.push('', 'MARKET', `  ${content.market_analysis.note}`);
    for (const [label, value] of marketFigureRows(content.market_analysis)) lines.push(`  ${label}: ${value}`);
    if (content.market_analysis.summary) lines.push(`  ${content.market_analysis.summary}`);
    for (const flag of content.market_analysis.flags ?? []) lines.push(`  Note: ${flag}`);
  }
  if (has('compliance')) {
    const thresholds = content.compliance.lvr_thresholds;
    lines.push('', 'LENDING', `  Loan at 80% LVR ${money(thresholds['80_percent'])}; 90% ${money(thresholds['90_percent'])}; 95% ${money(thresholds['95_percent'])}`, `  ${content.compliance.note}`);
    for (const [label, value] of lendingFigureRows(content.compliance)) lines.push(`  ${label}: ${value}`);
    if (content.compliance.default_loan) lines.push(`  ${content.compliance.default_loan.assumptions}.`, `  Risk weights: ${content.compliance.default_loan.table_verification}.`);
  }
  const certificate = content.compliance_certificate;
  lines.push('', 'CERTIFICATE', `  Certificate ID: ${certificate.certificate_id}`, `  Content SHA-256: ${report.content_hash}`, `  PDF SHA-256: ${report.pdf_sha256}`, `  ${certificate.note}`);
  if (onChain) {
    lines.push('', 'BLOCKCHAIN CERTIFICATE');
    for (const [label, value] of certificateRows(onChain)) lines.push(`  ${label}: ${value}`);
    lines.push(`  ${certificateHowToVerify(onChain)}`);
  }
  lines.push('', RULE, `Report ${report.report_id}. Verify a copy: GET /api/reports/${report.report_id}/verify?hash=<sha256>`, '');
  return lines.join('\n');
}
