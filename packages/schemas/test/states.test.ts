// The state machines' enums and their one isFinished each (issue 30, item 7).
import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_PHASES,
  isChunkFinished,
  isCheckoutFinished,
  isPortfolioFinished,
  isPortfolioVisible,
  isSubscriptionFinished,
  PORTFOLIO_CHUNK_STATES,
  PORTFOLIO_STATES,
  portfolioStatusSchema,
  SUBSCRIPTION_STATUSES,
  visiblePortfolioStateSchema,
} from '../src/index.ts';

const finishedOf = <T extends string>(states: readonly T[], isFinished: (state: T) => boolean) => states.filter(isFinished);

describe('state machines', () => {
  it('a portfolio is over when completed, failed or cancelled; loading and the open states are not', () => {
    expect(finishedOf(PORTFOLIO_STATES, isPortfolioFinished)).toEqual(['completed', 'failed', 'cancelled']);
  });

  it('the hidden loading state is in the enum but never visible, nor accepted by the API schemas', () => {
    expect(PORTFOLIO_STATES).toContain('loading');
    expect(PORTFOLIO_STATES.filter((state) => !isPortfolioVisible(state))).toEqual(['loading']);
    expect(visiblePortfolioStateSchema.safeParse('loading').success).toBe(false);
    expect(portfolioStatusSchema.shape.state.safeParse('loading').success).toBe(false);
    expect(portfolioStatusSchema.shape.state.safeParse('running').success).toBe(true);
  });

  it('a chunk is over when done or failed', () => {
    expect(finishedOf(PORTFOLIO_CHUNK_STATES, isChunkFinished)).toEqual(['done', 'failed']);
  });

  it('nothing is billed for a canceled subscription or none; trialing, active and past_due bill', () => {
    expect(finishedOf(SUBSCRIPTION_STATUSES, isSubscriptionFinished)).toEqual(['none', 'canceled']);
  });

  it('a checkout is over once it succeeded or failed', () => {
    expect(finishedOf(CHECKOUT_PHASES, isCheckoutFinished)).toEqual(['succeeded', 'failed']);
  });
});
