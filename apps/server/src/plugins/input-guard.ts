import type { FastifyInstance } from 'fastify';
import { AppError } from '@propguard/schemas';

/** The first string holding a NUL character, as a field path ("body.address"), or null. */
export function findNulField(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  // A streamed body (a CSV upload) is read by its service, which refuses NUL characters itself;
  // walking a stream's or a buffer's internals would visit every byte.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return `${path}.${key.split('\u0000').join('\\0')}`;
    const found = findNulField(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL text cannot hold a NUL character, and no address, suburb or id contains one: any
 * string with a NUL, in the path, the query or the body, is refused with a 400 naming the field
 * before a handler or the database sees it.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const field = findNulField(request.params, 'params') ?? findNulField(request.query, 'querystring') ?? findNulField(request.body, 'body');
    if (field) throw new AppError('VALIDATION_ERROR', `${field}: must not contain a NUL character (\\u0000)`, { field });
  });
}
