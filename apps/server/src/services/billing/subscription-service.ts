import { addDays, BILLING_CYCLE_DAYS, decidePlanChange } from '@propguard/engines';
import { findInvoice, findSubscription, findWorkspace, insertInvoice, listInvoices, updateSubscription, updateWorkspacePlan, type Database } from '@propguard/db';
import { AppError, isSubscriptionFinished, planIdSchema, type Invoice, type PlanId, type ReceiptResponse, type Seller, type Subscription } from '@propguard/schemas';
import type { AppConfig } from '../../config.ts';
import { recordAudit } from '../accounts/account-service.ts';
import { requireRole, type Principal } from '../accounts/principal.ts';
import { newId } from '../accounts/secrets.ts';
import type { PlanCache } from '../accounts/usage-service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { presentInvoice, presentSubscription } from './subscription-presenter.ts';

/** Where a receipt's questions go; the seller's name and ABN are settings (config.seller). */
export const BILLING_EMAIL = 'billing@propguard.com.au';
export const SALES_EMAIL = 'sales@propguard.com.au';

/**
 * Applies what falls due by `now` to a test-processor subscription: at the end of a period a
 * canceled or downgraded subscription ends (the workspace returns to Starter); otherwise the next
 * period is charged through the provider and invoiced. Stripe subscriptions are moved by its
 * webhooks instead. Runs when the subscription is read (no background clock needed).
 */
export async function settleSubscription(database: Database, plans: PlanCache, provider: PaymentProvider, workspaceId: string, now: Date): Promise<void> {
  for (let guard = 0; guard < 24; guard += 1) {
    const row = await findSubscription(database, workspaceId);
    if (!row || row.provider !== 'test' || provider.name !== 'test') return;
    if (isSubscriptionFinished(row.status) || Date.parse(row.currentPeriodEnd) > now.getTime()) return;
    const at = now.toISOString();
    if (row.cancelAtPeriodEnd || row.scheduledPlanId !== null) {
      await updateSubscription(database, workspaceId, { status: 'canceled', updatedAt: at });
      await updateWorkspacePlan(database, workspaceId, row.scheduledPlanId ?? 'starter');
      return;
    }
    const plan = await plans.get(row.planId);
    const periodStart = new Date(row.currentPeriodEnd);
    const periodEnd = addDays(periodStart, BILLING_CYCLE_DAYS);
    const charge = await provider.chargeRenewal({ customerId: row.providerCustomerId ?? '', subscriptionId: row.providerSubscriptionId ?? '', amountCents: plan.priceCents ?? 0 });
    if (!charge.isOk) {
      await updateSubscription(database, workspaceId, { status: 'past_due', updatedAt: at });
      return;
    }
    await insertInvoice(database, { id: newId('inv'), workspaceId, orderId: null, status: 'paid', description: `${plan.name} plan: monthly subscription`, amountCents: plan.priceCents ?? 0, periodStart: periodStart.toISOString(), periodEnd: periodEnd.toISOString(), createdAt: at, paidAt: at, paymentMethod: charge.paymentMethod, transactionId: charge.transactionId, provider: 'test', providerInvoiceId: null });
    await updateSubscription(database, workspaceId, { status: 'active', currentPeriodStart: periodStart.toISOString(), currentPeriodEnd: periodEnd.toISOString(), updatedAt: at });
  }
}

async function currentPlanOf(database: Database, workspaceId: string): Promise<PlanId> {
  return planIdSchema.parse((await findWorkspace(database, workspaceId))?.planId ?? 'starter');
}

export async function getSubscription(database: Database, plans: PlanCache, provider: PaymentProvider, principal: Principal): Promise<Subscription> {
  await settleSubscription(database, plans, provider, principal.workspaceId, new Date());
  return presentSubscription(await findSubscription(database, principal.workspaceId), await currentPlanOf(database, principal.workspaceId));
}

async function requireLiveSubscription(database: Database, principal: Principal) {
  const row = await findSubscription(database, principal.workspaceId);
  if (!row || isSubscriptionFinished(row.status)) throw new AppError('NOT_FOUND', 'This workspace has no paid subscription (it is on the free Starter plan).');
  return row;
}

/** Cancel at period end (or undo it): the plan stays until the period's end, and nothing more is billed. */
export async function setCancelAtPeriodEnd(database: Database, plans: PlanCache, provider: PaymentProvider, principal: Principal, isCanceling: boolean): Promise<Subscription> {
  requireRole(principal, 'owner');
  const row = await requireLiveSubscription(database, principal);
  if (row.providerSubscriptionId) await provider.setCancelAtPeriodEnd(row.providerSubscriptionId, isCanceling);
  await updateSubscription(database, principal.workspaceId, { cancelAtPeriodEnd: isCanceling, scheduledPlanId: null, updatedAt: new Date().toISOString() });
  await recordAudit(database, principal, isCanceling ? 'subscription.cancel_at_period_end' : 'subscription.resume', row.planId);
  return getSubscription(database, plans, provider, principal);
}

/** Downgrade to Starter at the end of the paid period (upgrades go through checkout). */
export async function changePlan(database: Database, plans: PlanCache, provider: PaymentProvider, principal: Principal, target: PlanId): Promise<Subscription> {
  requireRole(principal, 'owner');
  const row = await findSubscription(database, principal.workspaceId);
  const status = row?.status ?? 'none';
  const targetPlan = await plans.get(target);
  const decision = decidePlanChange({ current: principal.planId, status, target, targetHasPrice: targetPlan.priceCents !== null });
  if (decision.kind === 'checkout') throw new AppError('VALIDATION_ERROR', `plan: moving up to ${targetPlan.name} goes through checkout (POST /api/billing/checkout).`, { field: 'body.plan' });
  if (decision.kind === 'contact_sales') throw new AppError('VALIDATION_ERROR', `plan: ${targetPlan.name} is arranged with sales (${SALES_EMAIL}).`, { field: 'body.plan' });
  if (decision.kind === 'already_subscribed' || decision.kind === 'nothing_to_do') throw new AppError('CONFLICT', `plan: the workspace is already on ${targetPlan.name}.`, { field: 'body.plan' });
  if (row?.providerSubscriptionId) await provider.setCancelAtPeriodEnd(row.providerSubscriptionId, true);
  await updateSubscription(database, principal.workspaceId, { scheduledPlanId: target, updatedAt: new Date().toISOString() });
  await recordAudit(database, principal, 'subscription.downgrade', `to ${targetPlan.name} at period end`);
  return getSubscription(database, plans, provider, principal);
}

export async function listWorkspaceInvoices(database: Database, principal: Principal): Promise<Invoice[]> {
  return (await listInvoices(database, principal.workspaceId)).map(presentInvoice);
}

/** The seller on receipts and invoices: the settings' name and ABN, and the billing address. */
export function presentSeller(seller: AppConfig['seller']): Seller {
  return { name: seller.name, email: BILLING_EMAIL, abn: seller.abn };
}

/** One invoice of this workspace (another workspace's answers 404), with the seller (PROPGUARD_SELLER_NAME, PROPGUARD_SELLER_ABN). */
export async function getReceipt(database: Database, plans: PlanCache, principal: Principal, invoiceId: string, seller: AppConfig['seller']): Promise<ReceiptResponse> {
  const row = await findInvoice(database, principal.workspaceId, invoiceId);
  if (!row) throw new AppError('NOT_FOUND', `No invoice ${invoiceId} in this workspace.`);
  const workspace = await findWorkspace(database, principal.workspaceId);
  const planName = row.description.split(' plan')[0] ?? '';
  const plan = planIdSchema.safeParse(planName.toLowerCase());
  return { success: true, invoice: presentInvoice(row), workspace_name: workspace?.name ?? '', plan_name: plan.success ? (await plans.get(plan.data)).name : planName, seller: presentSeller(seller) };
}
