import { forwardRef } from 'react';
import { Scale } from 'lucide-react';
import type { ValuationResult } from '@propguard/schemas';
import { Card, CardContent, CardHeader } from '../../../components/ui/card.tsx';
import { formatAud, formatLongDate } from '../../../lib/format.ts';
import { formatSignedPercent, getComparableLocation, getPremiumFraction } from '../valuation-figures.ts';
import { DataSourceBadge } from './data-source-badge.tsx';

export const COMPARABLES_ID = 'market-comparables';

/** SPEC.md section 2, "Market Comparables": real nearby sales, time-adjusted, with the subject's premium. */
export const ComparablesTable = forwardRef<HTMLDivElement, { valuation: ValuationResult }>(function ComparablesTable({ valuation }, ref) {
  const isDemo = valuation.dataSource === 'demo';
  const otherKind = valuation.comparables.filter((sale) => !sale.isSameKind).length;
  return (
    <Card>
      <div id={COMPARABLES_ID} ref={ref} tabIndex={-1} className="scroll-mt-4 focus-visible:outline-offset-2">
        <CardHeader
          title="Market Comparables"
          description="Premium: how far this property's estimate sits above or below each sale's time-adjusted price."
          icon={<Scale aria-hidden="true" className="size-5 text-blue-600" />}
          action={<DataSourceBadge isDemo={isDemo} />}
        />
      </div>
      <CardContent className="overflow-x-auto">
        {otherKind > 0 ? (
          <p className="mb-3 text-sm text-amber-800" data-testid="comparables-mixed-kinds">
            {`Too few sales of this property's kind nearby: ${otherKind} of the other kind ${otherKind === 1 ? 'is' : 'are'} included, each priced as this type (the premium is measured against that price).`}
          </p>
        ) : null}
        {valuation.comparables.length === 0 ? (
          <p className="text-sm text-slate-600">
            {isDemo ? 'Sample properties carry no comparable sales.' : 'No comparable sales were found near this property.'}
          </p>
        ) : (
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">Comparable sales</caption>
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">Address</th>
                <th scope="col" className="py-2 pr-3 font-medium">Sale date</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Distance</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Price</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Time-adjusted</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Similarity</th>
                <th scope="col" className="py-2 text-right font-medium">Premium</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {valuation.comparables.map((sale) => {
                const premium = getPremiumFraction(valuation.estimate, sale);
                return (
                  <tr key={sale.saleId}>
                    <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                      {getComparableLocation(sale)}
                      {sale.ownSale ? <span className="ml-2 rounded bg-blue-50 px-1.5 py-0.5 text-xs font-medium text-blue-700">This property's earlier sale</span> : null}
                      {sale.kindAdjustment ? <span className="mt-1 block text-xs font-normal text-amber-800">{sale.kindAdjustment}</span> : null}
                    </th>
                    <td className="py-2 pr-3 text-slate-700">{formatLongDate(sale.saleDate)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums text-slate-700">{sale.distanceKm.toFixed(1)} km</td>
                    <td className="py-2 pr-3 text-right tabular-nums text-slate-700">{formatAud(sale.priceAud)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums text-slate-900">
                      {formatAud(sale.timeAdjustedPriceAud)}
                      {sale.kindAdjustedPriceAud !== sale.timeAdjustedPriceAud ? <span className="block text-xs text-amber-800">{`${formatAud(sale.kindAdjustedPriceAud)} as this type`}</span> : null}
                    </td>
                    <td className="py-2 pr-3 text-right tabular-nums text-slate-700">{Math.round(sale.similarity * 100)}%</td>
                    <td className={premium >= 0 ? 'py-2 text-right tabular-nums text-green-700' : 'py-2 text-right tabular-nums text-red-700'}>
                      {formatSignedPercent(premium)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
});
