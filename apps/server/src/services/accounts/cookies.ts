/** The session cookie: HTTP-only, SameSite=Lax, Secure unless the request is plain HTTP straight from this machine (routes/auth/auth-routes.ts). */
export const SESSION_COOKIE = 'pg_session';

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function sessionCookie(value: string, options: { maxAgeSeconds: number; isSecure: boolean }): string {
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.isSecure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedSessionCookie(isSecure: boolean): string {
  return sessionCookie('', { maxAgeSeconds: 0, isSecure });
}
