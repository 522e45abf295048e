import type { FastifyRequest } from 'fastify';
import { AppError, isAppError, PORTFOLIO_MAX_UPLOAD_BYTES, portfolioJsonUploadSchema, portfolioMappingSchema, portfolioUploadQuerySchema, type PortfolioMapping } from '@propguard/schemas';

/** An upload as the routes read it: a CSV stream (text/csv or a multipart file) or JSON rows, with a name and a mapping. */
export type UploadBody = { kind: 'csv'; stream: AsyncIterable<Buffer | string>; name?: string | undefined; mapping?: PortfolioMapping | undefined } | { kind: 'rows'; rows: Array<Record<string, unknown>>; name?: string | undefined; mapping?: PortfolioMapping | undefined };

function parseMapping(text: string | undefined): PortfolioMapping | undefined {
  if (text === undefined) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'querystring.mapping: must be a JSON object of field -> column name', { field: 'querystring.mapping' });
  }
  const parsed = portfolioMappingSchema.safeParse(json);
  if (!parsed.success) throw new AppError('VALIDATION_ERROR', `querystring.mapping: ${parsed.error.issues[0]?.message ?? 'invalid'} (fields: see PORTFOLIO_FIELDS)`, { field: 'querystring.mapping' });
  return parsed.data;
}

/** The form fields a multipart upload may carry beside its file (ahead of it: fields after the file are not read). */
function fieldValue(fields: Record<string, unknown>, name: string): string | undefined {
  const field = fields[name] as { type?: string; value?: unknown } | undefined;
  return field && field.type === 'field' && typeof field.value === 'string' ? field.value : undefined;
}

/** A form the multipart parser cannot read (no boundary, cut short, a file over the limit) as a 4xx naming the body. */
function formError(error: unknown): AppError {
  if (isAppError(error)) return error;
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('PAYLOAD_TOO_LARGE', `body.file: the file is over the upload limit of ${PORTFOLIO_MAX_UPLOAD_BYTES / 1024 / 1024} MB`, { field: 'body.file' });
  return new AppError('VALIDATION_ERROR', `body: not a readable multipart form (${(error as Error).message})`, { field: 'body' });
}

/** The form's file as a stream whose parse errors are 4xx answers, not server errors. */
async function* readFormFile(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (error) {
    throw formError(error);
  }
}

/**
 * Reads the body of POST /api/portfolios (and /validate): text/csv and a multipart/form-data file
 * stream (never held whole), JSON is checked with the shared schema.
 */
export async function readUploadBody(request: FastifyRequest): Promise<UploadBody> {
  const type = String(request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  const query = portfolioUploadQuerySchema.safeParse(request.query ?? {});
  if (!query.success) throw new AppError('VALIDATION_ERROR', `querystring.${String(query.error.issues[0]?.path[0] ?? '')}: ${query.error.issues[0]?.message ?? 'invalid'}`, { field: 'querystring' });
  if (type === 'text/csv' || type === 'text/plain' || type === 'application/csv') {
    return { kind: 'csv', stream: request.body as AsyncIterable<Buffer>, name: query.data.name, mapping: parseMapping(query.data.mapping) };
  }
  if (type === 'multipart/form-data') {
    let file: Awaited<ReturnType<FastifyRequest['file']>>;
    try {
      file = await request.file();
    } catch (error) {
      throw formError(error);
    }
    if (!file) throw new AppError('VALIDATION_ERROR', 'body.file: the form has no file (send the loan book as a file field, e.g. curl -F file=@book.csv)', { field: 'body.file' });
    const name = fieldValue(file.fields, 'name') ?? query.data.name;
    const mappingText = fieldValue(file.fields, 'mapping') ?? query.data.mapping;
    return { kind: 'csv', stream: readFormFile(file.file), name: name === '' ? undefined : name, mapping: parseMapping(mappingText) };
  }
  if (type === 'application/json') {
    const parsed = portfolioJsonUploadSchema.safeParse(request.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = `body.${issue.path.join('.')}`;
      throw new AppError('VALIDATION_ERROR', `${field}: ${issue.message}`, { field });
    }
    return { kind: 'rows', rows: parsed.data.rows, name: parsed.data.name ?? query.data.name, mapping: parsed.data.mapping ?? parseMapping(query.data.mapping) };
  }
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the loan book as text/csv (the file as the body), as a multipart/form-data file field, or as application/json {"rows": [...]}, not ${type || 'no content type'}`, { field: 'headers.content-type' });
}
