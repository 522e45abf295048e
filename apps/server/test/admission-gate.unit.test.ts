import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, LoopBusyClock } from '../src/http/admission-gate.ts';

describe('AdmissionGate: at most N at once, the rest wait their turn, then are turned away', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('admits up to the limit at once, then queues', async () => {
    const gate = new AdmissionGate(2, 1000);
    expect(await gate.enter()).toBe(true);
    expect(await gate.enter()).toBe(true);
    const third = gate.enter();
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    gate.leave();
    expect(await third).toBe(true);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
  });

  it('hands places over in arrival order', async () => {
    const gate = new AdmissionGate(1, 1000);
    await gate.enter();
    const order: string[] = [];
    const first = gate.enter().then((admitted) => order.push(`first ${admitted}`));
    const second = gate.enter().then((admitted) => order.push(`second ${admitted}`));
    gate.leave();
    await first;
    gate.leave();
    await second;
    expect(order).toEqual(['first true', 'second true']);
    gate.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('turns a waiter away once its wait runs out, and the queue forgets it', async () => {
    const gate = new AdmissionGate(1, 50);
    await gate.enter();
    const waiting = gate.enter();
    vi.advanceTimersByTime(49);
    expect(gate.load.waiting).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await waiting).toBe(false);
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
    // Its place was never taken: the holder's leave frees the gate.
    gate.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.enter()).toBe(true);
  });

  it('never counts below zero', () => {
    const gate = new AdmissionGate(1, 50);
    gate.leave();
    expect(gate.load.running).toBe(0);
  });
});

describe('LoopBusyClock: how long the event loop has gone without reaching its timers', () => {
  it('grows while the loop is held and falls back once its timers run', async () => {
    const clock = new LoopBusyClock(5);
    try {
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(clock.busyMs()).toBeLessThan(150);
      const until = performance.now() + 300;
      while (performance.now() < until) { /* one long turn of the loop */ }
      expect(clock.busyMs()).toBeGreaterThanOrEqual(295);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(clock.busyMs()).toBeLessThan(150);
    } finally {
      clock.stop();
    }
  });

  it('counts the calls read in one turn, and starts again once its timers run', async () => {
    const clock = new LoopBusyClock(5);
    try {
      expect(clock.noteCall()).toBe(1);
      expect(clock.noteCall()).toBe(2);
      expect(clock.noteCall()).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(clock.noteCall()).toBe(1);
    } finally {
      clock.stop();
    }
  });
});
