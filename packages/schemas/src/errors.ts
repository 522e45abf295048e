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
  'DATABASE_BUSY',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The one error shape every failing request answers with. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string().describe('Human-readable; names the offending field when there is one'),
      field: z.string().optional().describe('Path of the offending field, e.g. "body.loan_amount"'),
    }),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The one error type thrown by services, the database layer and the CLI. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
