/**
 * Accounts, workspaces, API keys, plans, subscriptions and invoices (issue 14). Secrets are
 * never stored: passwords as scrypt hashes, session tokens, API keys and invitation tokens as
 * SHA-256 digests. Money in whole cents (AUD).
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHECKOUT_PHASES, SUBSCRIPTION_STATES, type CheckoutPhase, type SubscriptionState } from '@propguard/schemas';
import { isOneOf } from '../sql-word-list.ts';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** One per organisation; everything a lender creates belongs to one. */
export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The single workspace of AUTH_MODE=local (the browser on loopback acts as its owner). */
  isLocal: boolean('is_local').notNull().default(false),
  planId: text('plan_id').notNull().default('starter'),
  /** A workspace gets the free trial once. */
  hasHadTrial: boolean('has_had_trial').notNull().default(false),
  createdAt: at('created_at').notNull(),
});

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (base64): never the password. */
  passwordHash: text('password_hash').notNull(),
  createdAt: at('created_at').notNull(),
  lastLoginAt: at('last_login_at'),
});

export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.workspaceId, table.userId] }), index('workspace_members_user_idx').on(table.userId)],
);

export const invitations = pgTable('invitations', {
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: text('created_by'),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  acceptedAt: at('accepted_at'),
});

/** Sign-in sessions; the id is the SHA-256 of the cookie's token. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One-time tokens sent by mail (issue 29): a sign-up's confirmation (the account is created only when
 * its link is followed, so sign-up answers the same whether or not the email has an account) and a
 * password reset. Only the token's SHA-256 is stored; a sign-up keeps the password's scrypt hash and
 * the workspace name until it is confirmed.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    /** Sign-up: the scrypt hash of the chosen password; reset: null. */
    passwordHash: text('password_hash'),
    workspaceName: text('workspace_name'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (table) => [index('account_tokens_email_idx').on(table.email), check('account_tokens_purpose_check', sql`${table.purpose} IN ('signup', 'password_reset')`)],
);

/**
 * Failed sign-ins per account (the email as typed, known or not) and per client address (issue 29):
 * the state of packages/engines/src/accounts/sign-in-throttle.ts, kept in the database so that every
 * server process and a restart see the same counts.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    /** "account:<email>" or "address:<ip>". */
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailureAt: at('last_failure_at').notNull(),
    lockedUntil: at('locked_until'),
  },
  (table) => [check('sign_in_throttle_failures_check', sql`${table.failures} >= 0`)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the secret, shown in lists. */
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdBy: text('created_by'),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (table) => [index('api_keys_workspace_idx').on(table.workspaceId)],
);

/**
 * Property analyses served to signed-out visitors in AUTH_MODE=required, per client address and
 * Australian day (issue 30): the state of PUBLIC_ANALYSES_PER_DAY, in the database so that a restart
 * or a second server process does not hand out a fresh allowance. The address is kept as a hash.
 */
export const publicAllowance = pgTable(
  'public_allowance',
  {
    /** sha256 of the client address. */
    clientKey: text('client_key').notNull(),
    /** The day in Australia/Sydney, YYYY-MM-DD. */
    day: text('day').notNull(),
    used: integer('used').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientKey, table.day] }), check('public_allowance_used_check', sql`${table.used} >= 0`)],
);

/** One row per metered call (API key or signed-in session), for quotas and the usage meter; a portfolio is one row of `quantity` loans. */
export const apiUsage = pgTable(
  'api_usage',
  {
    id: serial('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    apiKeyId: text('api_key_id'),
    kind: text('kind').notNull(),
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    occurredAt: at('occurred_at').notNull(),
    /** How many of `kind` the call counts for: 1, or a portfolio's loans (bulk valuations, issue 30). */
    quantity: integer('quantity').notNull().default(1),
  },
  (table) => [index('api_usage_workspace_occurred_idx').on(table.workspaceId, table.occurredAt), check('api_usage_quantity_check', sql`${table.quantity} >= 0`)],
);

/** Who did what: sign-ups, sign-ins, keys, invitations, plan changes, workspace-owned writes. */
export const accountAudit = pgTable(
  'account_audit',
  {
    id: serial('id').primaryKey(),
    at: at('at').notNull(),
    workspaceId: text('workspace_id'),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
  },
  (table) => [index('account_audit_workspace_at_idx').on(table.workspaceId, table.at)],
);

/** The plans of the Pricing tab, as data (seeded by the migration). */
export const plans = pgTable('plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  priceCents: integer('price_cents'),
  billingPeriod: text('billing_period'),
  trialDays: integer('trial_days').notNull(),
  monthlyValuationQuota: integer('monthly_valuation_quota'),
  apiAccess: boolean('api_access').notNull(),
  apiRequestsPerMinute: integer('api_requests_per_minute').notNull(),
  features: jsonb('features').$type<string[]>().notNull(),
  comparison: jsonb('comparison').$type<Record<string, string>>().notNull(),
  isHighlighted: boolean('is_highlighted').notNull(),
  action: text('action').notNull(),
  actionLabel: text('action_label').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

/** The API price list (SPEC.md section 9), as data. */
export const apiPrices = pgTable('api_prices', {
  kind: text('kind').primaryKey(),
  label: text('label').notNull(),
  unit: text('unit').notNull(),
  priceCents: integer('price_cents').notNull(),
  fromMonthlyRequests: integer('from_monthly_requests'),
  sortOrder: integer('sort_order').notNull(),
});

/** A workspace's paid subscription (at most one). No row: the free Starter plan. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    workspaceId: text('workspace_id').primaryKey().references(() => workspaces.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** SUBSCRIPTION_STATES: trialing, active, past_due, canceled */
    status: text('status').$type<SubscriptionState>().notNull(),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').unique(),
    paymentMethod: text('payment_method'),
    trialEnd: at('trial_end'),
    currentPeriodStart: at('current_period_start').notNull(),
    currentPeriodEnd: at('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    scheduledPlanId: text('scheduled_plan_id'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /**
     * `created` of the last provider event applied to this row (issue 30): an event created before it
     * is older news and never overwrites the row. Null: no event applied yet (a test-processor subscription).
     */
    lastEventAt: at('last_event_at'),
  },
  (table) => [check('subscriptions_status_check', isOneOf(table.status, SUBSCRIPTION_STATES))],
);

/** Every checkout attempt with the steps it ran (succeeded or failed and rolled back). */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    /** CHECKOUT_PHASES: succeeded or failed (running is never stored) */
    phase: text('phase').$type<CheckoutPhase>().notNull(),
    steps: jsonb('steps').notNull(),
    failure: text('failure'),
    provider: text('provider').notNull(),
    transactionId: text('transaction_id'),
    invoiceId: text('invoice_id'),
    amountCents: integer('amount_cents').notNull(),
    paymentMethod: text('payment_method'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [index('checkouts_workspace_idx').on(table.workspaceId), check('checkouts_phase_check', isOneOf(table.phase, CHECKOUT_PHASES))],
);

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    number: serial('number'),
    workspaceId: text('workspace_id').notNull().references(() => workspaces.id, { onDelete: 'cascade' }),
    orderId: text('order_id'),
    status: text('status').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    paymentMethod: text('payment_method'),
    transactionId: text('transaction_id'),
    provider: text('provider').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
  },
  (table) => [index('invoices_workspace_idx').on(table.workspaceId), uniqueIndex('invoices_provider_invoice_idx').on(table.providerInvoiceId)],
);

/**
 * Payment provider events already handled (webhook idempotency): the primary key on the event's
 * id makes a second delivery, even a concurrent one, a no-op; the row is written in the same
 * transaction as the event's changes. `outcome` says what the event did, for reconciliation.
 */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
  /** The event's own `created` time (null for rows recorded before issue 30). */
  eventCreatedAt: at('event_created_at'),
  outcome: text('outcome'),
});

/**
 * The offline test processor's own records (services/billing/test-processor.ts), kept like a real
 * processor keeps them so that a restart does not forget a customer's card or a subscription. Only
 * the card's description is kept ("Visa ending 4242"), never its number.
 */
export const testProcessorCustomers = pgTable('test_processor_customers', {
  id: text('id').primaryKey(),
  workspaceId: text('workspace_id').notNull(),
  /** The confirmed card, described; null until a card is confirmed. */
  paymentMethod: text('payment_method'),
  createdAt: at('created_at').notNull(),
});

export const testProcessorSubscriptions = pgTable('test_processor_subscriptions', {
  id: text('id').primaryKey(),
  customerId: text('customer_id').notNull().references(() => testProcessorCustomers.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  createdAt: at('created_at').notNull(),
});
