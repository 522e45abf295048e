/**
 * Test hook for the error boundary (issue #2): when localStorage holds
 * `propguard:test-crash` = "1", this component throws while rendering, so a browser test can see
 * the boundary's screen. The e2e suite sets it with page.addInitScript; nothing else ever sets it.
 */
export const CRASH_TEST_STORAGE_KEY = 'propguard:test-crash';

function isCrashRequested(): boolean {
  try {
    return window.localStorage.getItem(CRASH_TEST_STORAGE_KEY) === '1';
  } catch {
    // Storage can be unavailable (privacy modes); then there is no test hook either.
    return false;
  }
}

export function CrashTestTrigger() {
  if (isCrashRequested()) throw new Error('Render failure requested by the propguard:test-crash flag');
  return null;
}
