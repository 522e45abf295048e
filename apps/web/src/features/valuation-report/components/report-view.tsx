import { ArrowLeft, Download, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { buildPropertyPath, paths } from '../../../app/paths.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatLongDate } from '../../../lib/format.ts';
import type { ValuationReport } from '../api/get-report.ts';

/** SPEC.md section 2: the report's range runs from 95% to 105% of the AI value. */
const CONSERVATIVE_SHARE = 0.95;
const OPTIMISTIC_SHARE = 1.05;

type ReportViewProps = { report: ValuationReport; onShare: (title: string) => void };

export function ReportView({ report, onShare }: ReportViewProps) {
  const property = report.property_details;
  const analysis = report.comprehensive_analysis;
  const risk = report.risk_assessment;
  const certificate = report.compliance_certificate;
  const backTo = property?.listing_id ? buildPropertyPath(property.listing_id) : paths.search;
  const title = `Valuation Report: ${property?.address ?? report.report_id}`;

  return (
    <article className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Link to={backTo} className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Property
        </Link>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => onShare(title)}>
            <Share2 aria-hidden="true" className="size-4" />
            Share
          </Button>
          <Button onClick={() => toast.info('Download PDF', { description: 'PDF reports arrive with the reports issue.' })}>
            <Download aria-hidden="true" className="size-4" />
            Download PDF
          </Button>
        </div>
      </div>
      <header>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="text-slate-600">Generated on {formatLongDate(report.generated_at)}</p>
      </header>
      {property ? (
        <Card>
          <CardHeader level={2} title="Property Summary" />
          <CardContent className="text-sm text-slate-700">
            <p>{[property.address, property.suburb, property.state, property.postcode].filter(Boolean).join(', ')}</p>
            {property.property_type ? <p className="capitalize">{property.property_type}</p> : null}
          </CardContent>
        </Card>
      ) : null}
      {typeof analysis?.ai_valuation === 'number' ? (
        <Card>
          <CardHeader level={2} title="AI Valuation Analysis" />
          <CardContent className="grid gap-4 text-sm sm:grid-cols-3">
            <p>Conservative value<br /><strong>{formatAud(analysis.ai_valuation * CONSERVATIVE_SHARE)}</strong></p>
            <p>AI valuation<br /><strong>{formatAud(analysis.ai_valuation)}</strong></p>
            <p>Optimistic value<br /><strong>{formatAud(analysis.ai_valuation * OPTIMISTIC_SHARE)}</strong></p>
            {analysis.methodology ? <p className="sm:col-span-3 text-slate-600">{analysis.methodology}</p> : null}
          </CardContent>
        </Card>
      ) : null}
      {risk ? (
        <Card>
          <CardHeader level={2} title="Risk Assessment" />
          <CardContent className="space-y-2 text-sm text-slate-700">
            {risk.overall_risk ? <p>Overall risk grade: <strong>{risk.overall_risk}</strong></p> : null}
            {risk.risk_factors?.length ? <ul className="list-inside list-disc">{risk.risk_factors.map((item) => <li key={item}>{item}</li>)}</ul> : null}
            {risk.mitigation_strategies?.length ? (
              <ul className="list-inside list-disc">{risk.mitigation_strategies.map((item) => <li key={item}>{item}</li>)}</ul>
            ) : null}
          </CardContent>
        </Card>
      ) : null}
      {certificate ? (
        <Card>
          <CardHeader level={2} title="APRA Compliance Certificate" />
          <CardContent className="space-y-1 break-all text-sm text-slate-700">
            {certificate.certificate_id ? <p>Certificate ID: {certificate.certificate_id}</p> : null}
            {certificate.blockchain_hash ? <p>Blockchain hash: {certificate.blockchain_hash}</p> : null}
          </CardContent>
        </Card>
      ) : null}
      <footer className="border-t border-slate-200 pt-4 text-xs text-slate-500">Report ID: {report.report_id}</footer>
    </article>
  );
}
