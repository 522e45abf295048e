import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { accountPaths, buildSignInPath } from '../../../app/paths.ts';
import { needsSignIn } from '../../../lib/api-client.ts';

/** Is `path` one of the pages where one signs in (where a 401 is the form's own answer)? */
function isSignInPage(path: string): boolean {
  const pathname = path.split(/[?#]/)[0];
  return pathname === accountPaths.signIn || pathname === accountPaths.account;
}

/**
 * Any API call answering 401 (outside the sign-in calls) opens the sign-in page, which comes back
 * here once signed in: `/sign-in?next=<this page>`. One listener on the query and mutation caches,
 * so no screen shows the server's 401 text or reads a 401 as "not found".
 */
export function useSignInOnUnauthenticated(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('/');
  here.current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    const openSignIn = (error: unknown) => {
      if (!needsSignIn(error) || isSignInPage(here.current)) return;
      void navigate(buildSignInPath(here.current));
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') openSignIn(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') openSignIn(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate]);
}
