import { describe, expect, it } from 'vitest';
import { describeSecondsLeft, StartProgress, type PhaseEstimate } from '../src/start-progress.ts';

// Three phases of 10 s, 20 s and 10 s expected: 40 s in all.
const ESTIMATES: PhaseEstimate[] = [
  { phase: 'database', expectedMs: 10_000 },
  { phase: 'sales', expectedMs: 20_000, expectedRows: 100_000 },
  { phase: 'valuation', expectedMs: 10_000 },
];

function clock() {
  let now = 0;
  return { now: () => now, advance: (ms: number) => { now += ms; } };
}

describe('StartProgress: a start as a percentage and the time it has left', () => {
  it('counts each finished phase by its expected share, and a loading data set by its rows', () => {
    const time = clock();
    const progress = new StartProgress(ESTIMATES, time.now);
    progress.record({ phase: 'database', state: 'running', message: 'opening' });
    expect(progress.percent()).toBe(0);
    time.advance(10_000);
    progress.record({ phase: 'database', state: 'done', message: '' });
    expect(progress.percent()).toBe(25); // 10 of 40 s
    progress.record({ phase: 'sales', state: 'running', rows: 50_000, message: '50000 sales inserted' });
    // Half the rows written is half of the rows' 70% share of the phase: 10 + 20 x 0.35 = 17 of 40 s.
    expect(progress.percent()).toBeCloseTo(42.5, 5);
    progress.record({ phase: 'sales', state: 'done', message: '' });
    progress.record({ phase: 'valuation', state: 'done', message: '' });
    expect(progress.percent()).toBe(100);
  });

  it('leaves out what a restart does not do: skipped data sets and phases never reported', () => {
    const time = clock();
    const progress = new StartProgress(ESTIMATES, time.now);
    progress.record({ phase: 'database', state: 'done', message: '' });
    progress.record({ phase: 'sales', state: 'skipped', message: 'already loaded' });
    // database (10 s) of database + valuation (20 s).
    expect(progress.percent()).toBe(50);
    const other = new StartProgress(ESTIMATES, time.now);
    other.record({ phase: 'valuation', state: 'running', fraction: 0.5, message: '' });
    // database and sales were never reported before valuation started: not needed.
    expect(other.percent()).toBe(50);
  });

  it('scales the time left by the pace so far: twice as slow as expected, twice the estimate', () => {
    const time = clock();
    const progress = new StartProgress(ESTIMATES, time.now);
    progress.record({ phase: 'database', state: 'running', message: '' });
    expect(progress.secondsLeft()).toBeNull();
    time.advance(20_000);
    progress.record({ phase: 'database', state: 'done', message: '' });
    // 10 s of expected work took 20 s; 30 s of expected work is left: about 60 s.
    expect(progress.secondsLeft()).toBeCloseTo(60, 5);
    expect(progress.format('database: opened')).toBe('[ 25%, about 1 min left] database: opened');
  });

  it('counts a phase it does not know (a data set added later) as a few seconds of work', () => {
    const progress = new StartProgress(ESTIMATES, clock().now);
    progress.record({ phase: 'database', state: 'done', message: '' });
    progress.record({ phase: 'new-dataset', state: 'done', message: '' });
    // database 10 + new 5 done of 10 + 5 + 20 + 10.
    expect(progress.percent()).toBeCloseTo((100 * 15) / 45, 5);
  });

  it('says the time left as a person would', () => {
    expect(describeSecondsLeft(3)).toBe('under 5 s left');
    expect(describeSecondsLeft(42)).toBe('about 40 s left');
    expect(describeSecondsLeft(59)).toBe('about 1 min left');
    expect(describeSecondsLeft(131)).toBe('about 2 min 10 s left');
  });
});
