import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { handleStripeEvent, verifyStripeEvent } from '../../services/billing/webhook-service.ts';
import { policy } from '../../http/route-policy.ts';

/**
 * POST /api/billing/webhooks/stripe: the body is kept raw (in this route's scope only) because
 * the signature covers the exact bytes Stripe sent.
 */
export function stripeWebhookRoute(context: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    app.post('/billing/webhooks/stripe', {
      config: policy('open'),
      schema: {
        tags: ['billing'],
        summary: 'Stripe webhook: verifies Stripe-Signature with STRIPE_WEBHOOK_SECRET (400 when it does not match) and applies subscription and invoice events once',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean(), outcome: z.string() }), ...ERROR_RESPONSES, 400: errorResponseSchema },
      },
    }, async (request) => {
      const stripe = context.accounts.stripe;
      const secret = context.config.stripeWebhookSecret;
      if (!stripe || !secret) throw new AppError('NOT_FOUND', 'No Stripe webhook on this server: Stripe is not configured (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET).');
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers['stripe-signature'];
      const event = verifyStripeEvent(stripe.client, raw, Array.isArray(signature) ? signature[0] : signature, secret);
      return { received: true as const, ...(await handleStripeEvent(context.database, event)) };
    });
  };
}
