import { insertValuationAudit } from '@propguard/db';
import type { ValuationRequest, ValuationResult } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';

/** CPS 230 / CPS 234 evidence: every valuation with its model version, inputs and data sources. */
export async function recordValuationAudit(context: AppContext, request: ValuationRequest, valuation: ValuationResult, now: Date = new Date(), workspaceId: string | null = null): Promise<void> {
  const { property } = valuation;
  await insertValuationAudit(context.database, {
    recordedAt: now.toISOString(),
    kind: 'valuation',
    subject: property.address ?? [property.suburb, property.state, property.postcode].filter(Boolean).join(' '),
    modelVersion: valuation.model.id,
    inputs: request,
    dataSources: [`sales: ${valuation.model.trainedOn}`, `comparables: ${valuation.comparables.length} sales`, `data source: ${valuation.dataSource}`],
    result: { estimate: valuation.estimate, low: valuation.low, high: valuation.high, confidence: valuation.confidence, asAt: valuation.asAt },
    workspaceId,
  });
}
