import { describeCard, isCardExpired, testCardOutcome } from '@propguard/engines';
import type { PaymentConfirmation, PaymentProvider } from './payment-provider.ts';
import { newId } from '../accounts/secrets.ts';

/**
 * The offline test processor: behaves like a card processor in test mode with Stripe's test card
 * numbers (4242 4242 4242 4242 approved, 4000 0000 0000 0002 declined, ...). No money moves and
 * no network is used; its customers and subscriptions live in memory, while PropGuard keeps its
 * own records (subscriptions, invoices) in the database.
 */
export class TestPaymentProcessor implements PaymentProvider {
  readonly name = 'test' as const;
  private readonly customers = new Map<string, { workspaceId: string; card: string | null }>();
  private readonly subscriptions = new Map<string, { customerId: string; status: 'incomplete' | 'active' | 'canceled'; cancelAtPeriodEnd: boolean }>();

  async createCustomer(input: { workspaceId: string }) {
    const customerId = newId('cus_test');
    this.customers.set(customerId, { workspaceId: input.workspaceId, card: null });
    return { customerId };
  }

  async deleteCustomer(customerId: string) {
    this.customers.delete(customerId);
  }

  async createSubscription(input: { customerId: string }) {
    if (!this.customers.has(input.customerId)) throw new Error(`no customer ${input.customerId}`);
    const subscriptionId = newId('sub_test');
    this.subscriptions.set(subscriptionId, { customerId: input.customerId, status: 'incomplete', cancelAtPeriodEnd: false });
    return { subscriptionId };
  }

  async cancelSubscriptionNow(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription) subscription.status = 'canceled';
  }

  async confirmPaymentMethod(input: { customerId: string; subscriptionId: string; card: { card_number: string; exp_month: number; exp_year: number }; amountDueNowCents: number; at: Date }): Promise<PaymentConfirmation> {
    const customer = this.customers.get(input.customerId);
    const subscription = this.subscriptions.get(input.subscriptionId);
    if (!customer || !subscription) return { isOk: false, reason: 'The payment session expired; start the checkout again.' };
    if (isCardExpired(input.card.exp_month, input.card.exp_year, input.at)) return { isOk: false, reason: 'Your card has expired. No charge was made and your plan is unchanged.' };
    const outcome = testCardOutcome(input.card.card_number);
    if (!outcome.isApproved) return { isOk: false, reason: outcome.message };
    customer.card = input.card.card_number;
    subscription.status = 'active';
    // A trial verifies the card with a setup (no charge); otherwise the first period is charged.
    return { isOk: true, paymentMethod: describeCard(input.card.card_number), transactionId: newId(input.amountDueNowCents > 0 ? 'ch_test' : 'seti_test') };
  }

  async chargeRenewal(input: { customerId: string }): Promise<PaymentConfirmation> {
    const card = this.customers.get(input.customerId)?.card;
    // After a restart the in-memory processor forgets the card; a real processor keeps it. The
    // renewal is then charged to the approved test card on file at checkout time (recorded by PropGuard).
    if (card) {
      const outcome = testCardOutcome(card);
      if (!outcome.isApproved) return { isOk: false, reason: outcome.message };
    }
    return { isOk: true, paymentMethod: card ? describeCard(card) : 'Card on file', transactionId: newId('ch_test') };
  }

  async setCancelAtPeriodEnd(subscriptionId: string, isCanceling: boolean) {
    const subscription = this.subscriptions.get(subscriptionId);
    if (subscription) subscription.cancelAtPeriodEnd = isCanceling;
  }
}
