import { useState } from 'react';
import { Bath, BedDouble, Building2, Car, FileJson, FileSpreadsheet, MapPin, Ruler, Scale } from 'lucide-react';
import { formatLocality, formatPlaceName, type PropertyType, type ValuationResult } from '@propguard/schemas';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent } from '../../../components/ui/card.tsx';
import { Notice } from '../../../components/ui/notice.tsx';
import { TabList, TabPanel } from '../../../components/ui/tabs.tsx';
import type { TabItem } from '../../../components/ui/tabs.tsx';
import { downloadTextFile } from '../../../lib/download.ts';
import { formatAud, formatLongDate } from '../../../lib/format.ts';
import { getExportFileBase, toAnalysisCsv, toAnalysisJson } from '../export-analysis.ts';
import { getPropertyTypeLabel } from '../valuation-figures.ts';
import { DataSourceBadge } from './data-source-badge.tsx';

type DetailTab = 'overview' | 'valuation' | 'analysis';

const DETAIL_TABS: readonly TabItem<DetailTab>[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'valuation', label: 'Valuation' },
  { id: 'analysis', label: 'Analysis' },
];

const DESCRIPTION_NOUNS: Record<PropertyType, string> = { house: 'house', unit: 'unit', townhouse: 'townhouse', villa: 'villa', land: 'parcel of land', other: 'property' };

// SPEC.md section 9: up to 8 key features.
const MAX_KEY_FEATURES = 8;

type PropertyDetailViewProps = { valuation: ValuationResult; onViewComparables: () => void };

function formatCount(value: number | undefined): string {
  return value === undefined ? 'N/A' : String(value);
}

function formatCoordinates({ lat, lng }: { lat: number; lng: number }): string | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  return `${lat.toFixed(4)}, ${lng.toFixed(4)}`;
}


function getKeyFeatures(valuation: ValuationResult): string[] {
  const { attributes, locationPrecision } = valuation.property;
  const features = [
    attributes.buildingSizeM2 === undefined ? null : `Building ${attributes.buildingSizeM2.toLocaleString('en-AU')} m²`,
    attributes.yearBuilt === undefined ? null : `Built ${attributes.yearBuilt}`,
    attributes.landSizeM2 === undefined ? null : `Land ${attributes.landSizeM2.toLocaleString('en-AU')} m²`,
    locationPrecision === 'address' ? 'Located at its street address' : locationPrecision === 'locality' ? 'Located at its locality centre' : 'Located by coordinates',
    `${valuation.comparables.length} comparable sales used`,
    `${valuation.factors.length} valuation factors explained`,
  ];
  return features.filter((feature): feature is string => feature !== null).slice(0, MAX_KEY_FEATURES);
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? null) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** SPEC.md section 2, "Property detail view (inside the dashboard)". */
export function PropertyDetailView({ valuation, onViewComparables }: PropertyDetailViewProps) {
  const [tab, setTab] = useState<DetailTab>('overview');
  const { property } = valuation;
  const { attributes } = property;
  const isDemo = valuation.dataSource === 'demo';
  const title = formatPlaceName(property.address) ?? (formatLocality(property) || 'Address unavailable');
  const coordinates = formatCoordinates(property);
  const fileBase = getExportFileBase(property.address ?? formatLocality(property));
  const typeLabel = getPropertyTypeLabel(attributes.propertyType);

  const counts = [
    { label: 'Bedrooms', value: formatCount(attributes.bedrooms), icon: BedDouble },
    { label: 'Bathrooms', value: formatCount(attributes.bathrooms), icon: Bath },
    { label: 'Land size', value: attributes.landSizeM2 === undefined ? 'N/A' : `${attributes.landSizeM2.toLocaleString('en-AU')} m²`, icon: Ruler },
    { label: 'Car spaces', value: formatCount(attributes.carSpaces), icon: Car },
  ];

  const rangeWidth = valuation.estimate === 0 ? null : (valuation.high - valuation.low) / valuation.estimate;
  const medianDistance = median(valuation.comparables.map((sale) => sale.distanceKm));
  const medianSimilarity = median(valuation.comparables.map((sale) => sale.similarity));

  return (
    <Card role="region" aria-label="Property details">
      <CardContent className="space-y-5">
        <div className="flex flex-col gap-5 md:flex-row">
          <div
            role="img"
            aria-label={`No photo of this ${typeLabel.toLowerCase()}`}
            className="flex h-40 w-full shrink-0 items-center justify-center rounded-md bg-gradient-to-br from-blue-50 to-slate-100 md:w-56"
          >
            <Building2 aria-hidden="true" className="size-16 text-blue-300" />
          </div>
          <div className="min-w-0 flex-1 space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone="blue">{typeLabel}</Badge>
              <DataSourceBadge isDemo={isDemo} />
            </div>
            <h2 className="text-2xl font-bold text-slate-900">{title}</h2>
            <p className="flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin aria-hidden="true" className="size-4" />
              {coordinates ?? 'Coordinates unavailable'}
            </p>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {counts.map(({ label, value, icon: Icon }) => (
                <div key={label} className="rounded-md bg-slate-50 p-2">
                  <dt className="flex items-center gap-1 text-xs text-slate-500">
                    <Icon aria-hidden="true" className="size-3.5" />
                    {label}
                  </dt>
                  <dd className="font-semibold text-slate-900">{value}</dd>
                </div>
              ))}
            </dl>
            {valuation.assumed.length > 0 ? (
              <div>
                <h3 className="text-sm font-medium text-slate-700">Assumed by the model (not given)</h3>
                <ul aria-label="Assumed inputs" className="mt-1 flex flex-wrap gap-2">
                  {valuation.assumed.map((assumption) => (
                    <li key={assumption}>
                      <Badge tone="yellow">{assumption}</Badge>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </div>

        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => downloadTextFile(`${fileBase}.json`, toAnalysisJson(valuation), 'application/json')}>
            <FileJson aria-hidden="true" className="size-4" />
            Export Data (JSON)
          </Button>
          <Button variant="outline" size="sm" onClick={() => downloadTextFile(`${fileBase}.csv`, toAnalysisCsv(valuation), 'text/csv;charset=utf-8')}>
            <FileSpreadsheet aria-hidden="true" className="size-4" />
            Export Data (CSV)
          </Button>
          <Button variant="outline" size="sm" onClick={onViewComparables}>
            <Scale aria-hidden="true" className="size-4" />
            View Comparable
          </Button>
        </div>

        <TabList label="Property detail sections" idBase="property-detail" tabs={DETAIL_TABS} value={tab} onValueChange={setTab} />
        <TabPanel idBase="property-detail" tabId={tab} className="space-y-3 text-sm text-slate-700">
          {tab === 'overview' ? (
            <>
              <p>
                {`A ${DESCRIPTION_NOUNS[attributes.propertyType ?? 'other']}`}
                {formatLocality(property) ? ` in ${formatLocality(property)}` : ''}, valued at {formatAud(valuation.estimate)} as at {formatLongDate(valuation.asAt)}
                {isDemo ? ' (demo data: sample figures, not a valuation).' : ' by the PropGuard model on recorded sales.'}
              </p>
              <h3 className="font-medium text-slate-900">Key features</h3>
              <ul className="list-inside list-disc space-y-1">
                {getKeyFeatures(valuation).map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </>
          ) : null}
          {tab === 'valuation' ? (
            <dl className="grid gap-3 sm:grid-cols-2">
              <div><dt className="text-slate-500">Estimate</dt><dd className="font-semibold text-slate-900">{formatAud(valuation.estimate)}</dd></div>
              <div><dt className="text-slate-500">80% range</dt><dd className="font-semibold text-slate-900">{formatAud(valuation.low)} to {formatAud(valuation.high)}</dd></div>
              <div><dt className="text-slate-500">Land</dt><dd className="font-semibold text-slate-900">{formatAud(valuation.breakdown.landAud)}</dd></div>
              <div><dt className="text-slate-500">Building</dt><dd className="font-semibold text-slate-900">{formatAud(valuation.breakdown.buildingAud)}</dd></div>
              <div><dt className="text-slate-500">Intangible assets</dt><dd className="font-semibold text-slate-900">{formatAud(valuation.breakdown.intangibleAud)}</dd></div>
              <div>
                <dt className="text-slate-500">Confidence</dt>
                <dd className="font-semibold text-slate-900">{valuation.confidence}% ({valuation.confidenceLevel})</dd>
                <dd aria-hidden="true" className="mt-1 h-2 rounded-full bg-slate-100">
                  <span className="block h-full rounded-full bg-blue-600" style={{ width: `${valuation.confidence}%` }} />
                </dd>
              </div>
            </dl>
          ) : null}
          {tab === 'analysis' ? (
            <>
              <dl className="grid gap-3 sm:grid-cols-3">
                <div>
                  <dt className="text-slate-500">Range width</dt>
                  <dd className="font-semibold text-slate-900">{rangeWidth === null ? 'N/A' : `${(rangeWidth * 100).toFixed(1)}% of the estimate`}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Median comparable distance</dt>
                  <dd className="font-semibold text-slate-900">{medianDistance === null ? 'N/A' : `${medianDistance.toFixed(1)} km`}</dd>
                </div>
                <div>
                  <dt className="text-slate-500">Median comparable similarity</dt>
                  <dd className="font-semibold text-slate-900">{medianSimilarity === null ? 'N/A' : `${Math.round(medianSimilarity * 100)}%`}</dd>
                </div>
              </dl>
              <p>Model: {valuation.model.method} Trained on {valuation.model.trainedOn}.</p>
              <Notice>
                Rental yield and price growth arrive with the market analysis issue, computed from the suburb&apos;s sales history;
                hazard scores arrive with the hazard issue.
              </Notice>
            </>
          ) : null}
        </TabPanel>
      </CardContent>
    </Card>
  );
}
