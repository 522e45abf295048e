import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@propguard/schemas';
import { createTestApp, getApiSkipReason, type TestApp } from './test-app.ts';

const ADDRESS = '85 Turner St, Abbotsford VIC 3067';
const FLOOD = 150;

/**
 * Issue 35, item 4: past capacity the server degrades instead of collapsing. Two computing calls at
 * once and 100 ms of waiting (OVERLOAD_MAX_CONCURRENT, OVERLOAD_MAX_WAIT_MS) make 150 valuations at
 * once far past capacity: some are answered, the rest refused with 503 and Retry-After before
 * anything is stored for them, health is answered all along, and afterwards a valuation is
 * answered again.
 */
describe.skipIf(getApiSkipReason() !== null)('overload: 503 with Retry-After, health kept, then recovery', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ OVERLOAD_MAX_CONCURRENT: '2', OVERLOAD_MAX_WAIT_MS: '100', OVERLOAD_RETRY_AFTER_SECONDS: '3' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  const auditRows = async () => (await testApp.context.database.query<{ n: number }>('SELECT count(*)::int AS n FROM valuation_audit'))[0]!.n;
  const value = () => testApp.app.inject({ method: 'POST', url: '/api/valuations', payload: { address: ADDRESS } });
  // Lets the event loop reach its timers, so the overload clock sees it idle again.
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('answers what it can, refuses the rest with 503 and Retry-After, serves health throughout, stores nothing for a refusal, and recovers', async () => {
    await settle();
    const warm = await value();
    expect(warm.statusCode, warm.body).toBe(200);
    const before = await auditRows();

    await settle();
    const flood = Array.from({ length: FLOOD }, value);
    const health = await Promise.all(Array.from({ length: 5 }, () => testApp.app.inject({ method: 'GET', url: '/api/propguard/health' })));
    const answers = await Promise.all(flood);

    for (const check of health) expect(check.statusCode, check.body).toBe(200);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 200 || status === 503), statuses.join(',')).toBe(true);
    const answered = statuses.filter((status) => status === 200).length;
    expect(answered).toBeGreaterThanOrEqual(2);
    expect(answered).toBeLessThan(FLOOD);
    const refused = answers.find((answer) => answer.statusCode === 503)!;
    expect(refused.headers['retry-after']).toBe('3');
    const { error } = errorResponseSchema.parse(refused.json());
    expect(error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: 'The server is over capacity; nothing was done. Try again in 3 s.' });
    expect(await auditRows()).toBe(before + answered);

    await settle();
    const after = await value();
    expect(after.statusCode, after.body).toBe(200);
  });

  it('answers a call read after one slow turn of the loop: a single slow call (a cold cache) is no crowd', async () => {
    await settle();
    // The loop is held past OVERLOAD_MAX_WAIT_MS (100 ms) by one piece of work, as a cold cache holds it.
    const until = performance.now() + 300;
    while (performance.now() < until) { /* one slow turn */ }
    const answer = await value();
    expect(answer.statusCode, answer.body).toBe(200);
  });
});
