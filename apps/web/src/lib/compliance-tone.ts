import type { ComplianceStatus } from '@propguard/schemas';

/** The badge tone of a compliance status, the same on the header badge, the APRA tab and the property page. */
export const COMPLIANCE_STATUS_TONE = { compliant: 'green', review_required: 'yellow', not_checked: 'neutral' } as const satisfies Record<ComplianceStatus, string>;
