import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ValuationResult } from '@propguard/schemas';
import { buildSignInPath, safeNextPath } from '../src/app/paths.ts';
import { rememberNextAfterSignUp, takeNextAfterSignUp } from '../src/features/account/next-after-sign-up.ts';
import { isLiveUnavailable, runAnalysis } from '../src/features/address-analysis/run-analysis.ts';
import { ApiError, apiErrorOf, isQuotaExceededError, loadFailureOf, needsSignIn, requestApi, SIGN_IN_NEEDED_MESSAGE } from '../src/lib/api-client.ts';

// Issue 30: what an API failure becomes on screen. A 401 is a sign-in page in user words, never
// the server's API-client hint nor "not found"; a quota refusal is an error, never demo data.

const DEVELOPER_TEXT = 'Sign in, or send an API key as "Authorization: Bearer pg_...".';
const QUOTA_MESSAGE = 'You have used your 5 valuations this month (5 of 5 valuations on the Starter plan); they renew on 1 December 2026. Upgrade to Professional (100 valuations a month, 14-day free trial) on the Pricing tab.';

function stubFetch(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a 401 from the API', () => {
  it('reads as a sign-in in user words, never the developer hint, and asks for the sign-in page', async () => {
    stubFetch(401, { error: { code: 'UNAUTHENTICATED', message: DEVELOPER_TEXT } });
    const error = await requestApi('/portfolios').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(SIGN_IN_NEEDED_MESSAGE);
    expect((error as ApiError).message).not.toMatch(/Bearer|pg_|API key/);
    expect(needsSignIn(error)).toBe(true);
    expect(loadFailureOf(error)).toBe('sign-in');
  });

  it("of the sign-in call itself is the form's answer (wrong password), not a redirect", () => {
    const error = apiErrorOf('/auth/login', 401, { error: { code: 'UNAUTHENTICATED', message: 'Wrong email or password.' } });
    expect(error.message).toBe('Wrong email or password.');
    expect(needsSignIn(error)).toBe(false);
  });
});

describe('a record page (report, property) reads its failure', () => {
  it('401 sign in, 403 no access, 404 not found, anything else failed', () => {
    expect(loadFailureOf(apiErrorOf('/reports/r1', 401, undefined))).toBe('sign-in');
    expect(loadFailureOf(apiErrorOf('/reports/r1', 403, { error: { code: 'FORBIDDEN', message: 'This needs the analyst role' } }))).toBe('no-access');
    expect(loadFailureOf(apiErrorOf('/reports/r1', 404, { error: { code: 'NOT_FOUND', message: 'No report r1' } }))).toBe('not-found');
    expect(loadFailureOf(apiErrorOf('/reports/r1', 500, undefined))).toBe('failed');
    expect(loadFailureOf(new TypeError('Failed to fetch'))).toBe('failed');
  });
});

describe('the monthly quota refusal', () => {
  it("is QUOTA_EXCEEDED with the server's words (not the per-minute RATE_LIMITED)", () => {
    const quota = apiErrorOf('/valuations', 429, { error: { code: 'QUOTA_EXCEEDED', message: QUOTA_MESSAGE } });
    expect(isQuotaExceededError(quota)).toBe(true);
    expect(quota.message).toMatch(/^You have used your 5 valuations this month/);
    expect(isQuotaExceededError(apiErrorOf('/valuations', 429, { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }))).toBe(false);
  });
});

describe('Auto mode falls back to demo data only when live is unavailable', () => {
  const demoValuation = { dataSource: 'demo' } as unknown as ValuationResult;
  const analyzeDemo = vi.fn(async () => ({ valuation: demoValuation, note: 'Sample property' }));

  it('5xx, unreachable and timed out: unavailable; 4xx (quota, sign in, no access, bad input): not', () => {
    expect(isLiveUnavailable(new ApiError('Valuation model not loaded', 500))).toBe(true);
    expect(isLiveUnavailable(new TypeError('Failed to fetch'))).toBe(true);
    expect(isLiveUnavailable(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(isLiveUnavailable(new ApiError(QUOTA_MESSAGE, 429, 'QUOTA_EXCEEDED'))).toBe(false);
    expect(isLiveUnavailable(new ApiError(SIGN_IN_NEEDED_MESSAGE, 401, 'UNAUTHENTICATED'))).toBe(false);
    expect(isLiveUnavailable(new ApiError('address: required', 400, 'VALIDATION_ERROR'))).toBe(false);
  });

  it('a signed-in user past the quota gets the refusal, never the $12,500,000 demo office', async () => {
    stubFetch(429, { error: { code: 'QUOTA_EXCEEDED', message: QUOTA_MESSAGE } });
    await expect(runAnalysis({ text: '123 Collins St, Melbourne VIC 3000' }, 'auto', analyzeDemo)).rejects.toThrow(/^You have used your 5 valuations this month/);
    expect(analyzeDemo).not.toHaveBeenCalled();
  });

  it('a server failure still falls back to the labelled sample with a notice', async () => {
    stubFetch(500, { error: { code: 'INTERNAL_ERROR', message: 'Valuation model not loaded' } });
    const outcome = await runAnalysis({ text: '123 Collins St' }, 'auto', analyzeDemo);
    expect(outcome.fallbackNotice).toBe('Live analysis failed: Valuation model not loaded. Showing demo data.');
  });
});

describe('coming back after signing in', () => {
  it('accepts only a local path of this app as next', () => {
    expect(safeNextPath('/report/r1?tab=2')).toBe('/report/r1?tab=2');
    expect(safeNextPath('//evil.example/x')).toBeNull();
    expect(safeNextPath('/\\evil.example')).toBeNull();
    expect(safeNextPath('https://evil.example')).toBeNull();
    expect(safeNextPath('/sign-in?next=/x')).toBeNull();
    expect(safeNextPath(null)).toBeNull();
    expect(buildSignInPath('/portfolio/p 1')).toBe('/sign-in?next=%2Fportfolio%2Fp%201');
    expect(buildSignInPath('https://evil.example')).toBe('/sign-in');
  });

  it('keeps the page asked for across the mailed sign-up link, once', () => {
    const values = new Map<string, string>();
    const store = { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
    rememberNextAfterSignUp('/portfolio', store);
    expect(takeNextAfterSignUp(store)).toBe('/portfolio');
    expect(takeNextAfterSignUp(store)).toBeNull();
    rememberNextAfterSignUp('//evil.example', store);
    expect(takeNextAfterSignUp(store)).toBeNull();
  });
});
