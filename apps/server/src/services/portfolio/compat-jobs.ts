/**
 * The original product's job-starting calls, run through the portfolio job path (issue 15):
 * SPEC.md's POST /api/realty/bulk-analysis {listing_ids} and POST /api/xnode/distributed-valuation
 * {property_data, ...}. Each property becomes a loan row; without a loan amount, the default loan
 * of DEFAULT_LOAN_ASSUMPTIONS (80%) is taken of the price we know (the listing's last sale, or the
 * valuation given), and the row's `loan_basis` column says so.
 */
import { getSaleListing } from '@propguard/db';
import { AppError, DEFAULT_LOAN_ASSUMPTIONS, listingIdSchema, type PortfolioJobStarted } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { createPortfolioFromRows, type PortfolioOwner } from './portfolio-service.ts';

const LVR_PCT = Math.round(DEFAULT_LOAN_ASSUMPTIONS.lvr * 100);

function started(created: Awaited<ReturnType<typeof createPortfolioFromRows>>, missing: string[], note: string): PortfolioJobStarted {
  const id = created.portfolio.id;
  return {
    success: true,
    job_id: id,
    status: created.portfolio.state,
    loans: created.portfolio.loans.total,
    missing,
    status_url: `/api/portfolios/${id}`,
    events_url: `/api/portfolios/${id}/events`,
    results_url: `/api/portfolios/${id}/results`,
    summary_url: `/api/portfolios/${id}/summary`,
    note,
    portfolio: created.portfolio,
  };
}

/** POST /api/realty/bulk-analysis: the listings as one portfolio job. Unknown ids are listed in `missing`. */
export async function startBulkAnalysis(context: AppContext, listingIds: readonly string[], owner: PortfolioOwner): Promise<PortfolioJobStarted> {
  const rows: Array<Record<string, unknown>> = [];
  const missing: string[] = [];
  for (const listingId of [...new Set(listingIds)]) {
    const sale = listingIdSchema.safeParse(listingId).success ? await getSaleListing(context.database, Number(listingId.slice('sale-'.length))) : null;
    if (!sale) {
      missing.push(listingId);
      continue;
    }
    rows.push({
      loan_id: listingId,
      address: sale.address ?? '',
      suburb: sale.suburb,
      state: sale.state,
      postcode: sale.postcode ?? '',
      lat: sale.lat,
      lng: sale.lng,
      property_type: sale.propertyType,
      bedrooms: sale.bedrooms,
      bathrooms: sale.bathrooms,
      car_spaces: sale.carSpaces,
      land_size: sale.landSizeM2,
      building_size: sale.buildingSizeM2,
      year_built: sale.yearBuilt,
      loan_amount: sale.priceAud === null ? '' : Math.round(sale.priceAud * DEFAULT_LOAN_ASSUMPTIONS.lvr),
      loan_basis: sale.priceAud === null ? 'no sale price: no loan to assess' : `default loan: ${LVR_PCT}% of the last sale price (${sale.saleDate})`,
    });
  }
  const note = `Each listing is assessed with the default loan: ${LVR_PCT}% of its last sale price, owner-occupier, principal and interest, ${DEFAULT_LOAN_ASSUMPTIONS.interestRatePct}% over ${DEFAULT_LOAN_ASSUMPTIONS.termYears} years`;
  if (rows.length === 0) throw new AppError('NOT_FOUND', `None of the listing ids names a listing we know: ${missing.slice(0, 5).join(', ')}`, { field: 'body.listing_ids' });
  return started(await createPortfolioFromRows(context, rows, owner, { source: 'bulk-analysis', name: `Bulk analysis of ${rows.length} listing(s)` }), missing, note);
}

/** POST /api/xnode/distributed-valuation: the properties as one portfolio job. */
export async function startDistributedValuation(context: AppContext, properties: ReadonlyArray<Record<string, unknown>>, owner: PortfolioOwner): Promise<PortfolioJobStarted> {
  const rows = properties.map((property, index) => {
    const given = typeof property.loan_amount === 'number' ? property.loan_amount : null;
    const value = typeof property.valuation === 'number' ? property.valuation : typeof property.current_valuation === 'number' ? property.current_valuation : null;
    const { id, loan_amount: _loan, valuation: _valuation, current_valuation: _current, ...rest } = property;
    return {
      loan_id: id === undefined || id === null ? `property-${index + 1}` : String(id),
      ...Object.fromEntries(Object.entries(rest).filter(([, item]) => item === null || ['string', 'number', 'boolean'].includes(typeof item))),
      loan_amount: given ?? (value === null ? '' : Math.round(value * DEFAULT_LOAN_ASSUMPTIONS.lvr)),
      loan_basis: given !== null ? 'loan amount as given' : value !== null ? `default loan: ${LVR_PCT}% of the valuation given` : 'no loan amount and no valuation given: no loan to assess',
    };
  });
  const note = `Properties are valued by our model; a property without loan_amount is assessed with the default loan (${LVR_PCT}% of the valuation it gives)`;
  return started(await createPortfolioFromRows(context, rows, owner, { source: 'distributed-valuation', name: `Distributed valuation of ${rows.length} propert${rows.length === 1 ? 'y' : 'ies'}` }), [], note);
}
