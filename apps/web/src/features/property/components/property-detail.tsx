import { lazy, Suspense, type ReactNode } from 'react';
import { ArrowLeft, FileText, History, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import { COMPLIANCE_STATUS_LABELS, complianceStatusOfFlag, LENDING_SCORE_SCALE, type ComplianceStatus, type PropertyDetails } from '@propguard/schemas';
import { paths } from '../../../app/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatAud, formatHazardScore, formatLocality, formatLongDate, formatPercent, formatPlaceName } from '../../../lib/format.ts';
import { COMPLIANCE_STATUS_TONE } from '../../../lib/compliance-tone.ts';

const SaleHistoryChart = lazy(() => import('./sale-history-chart.tsx').then((module) => ({ default: module.SaleHistoryChart })));

/** SPEC.md section 2: LVR thresholds shown on the compliance panel. */
const LVR_THRESHOLDS = ['80_percent', '90_percent', '95_percent'] as const;
const RISK_TONE = { Low: 'green', Medium: 'yellow', High: 'red' } as const;
/** The listing's compliance flags in words: a flag that is null (a check did not run) reads "Not fully checked". */
const COMPLIANCE_ROWS = [
  { key: 'apra_cps230_compliant', label: 'APRA CPS 230' },
  { key: 'nccp_act_compliant', label: 'NCCP' },
  { key: 'basel_iii_compliant', label: 'Basel III (APS 112)' },
] as const;
const HAZARD_ROWS = [
  { key: 'flood', label: 'Flood' },
  { key: 'fire', label: 'Fire' },
  { key: 'coastal', label: 'Coastal' },
  { key: 'geological', label: 'Geological' },
  { key: 'cyclone', label: 'Cyclone' },
  { key: 'earthquake', label: 'Earthquake' },
] as const;

const METHOD_LABELS: Record<string, string> = {
  sold: 'Sold',
  sold_prior: 'Sold prior to auction',
  sold_after_auction: 'Sold after auction',
  passed_in: 'Passed in',
  vendor_bid: 'Vendor bid',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function formatCount(value: number | null): string {
  return typeof value === 'number' ? String(value) : 'N/A';
}

function Unavailable({ reason }: { reason: string | undefined }) {
  return <p className="text-sm text-slate-600">{reason ?? 'Not available for this property.'}</p>;
}

type PropertyDetailProps = {
  listing: PropertyDetails;
  onGenerateReport: () => void;
  isGeneratingReport: boolean;
  /** The map of the property's surroundings, from the risk feature (composed by the route). */
  map?: ReactNode;
  /** The workspace's CPS 230 card status (the header badge's source, composed by the route); null while loading. */
  cps230Status?: ComplianceStatus | null;
};

/** SPEC.md "Property detail page": the listing, our valuation and risk, LVR thresholds, sale history and map. */
export function PropertyDetail({ listing, onGenerateReport, isGeneratingReport, map, cps230Status = null }: PropertyDetailProps) {
  const valuation = listing.propguard_valuation;
  const risk = listing.propguard_risk;
  const sentiment = listing.propguard_market_sentiment;
  const compliance = listing.propguard_compliance;
  const photo = listing.photos[0];

  return (
    <div className="space-y-6">
      <nav aria-label="Breadcrumb" className="flex items-center gap-2 text-sm text-slate-600">
        <Link to={paths.search} className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Search
        </Link>
        <span>/ {formatPlaceName([listing.suburb, listing.state].filter(Boolean).join(', '))}</span>
      </nav>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="flex h-80 items-center justify-center overflow-hidden rounded-lg bg-slate-100 text-slate-500">
          {photo ? <img src={photo} alt={`Photo of ${formatPlaceName(listing.address)}`} className="h-full w-full object-cover" /> : 'No Image'}
        </div>
        <section aria-label="Map of the property" className="space-y-1">
          {map ?? null}
          <p className="flex items-center gap-1 text-xs text-slate-500">
            <MapPin aria-hidden="true" className="size-3" />
            {listing.lat !== null && listing.lng !== null ? `${listing.lat.toFixed(5)}, ${listing.lng.toFixed(5)}` : 'Coordinates unavailable'}
            {listing.location_precision === 'locality' ? ' (the suburb’s point: the record has no street address)' : ''}
          </p>
        </section>
      </div>

      <div className="flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="space-y-2">
          <h1 className="break-words text-2xl font-bold text-slate-900">{formatPlaceName(listing.address)}</h1>
          <p className="text-slate-600">{formatLocality(listing)}</p>
          {listing.street_address ? null : <p className="text-sm italic text-slate-500">Street address not in the source data</p>}
          <Badge tone="blue" className="capitalize">{listing.property_type}</Badge>
          <p className="text-sm text-slate-700">
            {formatCount(listing.bedrooms)} bed · {formatCount(listing.bathrooms)} bath · {formatCount(listing.car_spaces)} car ·{' '}
            {typeof listing.land_size === 'number' ? `${Math.round(listing.land_size).toLocaleString('en-AU')} m²` : 'N/A'} land
          </p>
        </div>
        <div className="space-y-2 md:text-right">
          <p className="text-sm text-slate-600">{listing.status_label}</p>
          <p className="text-2xl font-bold text-slate-900" data-testid="listing-price">{typeof listing.price === 'number' ? formatAud(listing.price) : 'Price not disclosed'}</p>
          {valuation ? <p className="text-blue-700" data-testid="listing-ai-valuation">AI valuation: {formatAud(valuation.ai_valuation)}</p> : null}
          {valuation?.basis_note ? <p className="text-sm text-amber-800" data-testid="valuation-basis">{valuation.basis_note}</p> : null}
          <Button onClick={onGenerateReport} disabled={isGeneratingReport}>
            <FileText aria-hidden="true" className="size-4" />
            {isGeneratingReport ? 'Generating Report...' : 'Generate Full Valuation Report'}
          </Button>
        </div>
      </div>

      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
        <Card>
          <CardHeader level={2} title="AI Valuation" />
          <CardContent>
            {valuation ? (
              <>
                <dl>
                  <Row label="Value">{formatAud(valuation.ai_valuation)}</Row>
                  <Row label="Confidence">{formatPercent(valuation.confidence_score)}</Row>
                  <Row label="80% range">{formatAud(valuation.valuation_range.min)} to {formatAud(valuation.valuation_range.max)}</Row>
                  {valuation.valuation_gap !== null ? <Row label="Against the recorded price">{`${valuation.valuation_gap >= 0 ? '+' : ''}${(valuation.valuation_gap * 100).toFixed(1)}%`}</Row> : null}
                </dl>
                <p className="mt-2 text-xs text-slate-500">Model {valuation.model_id}, as at {formatLongDate(valuation.as_at)} (the latest sale of its market in our data); the gap includes the market's own movement since the sale, and a sale within 24 months of that date anchors the valuation.</p>
              </>
            ) : (
              <Unavailable reason={listing.unavailable.propguard_valuation} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader level={2} title="Risk Assessment" action={risk ? <Badge tone={RISK_TONE[risk.risk_grade]}>{risk.risk_grade} Risk</Badge> : null} />
          <CardContent>
            {risk ? (
              <dl>
                <Row label="Risk grade">{risk.risk_grade}</Row>
                <Row label="Overall score">{formatHazardScore(risk.overall_score * 100)}</Row>
                {HAZARD_ROWS.map((row) => {
                  const score = risk.climate_risks[row.key];
                  return <Row key={row.key} label={row.label}>{score === null ? 'No data' : formatHazardScore(score * 100)}</Row>;
                })}
              </dl>
            ) : (
              <Unavailable reason={listing.unavailable.propguard_risk} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader level={2} title="Market Sentiment" />
          <CardContent>
            {sentiment ? (
              <>
                <dl>
                  <Row label="Trend">{sentiment.trend}</Row>
                  <Row label="Confidence">{formatPercent(sentiment.confidence)}</Row>
                  <Row label="Price growth">{sentiment.indicators.price_growth === null ? 'Not available' : `${(sentiment.indicators.price_growth * 100).toFixed(1)}%`}</Row>
                  <Row label="Days on market">{sentiment.indicators.days_on_market === null ? 'Not available' : sentiment.indicators.days_on_market}</Row>
                </dl>
                <p className="mt-3 text-sm text-slate-600">{sentiment.summary}</p>
              </>
            ) : (
              <Unavailable reason={listing.unavailable.propguard_market_sentiment} />
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader level={2} title="APRA Compliance" />
          <CardContent>
            {compliance ? (
              <>
                <dl aria-label="Compliance statuses">
                  {COMPLIANCE_ROWS.map(({ key, label }) => {
                    // CPS 230 is the workspace's (the APRA tab's card and the header badge), the others the loan's.
                    const status = key === 'apra_cps230_compliant' && cps230Status !== null ? cps230Status : complianceStatusOfFlag(compliance[key]);
                    return <Row key={key} label={label}><Badge tone={COMPLIANCE_STATUS_TONE[status]}>{COMPLIANCE_STATUS_LABELS[status]}</Badge></Row>;
                  })}
                </dl>
                <dl>
                  {compliance.risk_category ? <Row label="Risk category">{compliance.risk_category}</Row> : null}
                  {compliance.compliance_score !== undefined ? <Row label="Lending safety score">{`${compliance.compliance_score}/100 (${LENDING_SCORE_SCALE})`}</Row> : null}
                  {compliance.risk_weight !== undefined ? <Row label="APS 112 risk weight">{formatPercent(compliance.risk_weight)}</Row> : null}
                  {compliance.climate_adjusted_lvr !== undefined ? (
                    <Row label="2050 climate-adjusted LVR">{compliance.climate_adjusted_lvr === null ? 'Not available' : formatPercent(compliance.climate_adjusted_lvr)}</Row>
                  ) : null}
                  {LVR_THRESHOLDS.map((key) => <Row key={key} label={`Loan at ${key.slice(0, 2)}% LVR`}>{formatAud(compliance.lvr_thresholds[key])}</Row>)}
                </dl>
                {compliance.assumptions ? <p className="mt-2 text-xs text-slate-600">{compliance.assumptions}. Income and expenses are needed for NCCP and serviceability.</p> : null}
                <p className="mt-1 text-xs text-slate-600">CPS 230 is your operational resilience, not a property of a loan: its evidence is on the APRA Compliance tab.</p>
              </>
            ) : null}
            {listing.unavailable.apra_compliance ? <p className="mt-2 text-xs text-slate-600">{listing.unavailable.apra_compliance}</p> : null}
          </CardContent>
        </Card>
        <Card>
          <CardHeader level={2} title="Property Features" />
          <CardContent>
            {listing.features.length > 0 ? (
              <ul className="list-inside list-disc space-y-1 text-sm text-slate-700">
                {listing.features.map((feature) => <li key={feature}>{feature}</li>)}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">Our records hold no features for this property.</p>
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader level={2} title="Sale History" description={`Every recorded sale of this property (data: ${listing.data_source}).`} icon={<History aria-hidden="true" className="size-5 text-blue-600" />} />
        <CardContent className="space-y-4">
          {listing.history.length > 1 ? (
            <Suspense fallback={<Skeleton className="h-56" />}>
              <SaleHistoryChart history={listing.history} />
            </Suspense>
          ) : (
            <Notice>
              {listing.location_precision === 'locality'
                ? 'This record has no street address, so other sales of the same property cannot be linked.'
                : 'One recorded sale: nothing to chart yet.'}
            </Notice>
          )}
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Sale history</caption>
            <thead className="text-xs uppercase text-slate-500">
              <tr><th scope="col" className="py-1">Date</th><th scope="col">Result</th><th scope="col">Type</th><th scope="col" className="text-right">Price</th></tr>
            </thead>
            <tbody>
              {listing.history.map((entry) => (
                <tr key={entry.sale_id} className={entry.listing_id === listing.listing_id ? 'border-t border-slate-100 font-medium' : 'border-t border-slate-100'}>
                  <th scope="row" className="py-1.5 font-normal">{formatLongDate(entry.sale_date)}</th>
                  <td>{METHOD_LABELS[entry.sale_method] ?? entry.sale_method.replaceAll('_', ' ')}</td>
                  <td className="capitalize">{entry.property_type}</td>
                  <td className="text-right tabular-nums">{entry.price === null ? 'Not disclosed' : formatAud(entry.price)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </CardContent>
      </Card>
    </div>
  );
}
