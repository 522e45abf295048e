/**
 * At most `maxConcurrent` holders at once; the others wait in arrival order, each at most
 * `maxWaitMs`, then are turned away. No I/O: the caller says what a holder is (plugins/load-shedding.ts).
 */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: { admit(): void }[] = [];

  constructor(
    readonly maxConcurrent: number,
    readonly maxWaitMs: number,
  ) {}

  /** Resolves true once admitted (call `leave` when done), false when the wait ran out. */
  enter(): Promise<boolean> {
    if (this.running < this.maxConcurrent) {
      this.running += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = {
        admit: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        resolve(false);
      }, this.maxWaitMs);
      this.waiting.push(waiter);
    });
  }

  /** A holder is done: the longest waiter takes its place. */
  leave(): void {
    const next = this.waiting.shift();
    if (next) next.admit();
    else this.running = Math.max(0, this.running - 1);
  }

  /** Holders and waiters now (for /metrics and tests). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}

/**
 * How long the event loop has been busy since it last reached its timers, and how many calls were
 * read in that time: at most how long a call read now has waited unread, and how crowded that wait
 * was. On the embedded database a call runs to its end in one turn of the loop (its queries resolve
 * at once), so calls queue unread in their sockets, where no counter sees them; this clock does.
 * Ticks every `tickMs` (unref'd: it keeps nothing alive).
 */
export class LoopBusyClock {
  private lastTickAt = performance.now();
  private callsSinceTick = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(tickMs = 10) {
    this.timer = setInterval(() => {
      this.lastTickAt = performance.now();
      this.callsSinceTick = 0;
    }, tickMs);
    this.timer.unref();
  }

  busyMs(now = performance.now()): number {
    return Math.max(0, now - this.lastTickAt);
  }

  /** Counts a call read now; returns how many were read since the loop last reached its timers, this one included. */
  noteCall(): number {
    this.callsSinceTick += 1;
    return this.callsSinceTick;
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
