import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isAppError, type ErrorCode, type ErrorResponse } from '@propguard/schemas';
import { ERROR_STATUS } from './error-status.ts';

function bodyOf(error: AppError): ErrorResponse {
  const body: ErrorResponse = { error: { code: error.code, message: error.message } };
  if (error.field !== undefined) body.error.field = error.field;
  if (error.noEstimate !== undefined) body.error.noEstimate = error.noEstimate;
  return body;
}

function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  // A refusal that says when to come back (a quota: its period's end).
  const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply.status(ERROR_STATUS[error.code]).type('application/json').send(bodyOf(error));
}

/**
 * The error body of a failure that happens after a streamed answer has begun (its status is
 * already sent): an AppError as it is, anything else logged and answered as a generic error.
 */
export function streamedErrorBody(error: unknown, request: FastifyRequest): ErrorResponse {
  if (isAppError(error)) {
    request.streamedStatus = ERROR_STATUS[error.code];
    if (ERROR_STATUS[error.code] >= 500) request.log.error({ err: error }, error.message);
    return bodyOf(error);
  }
  request.streamedStatus = ERROR_STATUS.INTERNAL_ERROR;
  request.log.error({ err: error }, 'unhandled error in a streamed answer');
  return bodyOf(new AppError('INTERNAL_ERROR', 'Internal server error; the error was logged.'));
}

/** "/loan_amount/0" with context "body" -> "body.loan_amount.0" */
function toFieldPath(context: string | undefined, instancePath: string): string {
  const parts = instancePath.split('/').filter(Boolean);
  return [context ?? 'request', ...parts].join('.');
}

/** Fastify's own client errors (bad JSON, wrong content type, body too large) keep their 4xx. */
function codeForClientStatus(status: number): ErrorCode {
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'VALIDATION_ERROR';
}

/**
 * Turns every failure into `{ error: { code, message, field? } }` with the status of ERROR_STATUS.
 * Validation errors name the field; unexpected errors are logged and answered with a generic 500.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: toFieldPath(error.validationContext, issue.instancePath),
        message: issue.message,
      }));
      const first = issues[0];
      const message = issues.map((issue) => `${issue.field}: ${issue.message}`).join('; ');
      return sendError(reply, new AppError('VALIDATION_ERROR', message, first ? { field: first.field } : {}));
    }
    if (isAppError(error)) {
      if (ERROR_STATUS[error.code] >= 500) request.log.error({ err: error }, error.message);
      return sendError(reply, error);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return sendError(reply, new AppError('INTERNAL_ERROR', 'The server produced an invalid response; the error was logged.'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? `body: not valid JSON (${error.message})`
        : error.message;
      return sendError(reply, new AppError(codeForClientStatus(status), message, { field: status === 400 ? 'body' : undefined }));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL_ERROR', 'Internal server error; the error was logged.'));
  });
}
