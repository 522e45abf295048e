import type { ReactNode } from 'react';
import { ArrowLeft, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatPercent } from '../../../lib/format.ts';
import type { Listing } from '../../../types/listing.ts';

/** SPEC.md section 2: LVR thresholds shown on the compliance panel. */
const LVR_THRESHOLDS = ['80_percent', '90_percent', '95_percent'] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' ? String(value) : 'N/A';
}

type PropertyDetailProps = { listing: Listing; onGenerateReport: () => void; isGeneratingReport: boolean };

export function PropertyDetail({ listing, onGenerateReport, isGeneratingReport }: PropertyDetailProps) {
  const valuation = listing.propguard_valuation;
  const risk = listing.propguard_risk;
  const sentiment = listing.propguard_market_sentiment;
  const compliance = listing.propguard_compliance;
  const photo = listing.photos?.[0];

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-2 text-sm text-slate-600">
        <Link to={paths.search} className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Search
        </Link>
        {listing.suburb ? <span>/ {[listing.suburb, listing.state].filter(Boolean).join(', ')}</span> : null}
      </nav>

      <div className="flex h-72 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-500">
        {photo ? <img src={photo} alt={`Photo of ${listing.address}`} className="h-full w-full object-cover" /> : 'No Image'}
      </div>

      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="space-y-2">
          <h1 className="text-2xl font-bold text-slate-900">{listing.address}</h1>
          <p className="text-slate-600">{[listing.suburb, listing.state, listing.postcode].filter(Boolean).join(' ')}</p>
          {listing.property_type ? <Badge tone="blue" className="capitalize">{listing.property_type}</Badge> : null}
          <p className="text-sm text-slate-700">
            {formatCount(listing.bedrooms)} bed · {formatCount(listing.bathrooms)} bath · {formatCount(listing.car_spaces)} car ·{' '}
            {typeof listing.land_size === 'number' ? `${listing.land_size} m²` : 'N/A'} land
          </p>
        </div>
        <div className="space-y-2 md:text-right">
          <p className="text-2xl font-bold text-slate-900">{typeof listing.price === 'number' ? formatAud(listing.price) : 'Price on request'}</p>
          {valuation ? <p className="text-blue-700">AI valuation: {formatAud(valuation.ai_valuation)}</p> : null}
          <Button onClick={onGenerateReport} disabled={isGeneratingReport}>
            <FileText aria-hidden="true" className="size-4" />
            {isGeneratingReport ? 'Generating Report...' : 'Generate Full Valuation Report'}
          </Button>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        {valuation ? (
          <Card>
            <CardHeader level={2} title="AI Valuation" />
            <CardContent>
              <dl>
                <Row label="Value">{formatAud(valuation.ai_valuation)}</Row>
                <Row label="Confidence">{formatPercent(valuation.confidence_score)}</Row>
                {valuation.valuation_range ? (
                  <Row label="Range">{formatAud(valuation.valuation_range.min)} to {formatAud(valuation.valuation_range.max)}</Row>
                ) : null}
              </dl>
            </CardContent>
          </Card>
        ) : null}
        {risk ? (
          <Card>
            <CardHeader level={2} title="Risk Assessment" />
            <CardContent>
              <dl>
                <Row label="Risk grade">{risk.risk_grade}</Row>
                <Row label="Overall score">{Math.round(risk.overall_score * 100)}/100</Row>
                {(['flood', 'fire', 'coastal', 'geological'] as const).map((hazard) =>
                  typeof risk.climate_risks?.[hazard] === 'number' ? (
                    <Row key={hazard} label={hazard[0]?.toUpperCase() + hazard.slice(1)}>{formatPercent(risk.climate_risks[hazard])}</Row>
                  ) : null,
                )}
              </dl>
            </CardContent>
          </Card>
        ) : null}
        {sentiment ? (
          <Card>
            <CardHeader level={2} title="Market Sentiment" />
            <CardContent>
              <dl>
                <Row label="Trend">{sentiment.trend}</Row>
                {typeof sentiment.confidence === 'number' ? <Row label="Confidence">{formatPercent(sentiment.confidence)}</Row> : null}
                {typeof sentiment.indicators?.price_growth === 'number' ? (
                  <Row label="Price growth">{formatPercent(sentiment.indicators.price_growth)}</Row>
                ) : null}
                {typeof sentiment.indicators?.days_on_market === 'number' ? (
                  <Row label="Days on market">{sentiment.indicators.days_on_market}</Row>
                ) : null}
              </dl>
              {sentiment.summary ? <p className="mt-3 text-sm text-slate-600">{sentiment.summary}</p> : null}
            </CardContent>
          </Card>
        ) : null}
        {compliance ? (
          <Card>
            <CardHeader level={2} title="APRA Compliance" />
            <CardContent>
              <Badge tone={compliance.apra_cps230_compliant ? 'green' : 'yellow'}>
                {compliance.apra_cps230_compliant ? 'APRA CPS 230 Compliant' : 'Review Required'}
              </Badge>
              <dl className="mt-3">
                {compliance.risk_category ? <Row label="Risk category">{compliance.risk_category}</Row> : null}
                {typeof compliance.compliance_score === 'number' ? <Row label="Score">{compliance.compliance_score}/100</Row> : null}
                {LVR_THRESHOLDS.map((key) =>
                  typeof compliance.lvr_thresholds?.[key] === 'number' ? (
                    <Row key={key} label={`LVR ${key.slice(0, 2)}%`}>{formatAud(compliance.lvr_thresholds[key])}</Row>
                  ) : null,
                )}
              </dl>
            </CardContent>
          </Card>
        ) : null}
        {listing.features && listing.features.length > 0 ? (
          <Card>
            <CardHeader level={2} title="Property Features" />
            <CardContent>
              <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
                {listing.features.map((feature) => <li key={feature}>{feature}</li>)}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  );
}
