import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { policyOf } from '../http/route-policy.ts';

export interface RateLimits {
  /** Requests a minute per client address on every route. */
  perMinute: number;
  /** On routes that compute a lot per call (policy `expensive`: reports, market analyses...). */
  expensivePerMinute: number;
  /** On the original client's anonymous routes (docs/compat.md). */
  compatPerMinute: number;
}

type LimitClass = 'compat' | 'expensive' | 'default';

/** The route's policy says which bucket a call counts in (http/route-policy.ts). */
function limitClassOf(request: FastifyRequest): LimitClass {
  const routePolicy = policyOf(request);
  if (routePolicy.compat) return 'compat';
  return routePolicy.expensive ? 'expensive' : 'default';
}

/**
 * Security headers on every response (helmet: a Content-Security-Policy the app satisfies, with
 * MapLibre's blob: worker; frame-ancestors 'none'; nosniff; a strict referrer policy; HSTS, which
 * browsers heed over TLS only) and rate limits per client address in every mode, with a bucket per
 * class of route (default, expensive, compatibility); 429 with Retry-After past a limit.
 */
export async function registerSecurity(app: FastifyInstance, limits: RateLimits, options: { satelliteTileUrl?: string; isExempt?: (request: FastifyRequest) => boolean } = {}): Promise<void> {
  const tileOrigin = options.satelliteTileUrl ? new URL(options.satelliteTileUrl.replace(/\{[xyz]\}/g, '0')).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and MapLibre set style attributes; the Swagger UI page uses inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
        connectSrc: ["'self'", ...(tileOrigin ? [tileOrigin] : [])],
        workerSrc: ["'self'", 'blob:'],
        childSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  const maxOf: Record<LimitClass, number> = { compat: limits.compatPerMinute, expensive: limits.expensivePerMinute, default: limits.perMinute };
  await app.register(rateLimit, {
    global: true,
    timeWindow: '1 minute',
    max: (request) => maxOf[limitClassOf(request)],
    keyGenerator: (request) => `${request.ip}|${limitClassOf(request)}`,
    // Calls with an API key are limited by their plan instead (plugins/auth.ts).
    allowList: (request) => options.isExempt?.(request) ?? false,
  });
}
