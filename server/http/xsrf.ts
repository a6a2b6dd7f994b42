/**
 * SPEC §7 XSRF pair: when a request carries the `XSRF-TOKEN` cookie, an unsafe method must echo it
 * in `X-XSRF-TOKEN`. A request without the cookie (a partner app, curl) is not a browser riding on
 * someone's cookies, and our auth token travels in a header, never a cookie.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export async function checkXsrf(request: FastifyRequest): Promise<void> {
  if (SAFE.has(request.method)) return;
  const cookie = readCookie(request.headers.cookie, XSRF_COOKIE);
  if (cookie === undefined) return;
  if (request.headers['x-xsrf-token'] !== cookie) {
    throw new AppError(403, 'auth.xsrf', 'Security check failed, please reload the page');
  }
}
