import { describe, expect, it } from 'vitest';
import { accuracyGoalOf, VALUATION_ACCURACY_TARGETS } from '../../src/index.ts';

const line = { holdout: 'random (3%)', city: 'Perth' };

describe('accuracyGoalOf', () => {
  it('says a line meets the goals when every figure is within them', () => {
    expect(accuracyGoalOf({ ...line, mdape: 0.075, ppe10: 0.6, coverage80: 0.8 }, VALUATION_ACCURACY_TARGETS)).toEqual({ ...line, met: true, summary: 'Met' });
  });

  it('names each figure short of its goal with the goal beside it', () => {
    const goal = accuracyGoalOf({ ...line, mdape: 0.0932, ppe10: 0.533, coverage80: 0.85 }, VALUATION_ACCURACY_TARGETS);
    expect(goal.met).toBe(false);
    expect(goal.summary).toBe('Not yet met: median error 9.3% (aim: at most 8.0%); within 10% 53.3% (aim: at least 55.0%); in the 80% range 85.0% (aim: 77.0% to 83.0%)');
  });

  it('does not count an unmeasured range coverage as met', () => {
    const goal = accuracyGoalOf({ ...line, mdape: 0.07, ppe10: 0.6, coverage80: null }, VALUATION_ACCURACY_TARGETS);
    expect(goal).toMatchObject({ met: false, summary: 'Not yet met: share in the 80% range not measured' });
  });
});
