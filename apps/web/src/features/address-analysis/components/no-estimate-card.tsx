import { Info } from 'lucide-react';
import type { NoEstimateDetail } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatLongDate, formatLocality, formatPlaceName } from '../../../lib/format.ts';

type NoEstimateCardProps = {
  /** The server's reason (the NO_ESTIMATE message). */
  reason: string;
  detail: NoEstimateDetail | null;
};

/**
 * Issue 31, item 5: where we make no property estimate (no local sales, or none near enough), the
 * region's published ABS median for the kind of dwelling, labelled as a median, with the reason.
 */
export function NoEstimateCard({ reason, detail }: NoEstimateCardProps) {
  const median = detail?.regionMedian ?? null;
  const place = detail ? (formatPlaceName(detail.place.address) ?? formatLocality(detail.place)) : null;
  const kind = median?.kind === 'attached' ? 'attached dwelling (unit, flat, townhouse)' : 'established house';
  return (
    <Card data-testid="no-estimate">
      <CardHeader title="No property estimate" description={place ?? undefined} icon={<Info aria-hidden="true" className="size-5 text-blue-600" />} />
      <CardContent className="space-y-3">
        {median ? (
          <dl>
            <dt className="text-sm text-slate-600">
              {median.capital ? 'City' : 'Regional'} median, {median.region}: {kind} transfers, quarter to {formatLongDate(median.asAt)}
            </dt>
            <dd className="text-3xl font-bold tabular-nums text-slate-900" data-testid="region-median">
              {formatAud(median.medianAud)}
            </dd>
            <dd className="text-sm font-medium text-amber-800">A {median.capital ? 'city' : 'regional'} median, not this property&apos;s value.</dd>
          </dl>
        ) : null}
        <p className="text-sm text-slate-700" data-testid="no-estimate-reason">
          {reason}
        </p>
        {median ? <p className="text-xs text-slate-600">Source: {median.source}; {median.series}.</p> : null}
        <p className="text-sm text-slate-700">The hazard assessment below works here as anywhere in Australia.</p>
      </CardContent>
    </Card>
  );
}
