import { safeNextPath } from '../../app/paths.ts';

/**
 * A sign-up finishes from the mailed link, often in a new tab: the page the visitor asked for
 * before signing up is kept in localStorage (this browser only) until the link signs them in.
 */
const NEXT_AFTER_SIGN_UP_KEY = 'propguard.next-after-sign-up';

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** Keeps `next` (a local path) for after the sign-up link; a missing or foreign path clears it. */
export function rememberNextAfterSignUp(next: string | null | undefined, store: KeyValueStore | null = browserStore()): void {
  const path = safeNextPath(next);
  if (!store) return;
  if (path) store.setItem(NEXT_AFTER_SIGN_UP_KEY, path);
  else store.removeItem(NEXT_AFTER_SIGN_UP_KEY);
}

/** The page kept by rememberNextAfterSignUp, once (it is removed), or null. */
export function takeNextAfterSignUp(store: KeyValueStore | null = browserStore()): string | null {
  if (!store) return null;
  const path = safeNextPath(store.getItem(NEXT_AFTER_SIGN_UP_KEY));
  store.removeItem(NEXT_AFTER_SIGN_UP_KEY);
  return path;
}
