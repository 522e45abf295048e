import { loadPdfKit } from '../pdf/load-pdfkit.ts';
import { certificateHowToVerify, certificateRows, lendingFigureRows, marketFigureRows, type ReportCertificateSummary } from '@propguard/engines';
import type { MapNear, ReportContent } from '@propguard/schemas';
import { formatAud, formatHazardScore, formatLocality, formatPlaceName, formatReportTitle, reportPaybackText } from '@propguard/schemas';

/** What the PDF shows besides the content: the ids, hashes and the map around the property. */
export interface PdfReportInput {
  reportId: string;
  generatedAt: string;
  contentHash: string;
  content: ReportContent;
  /** Suburbs and shoreline around the property, for the location drawing (null: no map). */
  map: MapNear | null;
  /** The on-chain certificate, once minted: the certified edition shows it (null: the PDF as issued). */
  certificate?: ReportCertificateSummary | null;
}

const LONG_DATE = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' });
const MARGIN = 50;
const BLUE = '#2563eb';
const SLATE = '#475569';
const LEVEL_COLOURS: Record<string, string> = { High: '#dc2626', Medium: '#d97706', Low: '#16a34a' };

type Doc = PDFKit.PDFDocument;

function contentWidth(doc: Doc): number {
  return doc.page.width - 2 * MARGIN;
}

function heading(doc: Doc, text: string) {
  // A heading never ends a page: it keeps room for a few lines of its section.
  ensureSpace(doc, 90);
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#0f172a').text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.moveTo(MARGIN, doc.y + 2).lineTo(MARGIN + contentWidth(doc), doc.y + 2).lineWidth(0.5).strokeColor('#cbd5e1').stroke();
  doc.moveDown(0.5).font('Helvetica').fontSize(10).fillColor('#0f172a');
  doc.x = MARGIN;
}

/** The lowest a line may reach before the footer's margin. */
function bottomOf(doc: Doc): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page unless `height` points still fit above the bottom margin. */
function ensureSpace(doc: Doc, height: number) {
  if (doc.y + height > bottomOf(doc)) doc.addPage();
}

/**
 * A paragraph across the full width from the left margin. Every line of the report goes through here
 * or `table`: pdfkit otherwise starts at its last x (a table's value column) and runs off the page.
 */
function paragraph(doc: Doc, text: string, style: { size?: number; colour?: string; bold?: boolean } = {}) {
  doc.font(style.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(style.size ?? 10).fillColor(style.colour ?? '#0f172a');
  doc.text(text, MARGIN, doc.y, { width: contentWidth(doc) });
  doc.x = MARGIN;
}

/**
 * Two-column rows: label left, value right, each wrapping in its column. A row that does not fit
 * starts a new page whole, and the header (if any) is repeated at the top of that page.
 */
function table(doc: Doc, rows: ReadonlyArray<readonly [string, string]>, header?: readonly [string, string]) {
  const width = contentWidth(doc);
  const labelWidth = width * 0.45;
  const valueX = MARGIN + width * 0.47;
  const valueWidth = width * 0.53;
  const rowHeight = ([label, value]: readonly [string, string]) => Math.max(doc.heightOfString(label, { width: labelWidth }), doc.heightOfString(value, { width: valueWidth }));
  const drawRow = (row: readonly [string, string], labelColour: string, valueColour: string) => {
    const y = doc.y;
    const height = rowHeight(row);
    doc.fillColor(labelColour).text(row[0], MARGIN, y, { width: labelWidth });
    doc.fillColor(valueColour).text(row[1], valueX, y, { width: valueWidth, align: 'right' });
    doc.x = MARGIN;
    doc.y = y + height + 2;
  };
  const drawHeader = () => {
    if (!header) return;
    doc.font('Helvetica-Bold').fontSize(9);
    drawRow(header, SLATE, SLATE);
    doc.moveTo(MARGIN, doc.y - 1).lineTo(MARGIN + width, doc.y - 1).lineWidth(0.5).strokeColor('#e2e8f0').stroke();
    doc.y += 2;
  };
  const [first] = rows;
  if (header) {
    doc.font('Helvetica-Bold').fontSize(9);
    const headerHeight = rowHeight(header) + 5;
    doc.font('Helvetica').fontSize(10);
    ensureSpace(doc, headerHeight + (first ? rowHeight(first) : 0));
    drawHeader();
  }
  for (const row of rows) {
    doc.font('Helvetica').fontSize(10);
    if (doc.y + rowHeight(row) > bottomOf(doc)) {
      doc.addPage();
      drawHeader();
      doc.font('Helvetica').fontSize(10);
    }
    drawRow(row, SLATE, '#0f172a');
  }
}

/** The calibrated 80% range as a bar with the estimate marked. */
function rangeChart(doc: Doc, content: ReportContent) {
  const { conservative_value: low, ai_valuation: estimate, optimistic_value: high } = content.comprehensive_analysis;
  const width = contentWidth(doc);
  const span = Math.max(1, high - low);
  const axisLow = low - span * 0.15;
  const axisHigh = high + span * 0.15;
  const x = (value: number) => MARGIN + ((value - axisLow) / (axisHigh - axisLow)) * width;
  // A label centred on a point, moved in where it would cross a margin.
  const label = (value: number, text: string, y: number, labelWidth: number) => {
    const left = Math.min(Math.max(x(value) - labelWidth / 2, MARGIN), MARGIN + width - labelWidth);
    doc.text(text, left, y, { width: labelWidth, align: 'center', lineBreak: false });
  };
  ensureSpace(doc, 60);
  const top = doc.y + 14;
  doc.rect(MARGIN, top + 6, width, 4).fill('#e2e8f0');
  doc.rect(x(low), top, x(high) - x(low), 16).fill('#bfdbfe');
  doc.rect(x(estimate) - 1.5, top - 4, 3, 24).fill(BLUE);
  doc.font('Helvetica').fontSize(8).fillColor(SLATE);
  label(low, formatAud(low), top + 22, 80);
  label(high, formatAud(high), top + 22, 80);
  doc.fillColor(BLUE);
  label(estimate, formatAud(estimate), top - 16, 100);
  doc.x = MARGIN;
  doc.y = top + 40;
  doc.fillColor('#0f172a').fontSize(10);
}

/** Hazard scores as bars out of 100 ("No data" where no data set covers the place). */
function hazardBars(doc: Doc, content: ReportContent) {
  const labelWidth = 170;
  const barWidth = contentWidth(doc) - labelWidth - 70;
  for (const hazard of content.risk_assessment.hazards) {
    doc.font('Helvetica').fontSize(10);
    const height = Math.max(16, doc.heightOfString(hazard.label, { width: labelWidth }) + 4);
    ensureSpace(doc, height);
    const y = doc.y;
    doc.fillColor('#0f172a').text(hazard.label, MARGIN, y, { width: labelWidth });
    doc.rect(MARGIN + labelWidth, y + 1, barWidth, 9).fill('#f1f5f9');
    if (hazard.score === null) {
      doc.fillColor(SLATE).fontSize(9).text('No data', MARGIN + labelWidth + barWidth + 8, y, { width: 62 });
    } else {
      doc.rect(MARGIN + labelWidth, y + 1, (barWidth * hazard.score) / 100, 9).fill(LEVEL_COLOURS[hazard.level ?? 'Low'] ?? BLUE);
      doc.fillColor('#0f172a').fontSize(9).text(formatHazardScore(hazard.score), MARGIN + labelWidth + barWidth + 8, y, { width: 62 });
    }
    doc.x = MARGIN;
    doc.y = y + height;
  }
}

function ringsOf(geometry: { type: string; coordinates: unknown } | null): number[][][] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [(geometry.coordinates as number[][][])[0] ?? []];
  if (geometry.type === 'MultiPolygon') return (geometry.coordinates as number[][][][]).map((polygon) => polygon[0] ?? []);
  if (geometry.type === 'LineString') return [geometry.coordinates as number[][]];
  return [];
}

/** The location as a static drawing: suburb boundaries, the shoreline and the property marker. */
function locationMap(doc: Doc, content: ReportContent, map: MapNear) {
  const width = 260;
  const height = 180;
  if (doc.y > doc.page.height - height - 80) doc.addPage();
  const left = MARGIN;
  const top = doc.y + 4;
  const { lat, lng } = content.property_details;
  const radiusKm = map.radiusKm;
  // Equirectangular at the property's latitude: fine over a few kilometres.
  const kmPerDegLng = 111.32 * Math.cos((lat * Math.PI) / 180);
  const scale = Math.min(width, height) / (2 * radiusKm);
  const project = ([x, y]: number[]) => [left + width / 2 + ((x ?? 0) - lng) * kmPerDegLng * scale, top + height / 2 - ((y ?? 0) - lat) * 110.574 * scale] as const;
  doc.save();
  doc.rect(left, top, width, height).lineWidth(0.8).strokeColor('#94a3b8').stroke();
  doc.rect(left, top, width, height).clip();
  const drawRing = (ring: number[][], colour: string, lineWidth: number) => {
    const [first, ...rest] = ring;
    if (!first || rest.length === 0) return;
    const [x0, y0] = project(first);
    doc.moveTo(x0, y0);
    for (const point of rest) {
      const [x, y] = project(point);
      doc.lineTo(x, y);
    }
    doc.lineWidth(lineWidth).strokeColor(colour).stroke();
  };
  for (const feature of map.suburbs.features) for (const ring of ringsOf(feature.geometry)) drawRing(ring, '#cbd5e1', 0.6);
  for (const feature of map.coastline.features) for (const ring of ringsOf(feature.geometry)) drawRing(ring, '#0369a1', 1.2);
  for (const feature of map.rivers.features) for (const ring of ringsOf(feature.geometry)) drawRing(ring, '#60a5fa', 1);
  const [px, py] = project([lng, lat]);
  doc.circle(px, py, 5).fillAndStroke('#dc2626', '#ffffff');
  doc.restore();
  doc.font('Helvetica').fontSize(8).fillColor(SLATE).text(
    `${lat.toFixed(5)}, ${lng.toFixed(5)}. ${(radiusKm * 2).toFixed(0)} km across. Suburbs: ABS 2021 (CC BY 4.0); shoreline: GSHHG 2.3.7.`,
    left + width + 14,
    top,
    { width: contentWidth(doc) - width - 14 },
  );
  doc.x = MARGIN;
  doc.y = top + height + 8;
  doc.fillColor('#0f172a').fontSize(10);
}

/** Renders a stored report as an A4 PDF with page numbers and the content hash in every footer. */
export async function renderReportPdf(input: PdfReportInput): Promise<{ bytes: Buffer; pages: number }> {
  const { content } = input;
  const has = (section: string) => content.sections.includes(section);
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, bottom: MARGIN + 20, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: formatReportTitle(content), Author: 'PropGuard', Subject: `Report ${input.reportId}`, CreationDate: new Date(input.generatedAt) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(18).fillColor(BLUE).text('PropGuard', MARGIN, MARGIN, { width: contentWidth(doc) });
  paragraph(doc, formatReportTitle(content), { size: 15, bold: true });
  paragraph(doc, `Generated on ${LONG_DATE.format(new Date(input.generatedAt))}. Report ${input.reportId}.`, { colour: SLATE });

  const property = content.property_details;
  heading(doc, 'Property summary');
  table(doc, [
    ['Address', formatPlaceName(property.address)],
    ['Suburb', formatLocality(property) || 'Not recorded'],
    ['Property type', property.property_type ?? 'Not recorded'],
    ['Bedrooms / bathrooms', `${property.bedrooms ?? 'N/A'} / ${property.bathrooms ?? 'N/A'}`],
    ['Land size', property.land_size_m2 === null ? 'N/A' : `${Math.round(property.land_size_m2).toLocaleString('en-AU')} m²`],
    ...(property.assumed.length > 0 ? [['Assumed inputs', property.assumed.join('; ')] as const] : []),
  ]);
  if (input.map) locationMap(doc, content, input.map);

  const analysis = content.comprehensive_analysis;
  heading(doc, 'AI valuation analysis');
  table(doc, [
    ['AI valuation', formatAud(analysis.ai_valuation)],
    ['Conservative value (80% range low)', formatAud(analysis.conservative_value)],
    ['Optimistic value (80% range high)', formatAud(analysis.optimistic_value)],
    ['Confidence', `${analysis.confidence_level}% (${analysis.confidence_label})`],
    ...(analysis.fsd_pct === undefined ? [] : [['Forecast standard deviation (FSD)', `${analysis.fsd_pct.toFixed(1)}% (± 1 FSD holds about 68% of sales)`] as [string, string]]),
    ['As at', analysis.as_at],
  ]);
  if (analysis.carry_forward) paragraph(doc, analysis.carry_forward, { size: 9, colour: SLATE });
  rangeChart(doc, content);
  paragraph(doc, analysis.methodology, { size: 9, colour: SLATE });
  if (analysis.factors.length > 0) {
    doc.moveDown(0.5);
    table(doc, analysis.factors.map((factor) => [factor.label, `${factor.contribution_aud >= 0 ? '+' : '-'}${formatAud(Math.abs(factor.contribution_aud))}`] as const), ['Factor', 'Contribution']);
  }
  if (has('comparables')) {
    heading(doc, 'Comparable sales');
    table(
      doc,
      analysis.comparable_properties.map((comparable) => [
        `${formatPlaceName(comparable.address)} (${comparable.sale_date}, ${comparable.distance_km} km)`,
        `${formatAud(comparable.price)}; adjusted ${formatAud(comparable.time_adjusted_price)}`,
      ] as const),
      ['Comparable sale', 'Price; time-adjusted'],
    );
  }

  const risk = content.risk_assessment;
  heading(doc, 'Risk assessment');
  paragraph(doc, `Overall: ${risk.overall_risk} (${formatHazardScore(risk.overall_score)}). In 2050 under high emissions: ${risk.climate_2050_high.overall_risk} (${formatHazardScore(risk.climate_2050_high.overall_score)}).`);
  doc.moveDown(0.4);
  hazardBars(doc, content);
  doc.moveDown(0.3);
  for (const factor of risk.risk_factors) paragraph(doc, `• ${factor}`, { size: 9, colour: SLATE });
  if (has('mitigation')) {
    heading(doc, 'Mitigation strategies');
    if (risk.mitigation_strategies.length === 0) paragraph(doc, 'No measure is indicated at these scores.');
    for (const item of risk.mitigation_strategies) {
      paragraph(doc, `${item.type} (${item.priority} priority): ${formatAud(item.cost_aud)}. ${reportPaybackText(item)}`, { bold: true });
      if (item.protects_against) paragraph(doc, `Protects against: ${item.protects_against}`, { size: 9 });
      if (item.cost_assumptions) paragraph(doc, `Cost assumptions: ${item.cost_assumptions}`, { size: 9 });
      for (const action of item.actions) paragraph(doc, `• ${action}`, { size: 9 });
      doc.moveDown(0.3);
    }
  }
  if (has('market')) {
    heading(doc, 'Market analysis');
    paragraph(doc, content.market_analysis.note);
    const rows = marketFigureRows(content.market_analysis);
    if (rows.length > 0) {
      doc.moveDown(0.3);
      table(doc, rows);
    }
    if (content.market_analysis.summary) {
      doc.moveDown(0.3);
      paragraph(doc, content.market_analysis.summary);
    }
    for (const flag of content.market_analysis.flags ?? []) paragraph(doc, `Note: ${flag}`, { size: 9 });
  }
  if (has('compliance')) {
    heading(doc, 'Lending figures');
    const thresholds = content.compliance.lvr_thresholds;
    table(doc, [
      ['Loan at 80% LVR', formatAud(thresholds['80_percent'])],
      ['Loan at 90% LVR', formatAud(thresholds['90_percent'])],
      ['Loan at 95% LVR', formatAud(thresholds['95_percent'])],
      ...lendingFigureRows(content.compliance),
    ]);
    const loan = content.compliance.default_loan;
    if (loan) paragraph(doc, `${loan.assumptions}. Risk weights: ${loan.table_verification}.`, { size: 9, colour: SLATE });
    paragraph(doc, content.compliance.note, { size: 9, colour: SLATE });
  }
  heading(doc, 'Compliance certificate');
  table(doc, [
    ['Certificate ID', content.compliance_certificate.certificate_id],
    ['Content SHA-256', input.contentHash],
  ]);
  paragraph(doc, content.compliance_certificate.note, { size: 9, colour: SLATE });
  if (input.certificate) {
    heading(doc, 'Blockchain certificate');
    // Full-width rows in a fixed-width font: hashes and the URL whole on one line where they fit, to copy.
    for (const [label, value] of certificateRows(input.certificate)) {
      doc.font('Courier').fontSize(8.5);
      ensureSpace(doc, 14 + doc.heightOfString(value, { width: contentWidth(doc) }));
      paragraph(doc, label, { size: 9, colour: SLATE });
      doc.font('Courier').fontSize(8.5).fillColor('#0f172a').text(value, MARGIN, doc.y, { width: contentWidth(doc) });
      doc.moveDown(0.25);
    }
    doc.moveDown(0.3);
    paragraph(doc, certificateHowToVerify(input.certificate), { size: 9, colour: SLATE });
  }

  // Footers: the report id and page number, then the content hash, on every page.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // Text below the bottom margin would start a new page: the footer lives in the margin.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN - 8;
    doc.font('Helvetica').fontSize(7).fillColor(SLATE);
    doc.text(`Report ${input.reportId}`, MARGIN, y, { width: contentWidth(doc) - 70, lineBreak: false, ellipsis: true });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN + contentWidth(doc) - 60, y, { width: 60, align: 'right', lineBreak: false });
    doc.text(`Content SHA-256 ${input.contentHash}`, MARGIN, y + 9, { width: contentWidth(doc), lineBreak: false, ellipsis: true });
  }
  const pages = range.count;
  doc.end();
  await finished;
  return { bytes: Buffer.concat(chunks), pages };
}
