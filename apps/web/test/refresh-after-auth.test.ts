import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterAuth } from '../src/features/account/api/account.ts';

/**
 * Regression: the sign-up link's page asks for /api/me while it confirms the sign-up. The confirm
 * answered first (setting the session cookie), the refresh joined the first /api/me still in flight
 * (sent without the cookie), and the settings page showed the local workspace (2 of 6 runs of the
 * browser spec). Every query in flight at a sign-in must be asked again.
 */
describe('refreshAfterAuth: every query is asked again after signing in, even one still in flight', () => {
  it('asks a first fetch still in flight again, and keeps the answer of the new one', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let calls = 0;
    let answerFirst: (value: string) => void = () => undefined;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['me'],
      // The first answer (asked before the sign-in) arrives late; the next at once.
      queryFn: () => {
        calls += 1;
        return calls === 1 ? new Promise<string>((resolve) => { answerFirst = resolve; }) : Promise.resolve('signed in');
      },
    });
    // A component shows the query: its first fetch starts and is still in flight.
    const stop = observer.subscribe(() => undefined);
    try {
      expect(calls).toBe(1);
      const refreshing = refreshAfterAuth(queryClient);
      // The old answer arrives while the refresh is under way.
      answerFirst('local workspace');
      await refreshing;
      expect(calls).toBe(2);
      expect(queryClient.getQueryData(['me'])).toBe('signed in');
    } finally {
      stop();
    }
  });
});
