import type { Database } from '@propguard/db';
import type { AppConfig } from '../../config.ts';
import { createStripeClient, StripePaymentProvider } from '../billing/stripe-provider.ts';
import { TestPaymentProcessor } from '../billing/test-processor.ts';
import type { PaymentProvider } from '../billing/payment-provider.ts';
import { ensureLocalWorkspace } from './account-service.ts';
import { ConsoleMailTransport, type MailTransport } from './mail.ts';
import { ApiRateWindows, PlanCache } from './usage-service.ts';

/** What the account and billing code keeps for the life of the process. */
export interface AccountsRuntime {
  /** The workspace an anonymous browser owns in AUTH_MODE=local. */
  localWorkspaceId: string;
  plans: PlanCache;
  rateWindows: ApiRateWindows;
  /** The test processor by default; Stripe when STRIPE_SECRET_KEY is set. */
  payments: PaymentProvider;
  /** Set when Stripe is configured (Checkout Sessions, portal, webhooks). */
  stripe: StripePaymentProvider | null;
  /** Account mail (sign-up confirmations, password resets): the console (and MAIL_OUTBOX_DIR) in this build. */
  mail: MailTransport;
}

export async function createAccountsRuntime(config: AppConfig, database: Database): Promise<AccountsRuntime> {
  const local = await ensureLocalWorkspace(database);
  const stripe = config.stripeSecretKey ? new StripePaymentProvider(await createStripeClient({ secretKey: config.stripeSecretKey })) : null;
  return { localWorkspaceId: local.id, plans: new PlanCache(database), rateWindows: new ApiRateWindows(), payments: stripe ?? new TestPaymentProcessor(database), stripe, mail: new ConsoleMailTransport({ outboxDir: config.mailOutboxDir }) };
}
