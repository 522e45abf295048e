import type { TestProject } from 'vitest/node';
import { openDatabase } from '@propguard/db';
import useTemplateDatabases from '../../../scripts/test/pglite-template-setup.ts';
import { prepareTestDatabase } from './prepare-test-database.ts';
import { getTestDbKind, TEST_DATABASE_URL, TEST_HOME } from './test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set when the PostgreSQL run is skipped (no server and not on CI). */
    apiSkipReason: string | null;
  }
}

/**
 * Prepares the real database once for the whole API suite: migrations and the full ingest of
 * the bundled data (a no-op when already loaded). On PostgreSQL without a server the suite is
 * skipped with a printed reason, except under CI=true where that fails the run.
 */
export default async function setup(project: TestProject): Promise<void> {
  const kind = getTestDbKind();
  const reason = await prepareTestDatabase(kind, TEST_HOME, (line) => console.log(line));
  if (reason) {
    if (process.env.CI === 'true') throw new Error(`${reason} (CI=true: the PostgreSQL run must not be skipped)`);
    console.warn(`\nSkipping the API suite on PostgreSQL: ${reason}\n`);
    project.provide('apiSkipReason', reason);
    return;
  }
  project.provide('apiSkipReason', null);
  // The servers the restart and chain tests start on homes of their own make their databases from the template.
  await useTemplateDatabases();
  // Each run starts with the loaded data and nothing a run wrote: no workspace, account, report,
  // portfolio, loan assessment or certificate of an earlier run (a local re-run keeps its database,
  // and the PostgreSQL test database is shared by every checkout and run on this machine). The
  // embedded chain's state lives in the database and its minter key in PROPGUARD_HOME (TEST_HOME,
  // one per checkout): a chain left by another checkout was created for another key, so each run
  // starts the chain afresh, for the key of this checkout.
  const database = await openDatabase({ databaseUrl: kind === 'postgres' ? TEST_DATABASE_URL : undefined, homeDir: TEST_HOME });
  try {
    await database.execute(`TRUNCATE ${RUN_TABLES.join(', ')} CASCADE`);
  } finally {
    await database.close();
  }
  console.log(`[api setup ${kind}] what earlier runs wrote is cleared; the certificate chain starts afresh for this checkout's minter key`);
}

/** The tables a run writes (every table but the loaded data, the plans and their prices). */
const RUN_TABLES = [
  'chain_blocks', 'chain_transactions', 'chain_logs', 'chain_state_nodes', 'chain_settings', 'ipfs_objects', 'certificates',
  'portfolios', 'portfolio_loans', 'portfolio_chunks', 'portfolio_workers', 'reports', 'lending_assessments', 'valuation_audit',
  'compliance_incidents', 'service_tolerances', 'health_checks', 'hazard_layers', 'hazard_layer_features',
  'workspaces', 'workspace_members', 'users', 'sessions', 'account_tokens', 'api_keys', 'api_usage', 'account_audit', 'invitations',
  'subscriptions', 'invoices', 'checkouts', 'billing_events', 'test_processor_customers', 'test_processor_subscriptions',
  'public_allowance', 'sign_in_throttle',
];
