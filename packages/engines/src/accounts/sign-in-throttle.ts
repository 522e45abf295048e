/**
 * Throttling of failed sign-ins (issue 29), per account and per client address: a few failures are
 * free, then each further attempt waits a delay that doubles with every failure, and past a limit the
 * key is locked for a window. The numbers follow the OWASP Authentication Cheat Sheet ("Account
 * Lockout": a threshold of failed attempts, an observation window and a lock-out duration, with
 * exponentially growing delays before it) and NIST SP 800-63B section 5.2.2 (rate limiting: at most
 * 100 consecutive failed attempts on one account).
 *
 * Pure: the state and the time are passed in; the database keeps the state between calls.
 */

export interface ThrottlePolicy {
  /** Failures allowed without any wait. */
  freeFailures: number;
  /** The wait after the first failure beyond the free ones; each further failure doubles it. */
  baseDelaySeconds: number;
  /** The longest wait between two attempts before the lock-out. */
  maxDelaySeconds: number;
  /** Failures (counted within `forgetAfterSeconds` of each other) that lock the key. */
  lockAfterFailures: number;
  /** How long a lock-out lasts. */
  lockSeconds: number;
  /** A key whose last failure is older than this starts again from zero. */
  forgetAfterSeconds: number;
}

/** One account (the email as typed, whether or not it has an account, so that the answer never tells). */
export const ACCOUNT_THROTTLE: ThrottlePolicy = { freeFailures: 4, baseDelaySeconds: 2, maxDelaySeconds: 60, lockAfterFailures: 10, lockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 };

/**
 * One client address, over every account it tries: looser, since an office shares one address, and
 * a password sprayed over many accounts fails once per account.
 */
export const ADDRESS_THROTTLE: ThrottlePolicy = { freeFailures: 20, baseDelaySeconds: 1, maxDelaySeconds: 60, lockAfterFailures: 100, lockSeconds: 15 * 60, forgetAfterSeconds: 60 * 60 };

export interface ThrottleState {
  failures: number;
  lastFailureAt: Date;
  lockedUntil: Date | null;
}

export type ThrottleDecision = { isAllowed: true } | { isAllowed: false; reason: 'locked' | 'delay'; retryAfterSeconds: number };

function isForgotten(state: ThrottleState, now: Date, policy: ThrottlePolicy): boolean {
  const isLocked = state.lockedUntil !== null && state.lockedUntil > now;
  return !isLocked && now.getTime() - state.lastFailureAt.getTime() >= policy.forgetAfterSeconds * 1000;
}

/**
 * The wait required after `failures` failures: 0 up to the free ones, then base, 2 x base, 4 x base...
 * up to the maximum. Example (ACCOUNT_THROTTLE): the 5th failure asks for 2 s, the 6th 4 s, the 9th 32 s.
 */
export function delayAfterFailures(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(policy.maxDelaySeconds, policy.baseDelaySeconds * 2 ** (failures - policy.freeFailures - 1));
}

/** May an attempt be made now? `state` null: no failure on record. */
export function decideSignInAttempt(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): ThrottleDecision {
  if (!state || isForgotten(state, now, policy)) return { isAllowed: true };
  if (state.lockedUntil && state.lockedUntil > now) {
    return { isAllowed: false, reason: 'locked', retryAfterSeconds: Math.ceil((state.lockedUntil.getTime() - now.getTime()) / 1000) };
  }
  const waitMs = delayAfterFailures(state.failures, policy) * 1000 - (now.getTime() - state.lastFailureAt.getTime());
  return waitMs > 0 ? { isAllowed: false, reason: 'delay', retryAfterSeconds: Math.ceil(waitMs / 1000) } : { isAllowed: true };
}

/**
 * The state after one more failure at `now`, and whether that failure locked the key. A failure
 * after a lock-out has ended locks it again at once (the count is kept until it is forgotten).
 */
export function recordSignInFailure(state: ThrottleState | null, now: Date, policy: ThrottlePolicy): { state: ThrottleState; isNewLock: boolean } {
  const failures = (!state || isForgotten(state, now, policy) ? 0 : state.failures) + 1;
  const isNewLock = failures >= policy.lockAfterFailures;
  const lockedUntil = isNewLock ? new Date(now.getTime() + policy.lockSeconds * 1000) : (state?.lockedUntil ?? null);
  return { state: { failures, lastFailureAt: now, lockedUntil }, isNewLock };
}
