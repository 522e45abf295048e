import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API files that need an app of their own (other settings) or a server process on the suite's
 * database run last, after every file that shares the default app (test-app.ts keeps one app
 * between files), so that the default app is loaded once per run.
 */
const RUN_LAST = ['load-shedding.test.ts', 'portfolios.test.ts', 'accounts.test.ts', 'hazard-layer-upload.test.ts', 'stripe-billing.test.ts', 'blockchain-restart.test.ts', 'restart.test.ts'];

function rank(spec: TestSpecification): number {
  const index = RUN_LAST.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
  return index === -1 ? -1 : index;
}

export class ApiFileOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Array.prototype.sort is stable: files of the same rank keep the base order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
