import { noEstimateDetailSchema, type ErrorResponse, type NoEstimateDetail } from '@propguard/schemas';

/** SPEC.md section 7: the default request timeout. */
const REQUEST_TIMEOUT_MS = 10_000;

/** An API failure: the server's error code and message, plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  /** NO_ESTIMATE only: where the property is and its region's ABS median. */
  readonly noEstimate: NoEstimateDetail | undefined;

  constructor(message: string, status: number, code?: string, noEstimate?: NoEstimateDetail) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.noEstimate = noEstimate;
  }
}

/**
 * What the screen says for a 401 anywhere but the sign-in forms: the server's 401 message is
 * written for API clients ("send an API key as Authorization: Bearer ..."), a person signs in.
 */
export const SIGN_IN_NEEDED_MESSAGE = 'Please sign in to continue: this needs a PropGuard account (the Starter plan is free).';

/** The sign-in, sign-up and reset calls, whose 401 ("Wrong email or password.") is the answer to show. */
function isAuthPath(path: string): boolean {
  return path === '/auth' || path.startsWith('/auth/');
}

/**
 * The ApiError of a non-OK answer to `path` (relative to /api): the server's `{error:{code,message}}`,
 * or "HTTP error! status: {code}" (SPEC.md section 8) when the body has none. A 401 outside the
 * sign-in calls reads SIGN_IN_NEEDED_MESSAGE (see needsSignIn).
 */
export function apiErrorOf(path: string, status: number, payload: unknown): ApiError {
  const error = readErrorResponse(payload);
  if (status === 401 && !isAuthPath(path)) return new ApiError(SIGN_IN_NEEDED_MESSAGE, status, error?.code ?? 'UNAUTHENTICATED');
  return new ApiError(error?.message ?? `HTTP error! status: ${status}`, status, error?.code, error?.noEstimate);
}

/** A refused estimate (422 NO_ESTIMATE): the place and its region's median, when the answer carried them. */
export function noEstimateOf(error: unknown): NoEstimateDetail | null {
  return error instanceof ApiError && error.code === 'NO_ESTIMATE' ? (error.noEstimate ?? null) : null;
}

export function isNotFoundError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A 401 from anything but the sign-in calls: the app shows the sign-in page. */
export function needsSignIn(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.message === SIGN_IN_NEEDED_MESSAGE;
}

/** A signed-in workspace past its plan's monthly valuations (429 QUOTA_EXCEEDED, not the per-minute RATE_LIMITED). */
export function isQuotaExceededError(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'QUOTA_EXCEEDED';
}

/** How a page that loads one record (a report, a property) reads its failure. */
export type LoadFailure = 'sign-in' | 'no-access' | 'not-found' | 'failed';

export function loadFailureOf(error: unknown): LoadFailure {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status === 401) return 'sign-in';
  if (error.status === 403) return 'no-access';
  if (error.status === 404) return 'not-found';
  return 'failed';
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
  const { code, message, noEstimate } = error as { code?: unknown; message?: unknown; noEstimate?: unknown };
  if (typeof message !== 'string') return undefined;
  const detail = noEstimateDetailSchema.safeParse(noEstimate);
  return { code: code as ErrorResponse['error']['code'], message, ...(detail.success ? { noEstimate: detail.data } : {}) };
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

/** The ApiError of a non-OK answer to `path` (relative to /api), read from its body. */
export async function errorOfResponse(path: string, response: Response): Promise<ApiError> {
  return apiErrorOf(path, response.status, await parseJson(response));
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

  if (!response.ok) throw apiErrorOf(path, response.status, payload);
  if (options.acceptUnsuccessful) return payload as T;
  const unsuccessful = readUnsuccessfulMessage(payload);
  if (unsuccessful !== undefined) throw new ApiError(unsuccessful, response.status);
  return payload as T;
}

/**
 * Splits Server-Sent Events text into its complete events (an event ends with a blank line) and
 * the unfinished rest, to be completed by the next chunk. Only `event:` and `data:` lines are read.
 */
export function splitServerSentEvents(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const normalised = buffer.replace(/\r\n?/g, '\n');
  const end = normalised.lastIndexOf('\n\n');
  if (end === -1) return { events: [], rest: normalised };
  const events = normalised.slice(0, end).split('\n\n').flatMap((block) => {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
    }
    return data.length > 0 ? [{ event, data: data.join('\n') }] : [];
  });
  return { events, rest: normalised.slice(end + 2) };
}

/**
 * A POST under /api answered with Server-Sent Events (long work reporting as it goes): `onEvent`
 * gets each event's JSON data the moment it arrives. A non-OK status (bad input, before any
 * event) throws an ApiError as requestApi does. No overall timeout: the server ends the stream.
 */
export async function streamApi(path: string, body: unknown, onEvent: (data: unknown) => void, signal?: AbortSignal): Promise<void> {
  const response = await fetch(`/api${path}`, {
    method: 'POST',
    headers: { Accept: 'text/event-stream', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await errorOfResponse(path, response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    const { events, rest } = splitServerSentEvents(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const event of events) onEvent(JSON.parse(event.data) as unknown);
    if (done) return;
  }
}

/**
 * Sends a file as the request body (`application/octet-stream`) with upload progress, which fetch
 * cannot report: `onProgress` gets 0-100 as the bytes leave. Errors as `requestApi`'s. No timeout:
 * a large file on a slow line takes as long as it takes; `signal` cancels.
 */
export function uploadApi<T>(path: string, file: Blob, options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onerror = () => reject(new ApiError('The upload failed: the server could not be reached', 0));
    xhr.onabort = () => reject(new ApiError('The upload was cancelled', 0));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText === '' ? undefined : (JSON.parse(xhr.responseText) as unknown);
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(apiErrorOf(path, xhr.status, payload));
        return;
      }
      resolve(payload as T);
    };
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
