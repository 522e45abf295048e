import { describeCard, isCardExpired, testCardOutcome } from '@propguard/engines';
import {
  deleteTestProcessorCustomer,
  findTestProcessorCustomer,
  findTestProcessorSubscription,
  insertTestProcessorCustomer,
  insertTestProcessorSubscription,
  setTestProcessorPaymentMethod,
  updateTestProcessorSubscription,
  type Database,
} from '@propguard/db';
import type { PaymentConfirmation, PaymentProvider } from './payment-provider.ts';
import { newId } from '../accounts/secrets.ts';

/**
 * The offline test processor: behaves like a card processor in test mode with Stripe's test card
 * numbers (4242 4242 4242 4242 approved, 4000 0000 0000 0002 declined, ...). No money moves and
 * no network is used. Like a real processor it keeps its customers (with the confirmed card's
 * description, never its number) and subscriptions, in its own tables of our database, so a
 * restart forgets nothing; PropGuard keeps its own records (subscriptions, invoices) beside them.
 */
export class TestPaymentProcessor implements PaymentProvider {
  readonly name = 'test' as const;

  constructor(private readonly database: Database) {}

  async createCustomer(input: { workspaceId: string }) {
    const customerId = newId('cus_test');
    await insertTestProcessorCustomer(this.database, { id: customerId, workspaceId: input.workspaceId, paymentMethod: null, createdAt: new Date().toISOString() });
    return { customerId };
  }

  async deleteCustomer(customerId: string) {
    await deleteTestProcessorCustomer(this.database, customerId);
  }

  async createSubscription(input: { customerId: string }) {
    if (!(await findTestProcessorCustomer(this.database, input.customerId))) throw new Error(`no customer ${input.customerId}`);
    const subscriptionId = newId('sub_test');
    await insertTestProcessorSubscription(this.database, { id: subscriptionId, customerId: input.customerId, status: 'incomplete', cancelAtPeriodEnd: false, createdAt: new Date().toISOString() });
    return { subscriptionId };
  }

  async cancelSubscriptionNow(subscriptionId: string) {
    await updateTestProcessorSubscription(this.database, subscriptionId, { status: 'canceled' });
  }

  async confirmPaymentMethod(input: { customerId: string; subscriptionId: string; card: { card_number: string; exp_month: number; exp_year: number }; amountDueNowCents: number; at: Date }): Promise<PaymentConfirmation> {
    const [customer, subscription] = await Promise.all([findTestProcessorCustomer(this.database, input.customerId), findTestProcessorSubscription(this.database, input.subscriptionId)]);
    if (!customer || !subscription || subscription.customerId !== customer.id) return { isOk: false, reason: 'The payment session expired; start the checkout again.' };
    if (isCardExpired(input.card.exp_month, input.card.exp_year, input.at)) return { isOk: false, reason: 'Your card has expired. No charge was made and your plan is unchanged.' };
    const outcome = testCardOutcome(input.card.card_number);
    if (!outcome.isApproved) return { isOk: false, reason: outcome.message };
    const paymentMethod = describeCard(input.card.card_number);
    await setTestProcessorPaymentMethod(this.database, customer.id, paymentMethod);
    await updateTestProcessorSubscription(this.database, subscription.id, { status: 'active' });
    // A trial verifies the card with a setup (no charge); otherwise the first period is charged.
    return { isOk: true, paymentMethod, transactionId: newId(input.amountDueNowCents > 0 ? 'ch_test' : 'seti_test') };
  }

  /** Charges a renewal to the card the customer confirmed at checkout (approved test cards stay approved). */
  async chargeRenewal(input: { customerId: string; subscriptionId: string }): Promise<PaymentConfirmation> {
    const [customer, subscription] = await Promise.all([findTestProcessorCustomer(this.database, input.customerId), findTestProcessorSubscription(this.database, input.subscriptionId)]);
    if (!customer) return { isOk: false, reason: `The test processor has no customer ${input.customerId || '(none)'}: start a new checkout.` };
    if (!customer.paymentMethod) return { isOk: false, reason: 'No card on file: start a new checkout.' };
    if (subscription?.status === 'canceled') return { isOk: false, reason: `Subscription ${input.subscriptionId} was canceled with the processor.` };
    return { isOk: true, paymentMethod: customer.paymentMethod, transactionId: newId('ch_test') };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, isCanceling: boolean) {
    await updateTestProcessorSubscription(this.database, subscriptionId, { cancelAtPeriodEnd: isCanceling });
  }
}
