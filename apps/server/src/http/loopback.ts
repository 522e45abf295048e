import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Is the request from this machine and for this machine, with nothing in between? The one place that
 * decides it (issue 29): AUTH_MODE=local by default (plugins/auth.ts), the session cookie's Secure
 * flag (routes/auth) and GET /metrics (plugins/metrics.ts) ask here.
 */

/** An IP address of this machine's loopback interface: 127.0.0.0/8, ::1 and IPv4-mapped 127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.split('.')[0] === '127';
  return isIP(plain) === 6 && /^(0{0,4}:){1,7}0{0,3}1$|^::1$/.test(plain);
}

/**
 * A host name (as in HOST, or a Host header with or without its port) that only this machine can
 * reach: `localhost` or a loopback address. The whole name is read: `127.0.0.1.evil.com` is not one.
 */
export function isLoopbackHost(host: string | undefined): boolean {
  if (!host) return false;
  const trimmed = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(trimmed);
  if (bracketed) return isLoopbackAddress(bracketed[1]);
  if (isIP(trimmed) === 6) return isLoopbackAddress(trimmed);
  const name = trimmed.replace(/:\d+$/, '');
  return name === 'localhost' || (isIP(name) === 4 && isLoopbackAddress(name));
}

/** The origin of an Origin or Referer header is a loopback host (an unreadable one is not). */
function isLoopbackOrigin(value: string): boolean {
  if (value === 'null') return false;
  try {
    return isLoopbackHost(new URL(value).host);
  } catch {
    return false;
  }
}

/** Headers a proxy adds: their presence means someone else's request was passed on. */
const PROXY_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-real-ip', 'via'];

/** Does the request carry any header that a reverse proxy adds? */
export function hasProxyHeaders(request: FastifyRequest): boolean {
  return PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
}

/**
 * A request straight from a browser or a program on this machine: the connection comes from a
 * loopback address, the Host header names a loopback host, no proxy header is present, and the
 * browser's Origin and Referer (when sent) are loopback origins. A reverse proxy on the same host
 * connects from loopback too, but passes on the visitor's Host (nginx `proxy_set_header Host $host`)
 * or adds X-Forwarded-For, and a visitor's browser sends its public Origin on every write; a proxy
 * that rewrites all of these away cannot be told from a local program, which is why the README's
 * deployment section sets AUTH_MODE=required.
 */
export function isDirectLoopbackRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (!isLoopbackHost(request.headers.host)) return false;
  if (hasProxyHeaders(request)) return false;
  const { origin, referer } = request.headers;
  if (origin !== undefined && !isLoopbackOrigin(origin)) return false;
  if (referer !== undefined && !isLoopbackOrigin(referer)) return false;
  return true;
}

/**
 * Whether the session cookie gets the Secure flag: it follows the request's real scheme. With
 * TRUST_PROXY the proxy's X-Forwarded-Proto is believed (request.protocol), so https is Secure and a
 * proxy that says plain http is not. Without it the scheme of a proxied request is unknown, so only
 * plain HTTP straight from this machine (where browsers would drop a Secure cookie) goes without;
 * the Host header's text alone never takes the flag away.
 */
export function isSecureCookieRequest(request: FastifyRequest, isProxyTrusted: boolean): boolean {
  if (request.protocol === 'https') return true;
  if (isProxyTrusted && hasProxyHeaders(request)) return false;
  return !isDirectLoopbackRequest(request);
}
