import { setTimeout as sleep } from 'node:timers/promises';

/** How often whenQuiet looks again. */
const POLL_MS = 100;

/**
 * The requests the server is serving and when it last served one (issue 32): work that can wait,
 * such as the indexes a first start leaves to after ready (each one long call on PGlite's thread,
 * which is the server's), waits for a quiet moment, so that the first page's files and its first
 * analysis go first. The hooks are registered in app.ts.
 */
export class RequestActivity {
  private inFlight = 0;
  private lastAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly now: () => number = () => performance.now()) {}

  begin(): void {
    this.inFlight += 1;
    this.lastAt = this.now();
  }

  end(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.lastAt = this.now();
  }

  isQuiet(quietMs: number): boolean {
    return this.inFlight === 0 && this.now() - this.lastAt >= quietMs;
  }

  /** Resolves once no request has been served for `quietMs`, or after `maxWaitMs` whatever the traffic (a busy server still does its work). */
  async whenQuiet(quietMs: number, maxWaitMs: number): Promise<void> {
    const until = this.now() + maxWaitMs;
    while (!this.isQuiet(quietMs) && this.now() < until) await sleep(POLL_MS, undefined, { ref: false });
  }
}
