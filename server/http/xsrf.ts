/**
 * SPEC §7 XSRF pair: when a request carries the `XSRF-TOKEN` cookie, an unsafe method must echo it
 * in `X-XSRF-TOKEN`. A request without the cookie (a partner app, curl) is not a browser riding on
 * someone's cookies, and our auth token travels in a header, never a cookie.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The value of cookie `name`, URL-decoded. Never throws: cookies are whatever the browser holds,
 * and a value that is not valid percent-encoding comes back as it was sent (it then matches no
 * header the app can send, so an unsafe call fails the XSRF check instead of the server).
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** What the server hands out (see static.ts); anything else in the cookie is replaced on the next page. */
export const isXsrfToken = (value: string | undefined): boolean => value !== undefined && /^[0-9a-f]{32}$/.test(value);

export async function checkXsrf(request: FastifyRequest): Promise<void> {
  if (SAFE.has(request.method)) return;
  const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
  if (cookie === undefined) return;
  if (request.headers['x-xsrf-token'] !== cookie) {
    throw new AppError(403, 'auth.xsrf', 'Security check failed, please reload the page');
  }
}
