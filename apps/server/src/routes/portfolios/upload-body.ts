import type { FastifyRequest } from 'fastify';
import { AppError, portfolioJsonUploadSchema, portfolioMappingSchema, portfolioUploadQuerySchema, type PortfolioMapping } from '@propguard/schemas';

/** An upload as the routes read it: a CSV stream (text/csv) or JSON rows, with a name and a mapping. */
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

/** Reads the body of POST /api/portfolios (and /validate): text/csv streams, JSON is checked with the shared schema. */
export function readUploadBody(request: FastifyRequest): UploadBody {
  const type = String(request.headers['content-type'] ?? '').split(';', 1)[0]!.trim().toLowerCase();
  const query = portfolioUploadQuerySchema.safeParse(request.query ?? {});
  if (!query.success) throw new AppError('VALIDATION_ERROR', `querystring.${String(query.error.issues[0]?.path[0] ?? '')}: ${query.error.issues[0]?.message ?? 'invalid'}`, { field: 'querystring' });
  if (type === 'text/csv' || type === 'text/plain' || type === 'application/csv') {
    return { kind: 'csv', stream: request.body as AsyncIterable<Buffer>, name: query.data.name, mapping: parseMapping(query.data.mapping) };
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
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send the loan book as text/csv (the file as the body) or as application/json {"rows": [...]}, not ${type || 'no content type'}`, { field: 'headers.content-type' });
}
