import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAppError, type CheckoutStreamEvent } from '@propguard/schemas';
import { changePlanRequestSchema, checkoutRequestSchema, checkoutResponseSchema, errorResponseSchema, idParamsSchema, invoiceListResponseSchema, receiptResponseSchema, subscriptionResponseSchema, usageResponseSchema } from '@propguard/schemas';
import { ERROR_RESPONSES } from '../../http/route-schemas.ts';
import type { AppContext } from '../../services/app-context.ts';
import { requirePrincipal, requireRole } from '../../services/accounts/principal.ts';
import { describeUsage } from '../../services/accounts/usage-service.ts';
import { executeCheckout, prepareCheckout, runCheckout } from '../../services/billing/checkout-service.ts';
import { createEventStream, EVENT_STREAM_HEADERS } from '../../http/event-stream.ts';
import { renderReceiptPdf } from '../../services/billing/receipt-pdf.ts';
import { startStripeCheckout, openStripePortal } from '../../services/billing/stripe-checkout-service.ts';
import { changePlan, getReceipt, getSubscription, listWorkspaceInvoices, presentSeller, setCancelAtPeriodEnd } from '../../services/billing/subscription-service.ts';
import { policy } from '../../http/route-policy.ts';

const ERRORS = { ...ERROR_RESPONSES, 401: errorResponseSchema, 402: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema } as const;
const urlResponseSchema = z.object({ success: z.literal(true), url: z.string() });

/** Checkout, the subscription (cancel, resume, downgrade), invoices and receipts, and the usage meter. */
export function billingRoutes(context: AppContext): FastifyPluginAsyncZod {
  const { database, config, accounts } = context;
  return async (app) => {
    app.post('/billing/checkout', {
      config: policy('owner'),
      schema: { tags: ['billing'], summary: 'Buys a plan: customer, subscription with trial, payment method confirmation, activation (offline test processor; 402 when the card is declined, and nothing changes)', body: checkoutRequestSchema, response: { 200: checkoutResponseSchema, ...ERRORS } },
    }, async (request) => runCheckout(database, accounts.plans, accounts.payments, requirePrincipal(request.principal, config.authMode), request.body));

    app.post('/billing/checkout/stream', {
      config: policy('owner'),
      schema: {
        tags: ['billing'],
        summary: 'POST /api/billing/checkout as Server-Sent Events: a "step" event as each step completes, then "result" (the checkout answer) or "error" (a declined card: nothing changed); bad input is a 4xx before the stream starts',
        body: checkoutRequestSchema,
        response: { 200: z.any().describe('text/event-stream: one CheckoutStreamEvent (JSON) per event'), ...ERRORS },
      },
    }, async (request, reply) => {
      const principal = requirePrincipal(request.principal, config.authMode);
      const prepared = await prepareCheckout(database, accounts.plans, accounts.payments, principal, request.body);
      const events = createEventStream();
      const send = (event: CheckoutStreamEvent) => events.send(event.event, event);
      void executeCheckout(database, accounts.payments, principal, prepared, (step, progress) => send({ event: 'step', step, ...progress }))
        .then((checkout) => send({ event: 'result', checkout }))
        .catch((error: unknown) => {
          if (isAppError(error)) send({ event: 'error', error: { code: error.code, message: error.message, ...(error.field === undefined ? {} : { field: error.field }) } });
          else {
            request.log.error({ err: error }, 'streamed checkout failed');
            send({ event: 'error', error: { code: 'INTERNAL_ERROR', message: 'Internal server error; the error was logged.' } });
          }
        })
        .finally(() => events.end());
      return reply.headers(EVENT_STREAM_HEADERS).send(events.stream);
    });

    app.post('/billing/checkout-session', {
      config: policy('owner'),
      schema: { tags: ['billing'], summary: 'Stripe only: a Stripe Checkout Session for the Professional plan with its trial; the browser goes to the returned URL', body: z.object({ plan: z.literal('professional') }), response: { 200: urlResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, url: await startStripeCheckout(context, requirePrincipal(request.principal, config.authMode)) }));

    app.post('/billing/portal', {
      config: policy('owner'),
      schema: { tags: ['billing'], summary: 'Stripe only: the Stripe customer portal (cards, invoices, cancellation)', response: { 200: urlResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, url: await openStripePortal(context, requirePrincipal(request.principal, config.authMode)) }));

    app.get('/billing/subscription', {
      config: policy('viewer'),
      schema: { tags: ['billing'], summary: 'The workspace\'s plan and subscription: status, trial end, next billing date, cancellation and scheduled downgrade', response: { 200: subscriptionResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, subscription: await getSubscription(database, accounts.plans, accounts.payments, requirePrincipal(request.principal, config.authMode)) }));

    app.post('/billing/subscription/cancel', {
      config: policy('owner'),
      schema: { tags: ['billing'], summary: 'Cancels at the end of the current period (the plan stays until then; nothing more is billed)', response: { 200: subscriptionResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, subscription: await setCancelAtPeriodEnd(database, accounts.plans, accounts.payments, requirePrincipal(request.principal, config.authMode), true) }));

    app.post('/billing/subscription/resume', {
      config: policy('owner'),
      schema: { tags: ['billing'], summary: 'Undoes a cancellation or downgrade before the period ends', response: { 200: subscriptionResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, subscription: await setCancelAtPeriodEnd(database, accounts.plans, accounts.payments, requirePrincipal(request.principal, config.authMode), false) }));

    app.post('/billing/subscription/change', {
      config: policy('owner'),
      schema: { tags: ['billing'], summary: 'Downgrades to Starter at the end of the period (upgrades go through checkout)', body: changePlanRequestSchema, response: { 200: subscriptionResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, subscription: await changePlan(database, accounts.plans, accounts.payments, requirePrincipal(request.principal, config.authMode), request.body.plan) }));

    app.get('/billing/invoices', {
      config: policy('viewer'),
      schema: { tags: ['billing'], summary: 'The workspace\'s invoices, newest first', response: { 200: invoiceListResponseSchema, ...ERRORS } },
    }, async (request) => ({ success: true as const, invoices: await listWorkspaceInvoices(database, requirePrincipal(request.principal, config.authMode)), seller: presentSeller(config.seller) }));

    app.get('/billing/invoices/:id', {
      config: policy('viewer'),
      schema: { tags: ['billing'], summary: 'One invoice\'s receipt (another workspace\'s answers 404)', params: idParamsSchema, response: { 200: receiptResponseSchema, ...ERRORS } },
    }, async (request) => getReceipt(database, accounts.plans, requirePrincipal(request.principal, config.authMode), request.params.id, config.seller));

    app.get('/billing/invoices/:id/pdf', {
      config: policy('viewer'),
      schema: { tags: ['billing'], summary: 'The receipt as a PDF', params: idParamsSchema, response: { 200: z.any().describe('application/pdf'), ...ERRORS } },
    }, async (request, reply) => {
      const { success: _success, ...receipt } = await getReceipt(database, accounts.plans, requirePrincipal(request.principal, config.authMode), request.params.id, config.seller);
      const bytes = await renderReceiptPdf(receipt);
      return reply.type('application/pdf').header('Content-Disposition', `inline; filename="propguard-receipt-${receipt.invoice.number}.pdf"`).send(bytes);
    });

    app.get('/billing/usage', {
      config: policy('viewer'),
      schema: { tags: ['billing'], summary: 'Usage meter: this month\'s metered calls by kind, the valuation quota, and the cost so far at the API prices', response: { 200: usageResponseSchema, ...ERRORS } },
    }, async (request) => {
      const principal = requirePrincipal(request.principal, config.authMode);
      requireRole(principal, 'viewer');
      return describeUsage(database, accounts.plans, principal, new Date());
    });
  };
}
