import { ArrowLeft, Download, FileText, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { formatReportTitle, LENDING_SCORE_SCALE, reportPaybackText, type StoredReport } from '@propguard/schemas';
import { buildPropertyPath, paths } from '../../../app/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { getButtonClasses } from '../../../components/ui/button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatHazardScore, formatLocality, formatLongDate, formatPercent, formatPlaceName } from '../../../lib/format.ts';
import { reportPdfUrl, reportTextUrl } from '../api/get-report.ts';

const LEVEL_TONE = { High: 'red', Medium: 'yellow', Low: 'green' } as const;

type ReportViewProps = { report: StoredReport; onShare: (title: string) => void };

/** SPEC.md report page, reading the stored report: every figure is the one issued. */
export function ReportView({ report, onShare }: ReportViewProps) {
  const { content } = report;
  const property = content.property_details;
  const analysis = content.comprehensive_analysis;
  const risk = content.risk_assessment;
  const certificate = content.compliance_certificate;
  const market = content.market_analysis;
  const loan = content.compliance.default_loan;
  const has = (section: string) => content.sections.includes(section);
  const backTo = property.listing_id ? buildPropertyPath(property.listing_id) : paths.search;

  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Property
        </Link>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => onShare(formatReportTitle(content))}>
            <Share2 aria-hidden="true" className="size-4" />
            Share
          </Button>
          <a className={getButtonClasses('outline')} href={reportTextUrl(report.report_id)} download>
            <FileText aria-hidden="true" className="size-4" />
            Download Text
          </a>
          <a className={getButtonClasses('primary')} href={reportPdfUrl(report.report_id)} download>
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </a>
        </div>
      </div>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{formatReportTitle(content)}</h1>
        <p className="text-slate-600">Generated on {formatLongDate(report.generated_at)}</p>
      </header>
      <Card>
        <CardHeader level={2} title="Property Summary" />
        <CardContent className="space-y-1 text-sm text-slate-700">
          <p className="font-medium text-slate-900">{formatPlaceName(property.address)}</p>
          <p>{formatLocality(property)}</p>
          <p className="capitalize">{property.property_type ?? 'Type not recorded'} · {property.bedrooms ?? 'N/A'} bed · {property.bathrooms ?? 'N/A'} bath</p>
          {property.assumed.length > 0 ? <p className="text-xs text-slate-500">Assumed: {property.assumed.join('; ')}</p> : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader level={2} title="AI Valuation Analysis" />
        <CardContent className="space-y-3 text-sm">
          <div className="grid gap-4 sm:grid-cols-3">
            <p>Conservative value<br /><strong data-testid="report-conservative">{formatAud(analysis.conservative_value)}</strong></p>
            <p>AI valuation<br /><strong className="text-lg" data-testid="report-valuation">{formatAud(analysis.ai_valuation)}</strong></p>
            <p>Optimistic value<br /><strong data-testid="report-optimistic">{formatAud(analysis.optimistic_value)}</strong></p>
          </div>
          <p className="text-slate-600">
            Confidence {analysis.confidence_level}% ({analysis.confidence_label}){analysis.fsd_pct === undefined ? '' : `, FSD ${analysis.fsd_pct.toFixed(1)}%`}, as at {formatLongDate(analysis.as_at)}. The conservative and optimistic values are the calibrated 80% range.
          </p>
          {analysis.carry_forward ? <p className="text-slate-600">{analysis.carry_forward}</p> : null}
          <p className="text-slate-600">{analysis.methodology}</p>
          {has('comparables') ? (
            <table className="w-full text-left">
              <caption className="mb-1 text-left font-semibold text-slate-900">Comparable sales</caption>
              <thead className="text-xs uppercase text-slate-500"><tr><th scope="col">Address</th><th scope="col">Sold</th><th scope="col" className="text-right">Price</th><th scope="col" className="text-right">Time-adjusted</th></tr></thead>
              <tbody>
                {analysis.comparable_properties.map((comparable) => (
                  <tr key={`${comparable.address}-${comparable.sale_date}`} className="border-t border-slate-100">
                    <td className="py-1">{formatPlaceName(comparable.address)} <span className="text-xs text-slate-500">({comparable.distance_km} km)</span></td>
                    <td>{formatLongDate(comparable.sale_date)}</td>
                    <td className="text-right">{formatAud(comparable.price)}</td>
                    <td className="text-right">{formatAud(comparable.time_adjusted_price)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </CardContent>
      </Card>
      <Card>
        <CardHeader level={2} title="Risk Assessment" action={<Badge tone={LEVEL_TONE[risk.overall_risk]}>{risk.overall_risk} ({formatHazardScore(risk.overall_score)})</Badge>} />
        <CardContent className="space-y-3 text-sm text-slate-700">
          <ul className="grid gap-2 sm:grid-cols-2">
            {risk.hazards.map((hazard) => (
              <li key={hazard.hazard} className="rounded border border-slate-100 p-2">
                <span className="font-medium text-slate-900">{hazard.label}</span>: {hazard.score === null ? 'No data' : `${formatHazardScore(hazard.score)} (${hazard.level})`}
              </li>
            ))}
          </ul>
          <div>
            <h3 className="font-semibold text-slate-900">Key factors</h3>
            <ul className="list-inside list-disc">{risk.risk_factors.map((factor) => <li key={factor}>{factor}</li>)}</ul>
          </div>
          {has('mitigation') ? (
            <div>
              <h3 className="font-semibold text-slate-900">Mitigation strategies</h3>
              {risk.mitigation_strategies.length === 0 ? <p>No measure is indicated at these scores.</p> : null}
              <ul className="list-inside list-disc">
                {risk.mitigation_strategies.map((item) => (
                  <li key={item.type}>
                    {item.type} ({item.priority} priority): {formatAud(item.cost_aud)}. {reportPaybackText(item)}.
                    {item.protects_against ? <span className="block pl-5 text-slate-600">Protects against: {item.protects_against}.</span> : null}
                    {item.cost_assumptions ? <span className="block pl-5 text-xs text-slate-500">Cost assumptions: {item.cost_assumptions}.</span> : null}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <p className="text-xs text-slate-500">In 2050 under high emissions: {risk.climate_2050_high.overall_risk} ({formatHazardScore(risk.climate_2050_high.overall_score)}).</p>
        </CardContent>
      </Card>
      {has('market') ? (
        <Card>
          <CardHeader level={2} title="Market Analysis" />
          <CardContent className="space-y-2 text-sm text-slate-700" data-testid="report-market">
            <p>{market.note}</p>
            {market.available ? (
              <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
                <div><dt className="inline text-slate-500">Median price (12 months): </dt><dd className="inline font-semibold">{market.median_price == null ? 'not available' : formatAud(market.median_price)}</dd></div>
                <div><dt className="inline text-slate-500">Growth, year on year: </dt><dd className="inline font-semibold">{market.price_growth_yoy == null ? 'not available' : formatPercent(market.price_growth_yoy)}</dd></div>
                <div><dt className="inline text-slate-500">Sales in 12 months: </dt><dd className="inline font-semibold">{market.sales_volume?.toLocaleString('en-AU') ?? 'not available'}</dd></div>
                <div><dt className="inline text-slate-500">Auction clearance: </dt><dd className="inline font-semibold">{market.auction_clearance_rate == null ? 'not available' : formatPercent(market.auction_clearance_rate)}</dd></div>
                <div><dt className="inline text-slate-500">Trend and heat: </dt><dd className="inline font-semibold">{market.price_trend}, {market.market_heat}</dd></div>
                <div><dt className="inline text-slate-500">Sentiment: </dt><dd className="inline font-semibold">{market.sentiment_score?.toFixed(1)}/10 {market.sentiment_trend}</dd></div>
              </dl>
            ) : null}
            {market.summary ? <p>{market.summary}</p> : null}
            {(market.flags ?? []).map((flag) => <p key={flag} className="text-xs text-amber-800">{flag}</p>)}
          </CardContent>
        </Card>
      ) : null}
      {has('compliance') ? (
        <Card>
          <CardHeader level={2} title="Lending Figures" />
          <CardContent className="space-y-1 text-sm text-slate-700">
            <p>Loan at 80% LVR: {formatAud(content.compliance.lvr_thresholds['80_percent'])}; 90%: {formatAud(content.compliance.lvr_thresholds['90_percent'])}; 95%: {formatAud(content.compliance.lvr_thresholds['95_percent'])}</p>
            {loan ? (
              <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2" data-testid="report-default-loan">
                <div><dt className="inline text-slate-500">Default loan: </dt><dd className="inline font-semibold">{formatAud(loan.loan_amount)} (LVR {loan.lvr_percent.toFixed(1)}%)</dd></div>
                <div><dt className="inline text-slate-500">LMI: </dt><dd className="inline font-semibold">{loan.lmi_required ? 'required' : 'not required'}</dd></div>
                <div><dt className="inline text-slate-500">APS 112 risk weight: </dt><dd className="inline font-semibold">{formatPercent(loan.risk_weight)} (without LMI {formatPercent(loan.risk_weight_without_lmi)})</dd></div>
                <div><dt className="inline text-slate-500">Minimum capital: </dt><dd className="inline font-semibold">{formatAud(loan.minimum_capital)} on {formatAud(loan.risk_weighted_assets)} risk-weighted</dd></div>
                <div><dt className="inline text-slate-500">Climate-adjusted LVR, 2050 high: </dt><dd className="inline font-semibold">{loan.climate_adjusted_lvr_2050 === null ? 'not available' : `${(loan.climate_adjusted_lvr_2050 * 100).toFixed(1)}%`}</dd></div>
                <div><dt className="inline text-slate-500">Risk category, lending safety score: </dt><dd className="inline font-semibold">{loan.risk_category}, {loan.compliance_score}/100 ({LENDING_SCORE_SCALE})</dd></div>
              </dl>
            ) : null}
            <p className="text-xs text-slate-500">{content.compliance.note}</p>
            {loan ? <p className="text-xs text-slate-500">{loan.assumptions}. Risk weights: {loan.table_verification}.</p> : null}
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader level={2} title="APRA Compliance Certificate" />
        <CardContent className="space-y-1 wrap-break-word hyphens-manual text-sm text-slate-700">
          <p>Certificate ID: <span className="wrap-anywhere" data-testid="report-certificate-id">{certificate.certificate_id}</span></p>
          <p>Content hash (SHA-256): <span className="font-mono text-xs wrap-anywhere" data-testid="report-content-hash">{report.content_hash}</span></p>
          <p>PDF hash as issued (SHA-256): <span className="font-mono text-xs wrap-anywhere">{report.pdf_sha256}</span></p>
          <p className="text-xs text-slate-500">Once a blockchain certificate is minted, the PDF download is its certified edition (this report with a certificate section), so its hash differs from the one above; both verify on the Blockchain tab.</p>
          <p className="text-xs text-slate-500">{certificate.note}</p>
        </CardContent>
      </Card>
      <footer className="border-t border-slate-200 pt-4 text-xs text-slate-500">Report ID: {report.report_id}</footer>
    </article>
  );
}
