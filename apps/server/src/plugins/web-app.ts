import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { AppError, type ErrorResponse } from '@propguard/schemas';
import { ERROR_STATUS } from '../http/error-status.ts';

const MISSING_BUILD_PAGE = `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>PropGuard</title></head>
<body><h1>PropGuard API is running</h1><p>The web app has not been built. Run <code>npm run build</code>, or start everything with <code>npm start</code>.</p>
<p>API documentation: <a href="/api/docs">/api/docs</a></p></body></html>`;

/**
 * Serves the built single-page app with a fallback to index.html for client-side routes, and
 * answers unknown /api paths with the JSON error shape instead of the page.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      index: ['index.html'],
      // The build writes a gzip sibling of each text file (scripts/build-web.mjs): sent to a browser that accepts gzip.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/, so those can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      const error = new AppError('NOT_FOUND', `No endpoint ${request.method} ${pathname}; see /api/docs for the list`);
      const body: ErrorResponse = { error: { code: error.code, message: error.message } };
      return reply.status(ERROR_STATUS.NOT_FOUND).send(body);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const body: ErrorResponse = { error: { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` } };
      return reply.status(404).send(body);
    }
    // Client-side routes (/search, /property/42, unknown paths for the 404 page) all get the app.
    reply.header('cache-control', 'no-cache');
    if (!hasBuild) return reply.type('text/html').send(MISSING_BUILD_PAGE);
    return reply.type('text/html').sendFile('index.html');
  });
}
