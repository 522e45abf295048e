import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PORTFOLIO_MAX_UPLOAD_BYTES, portfolioCreatedResponseSchema, portfolioUploadQuerySchema, portfolioValidationResponseSchema, errorResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { createPortfolioFromCsv, createPortfolioFromRows, validatePortfolioUpload, portfolioOwnerOf, uploaderOf } from '../../services/portfolio/portfolio-service.ts';
import { readUploadBody } from './upload-body.ts';
import { policy } from '../../http/route-policy.ts';

const UPLOAD_ERRORS = { ...ERROR_RESPONSES, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema } as const;

/**
 * A refused file is not read to its end (the check stops at its header or first rows), and the
 * rest of it would stall the next request on the same keep-alive connection: the answer closes the
 * connection instead (the client opens a new one).
 */
function closeIfBodyUnread(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete) reply.header('connection', 'close');
}

/**
 * POST /api/portfolios: a loan book as text/csv or a multipart file (streamed, up to 50 MB) or JSON rows; 202 with
 * the queued job and the file's check. A file that cannot run answers 400 and stores nothing.
 * POST /api/portfolios/validate: the same check (mapping, row errors, preview), storing nothing.
 */
export function createPortfolioRoutes(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The CSV is read as a stream by the service (memory stays flat); its size is counted there.
    app.addContentTypeParser(['text/csv', 'text/plain', 'application/csv'], (_request, payload, done) => done(null, payload));
    // A browser form or `curl -F file=@book.csv`: one file, streamed the same way; a bigger file is cut off at the limit (413).
    await app.register(multipart, { limits: { files: 1, fields: 4, fieldSize: 64 * 1024, fileSize: PORTFOLIO_MAX_UPLOAD_BYTES, parts: 6 } });

    app.post('/portfolios', {
      config: policy('analyst', { usage: 'bulk_valuation', audited: true, expensive: true }),
      bodyLimit: PORTFOLIO_MAX_UPLOAD_BYTES,
      schema: {
        tags: ['portfolios'],
        summary: 'Upload a loan book (text/csv body, a multipart/form-data file field, or JSON {rows, name?, mapping?}) and queue its revaluation',
        description: 'CSV columns: loan_id, address, suburb, state, postcode, lat, lng, property_type, bedrooms, bathrooms, car_spaces, land_size, building_size, year_built, loan_amount, purpose, repayment, interest_rate, term_years, and optionally gross_annual_income, rental_income_annual, other_debts, other_debt_repayments_monthly, living_expenses_monthly, has_lmi, interest_only_years, date. Unknown columns pass through. With text/csv, ?name= and ?mapping= (JSON) name the book and map its columns; a multipart form may carry them as the fields name and mapping ahead of its file field.',
        querystring: portfolioUploadQuerySchema,
        response: { 202: portfolioCreatedResponseSchema, ...UPLOAD_ERRORS },
      },
    }, async (request, reply) => {
      const body = await readUploadBody(request);
      const options = { name: body.name, mapping: body.mapping, source: body.kind === 'csv' ? ('csv' as const) : ('json' as const) };
      const uploader = uploaderOf(context, request.principal);
      let created: Awaited<ReturnType<typeof createPortfolioFromCsv>>;
      try {
        created = body.kind === 'csv' ? await createPortfolioFromCsv(context, body.stream, uploader, options) : await createPortfolioFromRows(context, body.rows, uploader, options);
      } finally {
        closeIfBodyUnread(request, reply);
      }
      return reply.status(202).send(created);
    });

    app.post('/portfolios/validate', {
      config: policy('analyst'),
      bodyLimit: PORTFOLIO_MAX_UPLOAD_BYTES,
      schema: {
        tags: ['portfolios'],
        summary: 'Check a loan book before running it: delimiter, column mapping, missing columns, row errors and a preview; stores nothing',
        querystring: portfolioUploadQuerySchema,
        response: { 200: portfolioValidationResponseSchema, ...UPLOAD_ERRORS },
      },
    }, async (request, reply) => {
      const body = await readUploadBody(request);
      try {
        const validation = await validatePortfolioUpload(context, body.kind === 'csv' ? { csv: body.stream } : { rows: body.rows }, portfolioOwnerOf(request.principal), { name: body.name, mapping: body.mapping, source: body.kind === 'csv' ? 'csv' : 'json' });
        return { success: true as const, validation };
      } finally {
        closeIfBodyUnread(request, reply);
      }
    });
  };
}
