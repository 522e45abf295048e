import { Bath, BedDouble, Car, Ruler } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatAudCompact, formatLocality, formatPercent, formatPlaceName } from '../../../lib/format.ts';
import type { Listing, RiskLevel } from '@propguard/schemas';

const RISK_TONE: Record<RiskLevel, 'green' | 'yellow' | 'red'> = { Low: 'green', Medium: 'yellow', High: 'red' };

function selectTrendTone(trend: string): 'blue' | 'red' | 'neutral' {
  if (trend === 'bullish') return 'blue';
  if (trend === 'bearish') return 'red';
  return 'neutral';
}

type PropertyCardProps = { listing: Listing; href: string };

/**
 * One search result (SPEC.md section 2, search page); counts show only when above zero. Names in
 * title case (issue 34), the street address or that the source has none, and the estimate's basis
 * when it is a typical property of the suburb rather than this one.
 */
export function PropertyCard({ listing, href }: PropertyCardProps) {
  const photo = listing.photos[0];
  const valuation = listing.propguard_valuation;
  const risk = listing.propguard_risk;
  const trend = listing.propguard_market_sentiment?.trend;
  const counts = [
    { value: listing.bedrooms, label: 'bedrooms', icon: BedDouble },
    { value: listing.bathrooms, label: 'bathrooms', icon: Bath },
    { value: listing.car_spaces, label: 'car spaces', icon: Car },
    { value: listing.land_size, label: 'm² land', icon: Ruler },
  ].filter((count) => typeof count.value === 'number' && count.value > 0);

  return (
    <Card className="overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-blue-600 hover:shadow-md">
      <Link to={href} className="block focus:outline-none">
        <div className="flex h-40 items-center justify-center bg-slate-100 text-sm text-slate-500">
          {photo ? <img src={photo} alt="" className="h-full w-full object-cover" /> : 'No Image'}
        </div>
        <div className="space-y-3 p-4">
          <div>
            <h3 className="break-words font-semibold text-slate-900">{formatPlaceName(listing.address)}</h3>
            <p className="text-sm text-slate-600">{formatLocality(listing)}</p>
            {listing.street_address ? null : <p className="text-xs italic text-slate-500">Street address not in the source data</p>}
          </div>
          {counts.length > 0 ? (
            <ul className="flex flex-wrap gap-3 text-sm text-slate-700">
              {counts.map(({ value, label, icon: Icon }) => (
                <li key={label} className="flex items-center gap-1">
                  <Icon aria-hidden="true" className="size-4 text-slate-500" />
                  {value} <span className="sr-only">{label}</span>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {risk ? <Badge tone={RISK_TONE[risk.risk_grade]}>{risk.risk_grade} Risk</Badge> : null}
            {valuation ? <Badge tone="neutral">{formatPercent(valuation.confidence_score)} confidence</Badge> : null}
            {trend ? <Badge tone={selectTrendTone(trend)}>{trend}</Badge> : null}
          </div>
          <p className="text-xs text-slate-600">{listing.status_label}</p>
          <div className="flex flex-wrap items-end justify-between gap-2">
            <p className="text-lg font-bold text-slate-900">{typeof listing.price === 'number' ? formatAudCompact(listing.price) : 'Price not disclosed'}</p>
            {valuation ? <p className="text-sm text-blue-700">AI: {formatAudCompact(valuation.ai_valuation)}</p> : null}
          </div>
          {valuation?.basis_note ? <p className="text-xs text-amber-800" data-testid="valuation-basis">{valuation.basis_note}</p> : null}
        </div>
      </Link>
    </Card>
  );
}
