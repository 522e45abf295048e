import { findSubscription } from '@propguard/db';
import { AppError } from '@propguard/schemas';
import type { AppContext } from '../app-context.ts';
import { recordAudit } from '../accounts/account-service.ts';
import { requireRole, type Principal } from '../accounts/principal.ts';

function requireStripe(context: AppContext) {
  if (!context.accounts.stripe) throw new AppError('VALIDATION_ERROR', 'Stripe is not configured on this server; checkout uses the offline test processor (POST /api/billing/checkout).');
  return context.accounts.stripe;
}

/** Creates (or reuses) the Stripe customer and a Checkout Session for Professional with its trial; returns its URL. */
export async function startStripeCheckout(context: AppContext, principal: Principal): Promise<string> {
  requireRole(principal, 'owner');
  const stripe = requireStripe(context);
  const priceId = context.config.stripePriceProfessional;
  if (!priceId) throw new AppError('VALIDATION_ERROR', 'STRIPE_PRICE_PROFESSIONAL is not set: the server does not know which Stripe price to sell.');
  const plan = await context.accounts.plans.get('professional');
  const existing = await findSubscription(context.database, principal.workspaceId);
  const customerId = existing?.providerCustomerId ?? (await stripe.createCustomer({ workspaceId: principal.workspaceId, workspaceName: principal.workspaceName, email: principal.email })).customerId;
  const session = await stripe.createCheckoutSession({ customerId, workspaceId: principal.workspaceId, priceId, trialDays: principal.planId === 'starter' ? plan.trialDays : 0, baseUrl: context.config.publicBaseUrl });
  await recordAudit(context.database, principal, 'checkout.stripe_session', session.id);
  return session.url;
}

export async function openStripePortal(context: AppContext, principal: Principal): Promise<string> {
  requireRole(principal, 'owner');
  const stripe = requireStripe(context);
  const subscription = await findSubscription(context.database, principal.workspaceId);
  if (!subscription?.providerCustomerId || subscription.provider !== 'stripe') throw new AppError('NOT_FOUND', 'This workspace has no Stripe customer yet; start a checkout first.');
  return stripe.createPortalSession(subscription.providerCustomerId, `${context.config.publicBaseUrl}/settings`);
}
