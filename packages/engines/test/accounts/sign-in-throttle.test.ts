import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_THROTTLE, ADDRESS_THROTTLE, decideSignInAttempt, delayAfterFailures, recordSignInFailure, type ThrottleState } from '../../src/index.ts';

const T0 = new Date('2026-11-28T00:00:00Z');
const after = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** Fails `count` times, each as soon as the throttle allows; returns the state and when each failure happened. */
function failAsSoonAsAllowed(count: number): { state: ThrottleState | null; times: number[]; locks: number[] } {
  let state: ThrottleState | null = null;
  let clock = 0;
  const times: number[] = [];
  const locks: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const decision = decideSignInAttempt(state, after(clock), ACCOUNT_THROTTLE);
    if (!decision.isAllowed) clock += decision.retryAfterSeconds;
    expect(decideSignInAttempt(state, after(clock), ACCOUNT_THROTTLE).isAllowed).toBe(true);
    const next = recordSignInFailure(state, after(clock), ACCOUNT_THROTTLE);
    state = next.state;
    times.push(clock);
    if (next.isNewLock) locks.push(index + 1);
  }
  return { state, times, locks };
}

describe('sign-in throttle', () => {
  it('lets 4 failures through at once, then doubles the wait: 2, 4, 8, 16, 32 s', () => {
    // ACCOUNT_THROTTLE: freeFailures 4, base 2 s: the 5th failure asks 2 s before the 6th attempt.
    expect([4, 5, 6, 7, 8, 9].map((failures) => delayAfterFailures(failures, ACCOUNT_THROTTLE))).toEqual([0, 2, 4, 8, 16, 32]);
    const { times } = failAsSoonAsAllowed(9);
    // Failures 1-5 at t=0; the 6th waits 2 s after the 5th, the 7th 4 s after the 6th...
    expect(times).toEqual([0, 0, 0, 0, 0, 2, 6, 14, 30]);
  });

  it('locks the account for 15 minutes at the 10th failure, refuses every attempt until then, and locks again on the next failure', () => {
    const { state, times, locks } = failAsSoonAsAllowed(10);
    expect(locks).toEqual([10]);
    const lockedAt = times[9]!;
    const during = decideSignInAttempt(state, after(lockedAt + 60), ACCOUNT_THROTTLE);
    expect(during).toEqual({ isAllowed: false, reason: 'locked', retryAfterSeconds: 15 * 60 - 60 });
    expect(decideSignInAttempt(state, after(lockedAt + 15 * 60), ACCOUNT_THROTTLE).isAllowed).toBe(true);
    const again = recordSignInFailure(state, after(lockedAt + 15 * 60), ACCOUNT_THROTTLE);
    expect(again.isNewLock).toBe(true);
    expect(again.state.failures).toBe(11);
  });

  it('forgets the failures an hour after the last one (when not locked)', () => {
    const { state } = failAsSoonAsAllowed(6);
    expect(decideSignInAttempt(state, after(60 * 60 + 2), ACCOUNT_THROTTLE).isAllowed).toBe(true);
    expect(recordSignInFailure(state, after(60 * 60 + 2), ACCOUNT_THROTTLE).state.failures).toBe(1);
  });

  it('is looser per address: 20 failures free, locked at 100', () => {
    expect(delayAfterFailures(20, ADDRESS_THROTTLE)).toBe(0);
    expect(delayAfterFailures(21, ADDRESS_THROTTLE)).toBe(1);
    let state: ThrottleState = { failures: 99, lastFailureAt: T0, lockedUntil: null };
    const next = recordSignInFailure(state, after(120), ADDRESS_THROTTLE);
    expect(next.isNewLock).toBe(true);
    state = next.state;
    expect(decideSignInAttempt(state, after(121), ADDRESS_THROTTLE)).toMatchObject({ isAllowed: false, reason: 'locked' });
  });

  it('never shortens the wait as failures grow, and never waits longer than the maximum before the lock', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 200 }), (failures) => {
      const delay = delayAfterFailures(failures, ACCOUNT_THROTTLE);
      expect(delay).toBeLessThanOrEqual(ACCOUNT_THROTTLE.maxDelaySeconds);
      expect(delayAfterFailures(failures + 1, ACCOUNT_THROTTLE)).toBeGreaterThanOrEqual(delay);
    }));
  });
});
