import { resolveSubject, toSubjectProperty } from '@propguard/db';
import { resolveAsAt, valueProperty } from '@propguard/engines';
import type { ValuationRequest, ValuationResult } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import type { ValuationRuntime } from './valuation-runtime.ts';

/**
 * Values one property described by a request: place it and complete its attributes (resolveSubject
 * of packages/db, the same code path as the CLI's `value --csv`), then run the model.
 */
export async function valueRequest(context: AppContext, runtime: ValuationRuntime, request: ValuationRequest): Promise<ValuationResult> {
  const resolved = await resolveSubject(context.database, runtime, request);
  const { location, attributes, assumed } = resolved;
  const market = resolveAsAt(runtime.index, location.state, request.asAt);
  const asAt = market.asAt;
  if (request.asAt === undefined || market.capped) assumed.push(`asAt: ${asAt} (${market.note})`);
  const valuation = valueProperty(runtime.model, runtime.index, toSubjectProperty(resolved), { asAt });
  return {
    ...valuation,
    asAt,
    market: { name: market.market, state: market.state, lastSaleDate: market.marketLastSaleDate, capped: market.capped, note: market.note },
    property: {
      address: location.address,
      suburb: location.suburb,
      state: location.state,
      postcode: location.postcode,
      lat: location.lat,
      lng: location.lng,
      locationPrecision: location.locationPrecision,
      attributes,
    },
    assumed,
    dataSource: 'live',
  };
}
