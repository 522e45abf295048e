import { describe, expect, it } from 'vitest';
import { RequestActivity } from '../src/services/request-activity.ts';

describe('the requests being served (the work left to after ready waits for a quiet moment)', () => {
  it('is quiet only with no request in flight and none for the given time', () => {
    let now = 0;
    const activity = new RequestActivity(() => now);
    expect(activity.isQuiet(1_500)).toBe(true);
    activity.begin();
    now = 10_000;
    expect(activity.isQuiet(1_500)).toBe(false);
    activity.end();
    expect(activity.isQuiet(1_500)).toBe(false);
    now = 11_499;
    expect(activity.isQuiet(1_500)).toBe(false);
    now = 11_500;
    expect(activity.isQuiet(1_500)).toBe(true);
    // An extra end (an aborted request that also responded) never counts below zero.
    activity.end();
    activity.begin();
    expect(activity.isQuiet(0)).toBe(false);
  });

  it('waits while requests come, and at most maxWaitMs', async () => {
    const activity = new RequestActivity();
    activity.begin();
    const started = performance.now();
    await activity.whenQuiet(50, 300);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    activity.end();
    const quietStarted = performance.now();
    await activity.whenQuiet(150, 5_000);
    const waited = performance.now() - quietStarted;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(2_000);
  });
});
