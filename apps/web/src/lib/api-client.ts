import type { ErrorResponse } from '@propguard/schemas';

/** SPEC.md section 7: the default request timeout. */
const REQUEST_TIMEOUT_MS = 10_000;

/** An API failure: the server's error code and message, plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;

  constructor(message: string, status: number, code?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Health answers carry `success: false` as a reading, not a failure: return them as they are. */
  acceptUnsuccessful?: boolean;
  /** A body that is not JSON (a CSV upload), sent as it is with its content type. */
  rawBody?: { content: string | Blob; contentType: string };
  /** Longer than the default for uploads of large files. */
  timeoutMs?: number;
};

function readErrorResponse(payload: unknown): ErrorResponse['error'] | undefined {
  if (typeof payload !== 'object' || payload === null || !('error' in payload)) return undefined;
  const { error } = payload as { error: unknown };
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof message !== 'string') return undefined;
  return { code: code as ErrorResponse['error']['code'], message };
}

/** SPEC.md section 7: a realty answer must carry success true; otherwise its message is the error. */
function readUnsuccessfulMessage(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('success' in payload)) return undefined;
  const body = payload as { success: unknown; message?: unknown; error?: unknown };
  if (body.success !== false) return undefined;
  if (typeof body.message === 'string') return body.message;
  if (typeof body.error === 'string') return body.error;
  return 'API request failed';
}

async function parseJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The one way the web app talks to the PropGuard API. `path` is relative to /api. Answers are
 * parsed as JSON; a non-OK status throws an ApiError carrying the server's `{error:{code,message}}`,
 * or "HTTP error! status: {code}" (SPEC.md section 8) when the body has none.
 */
export async function requestApi<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const { rawBody } = options;
  const hasBody = options.body !== undefined || rawBody !== undefined;
  const response = await fetch(`/api${path}`, {
    method: options.method ?? (hasBody ? 'POST' : 'GET'),
    headers: rawBody ? { Accept: 'application/json', 'Content-Type': rawBody.contentType } : options.body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: rawBody ? rawBody.content : options.body === undefined ? undefined : JSON.stringify(options.body),
    signal,
  });
  const payload = await parseJson(response);

  if (!response.ok) {
    const error = readErrorResponse(payload);
    throw new ApiError(error?.message ?? `HTTP error! status: ${response.status}`, response.status, error?.code);
  }
  if (options.acceptUnsuccessful) return payload as T;
  const unsuccessful = readUnsuccessfulMessage(payload);
  if (unsuccessful !== undefined) throw new ApiError(unsuccessful, response.status);
  return payload as T;
}
