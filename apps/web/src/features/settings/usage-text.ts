import type { UsageResponse } from '@propguard/schemas';

/** "100 valuations", "unlimited APRA compliance reports", or null when the plan includes none. */
function allowanceText(allowance: number | null, singular: string, plural: string): string | null {
  if (allowance === null) return `unlimited ${plural}`;
  if (allowance <= 0) return null;
  return `${allowance.toLocaleString('en-AU')} ${allowance === 1 ? singular : plural}`;
}

function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * The meter's sentence on what the plan includes and what is billable (the server's
 * includedUsageOf decides: Starter 5 valuations; Professional 100 valuations and APRA compliance
 * reports; Enterprise unlimited valuations, compliance reports and NFT certificates).
 *
 * @example "Your Professional plan includes 100 valuations and unlimited APRA compliance reports a month. Only calls beyond that are billable, at the API prices."
 */
export function describePlanInclusions(planName: string, included: UsageResponse['included_per_month']): string {
  const parts = [
    allowanceText(included.valuations, 'valuation', 'valuations'),
    allowanceText(included.compliance_reports, 'APRA compliance report', 'APRA compliance reports'),
    allowanceText(included.certificates, 'NFT certificate', 'NFT certificates'),
  ].filter((part): part is string => part !== null);
  const includes = parts.length === 0 ? 'includes no metered calls' : `includes ${joinAnd(parts)} a month`;
  return `Your ${planName} plan ${includes}. Only calls beyond that are billable, at the API prices.`;
}
