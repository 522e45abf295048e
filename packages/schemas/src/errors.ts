import { z } from 'zod';

/**
 * Every error the product reports has one of these codes. The HTTP status for each code lives in
 * one table in apps/server (src/http/error-status.ts); the domain knows nothing of HTTP.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'PAYMENT_DECLINED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'QUOTA_EXCEEDED',
  'NO_ESTIMATE',
  'DATABASE_BUSY',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** A region's published ABS median: what a refused valuation (NO_ESTIMATE) answers with instead of an estimate. */
export const regionMedianSchema = z
  .object({
    region: z.string().describe('The ABS region: a capital city ("Brisbane") or the rest of a state ("Rest of NSW")'),
    capital: z.boolean(),
    kind: z.enum(['house', 'attached']).describe('Established houses, or attached dwellings (units, flats, townhouses)'),
    medianAud: z.number().int(),
    quarter: z.string().describe('The quarter\'s last month, YYYY-MM'),
    asAt: z.string().describe('The quarter\'s last day'),
    transfers: z.number().int().nullable(),
    series: z.string(),
    source: z.string(),
    summary: z.string().describe('The median in words, labelled as a median and not the property\'s value'),
  })
  .meta({ id: 'RegionMedian' });
export type RegionMedianInfo = z.infer<typeof regionMedianSchema>;

/** What a NO_ESTIMATE refusal carries: where the property was placed (its hazards and lending still work) and the region median. */
export const noEstimateDetailSchema = z
  .object({
    reason: z.string().describe('Why no estimate is made (the message without the median)'),
    place: z.object({ address: z.string().nullable(), suburb: z.string().nullable(), state: z.string().nullable(), postcode: z.string().nullable(), lat: z.number(), lng: z.number() }),
    regionMedian: regionMedianSchema.nullable(),
  })
  .meta({ id: 'NoEstimateDetail' });
export type NoEstimateDetail = z.infer<typeof noEstimateDetailSchema>;

/** The one error shape every failing request answers with. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().describe('Human-readable; names the offending field when there is one'),
      field: z.string().optional().describe('Path of the offending field, e.g. "body.loan_amount"'),
      noEstimate: noEstimateDetailSchema.optional().describe('NO_ESTIMATE only: the place and the region\'s ABS median for its kind of dwelling, labelled as a median'),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The one error type thrown by services, the database layer and the CLI. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly noEstimate: NoEstimateDetail | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; cause?: unknown; noEstimate?: NoEstimateDetail } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.noEstimate = options.noEstimate;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
