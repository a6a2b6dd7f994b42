/**
 * XSRF pair (docs/rules.md#calls): when a request carries the `XSRF-TOKEN` cookie, an unsafe method must echo it
 * in `X-XSRF-TOKEN`. A request without the cookie (a partner app, curl) is not a browser riding on
 * someone's cookies, and our auth token travels in a header, never a cookie.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookie's value; undefined when absent, null when its percent-encoding is broken (`%E0%A4%A`). */
export function readCookie(header: string | undefined, name: string): string | null | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return undefined;
}

/** A token this server could have issued (32 hex digits); anything else is replaced when the page loads. */
export const isXsrfToken = (value: string | null | undefined): boolean => typeof value === 'string' && /^[0-9a-f]{32}$/.test(value);

export async function checkXsrf(request: FastifyRequest): Promise<void> {
  if (SAFE.has(request.method)) return;
  const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
  if (cookie === undefined) return;
  // Loading the page sets a fresh cookie, so the user can recover by reloading.
  if (cookie === null) throw new AppError(400, 'auth.badCookie', "This site's security cookie is damaged, please reload the page");
  if (request.headers['x-xsrf-token'] !== cookie) {
    throw new AppError(403, 'auth.xsrf', 'Security check failed, please reload the page');
  }
}
