/**
 * What "this device" means for an account: the server gives each browser a random device id in an
 * HttpOnly cookie when it signs in, and remembers, per user, the SHA-256 of every id that signed in
 * (`user_devices`: first and last seen, browser). A sign-in from a device the account has not seen
 * asks for the second factor (docs/rules.md#second-factor) and is told to the owner (sign-ins.ts).
 * A browser update keeps its cookie, so it is the same device; two phones of one make are two. A
 * browser that keeps no cookies is a new device at every sign-in, which only asks and tells more.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { userDevices } from '../db/schema/index.ts';
import { readCookie } from '../http/xsrf.ts';

export const DEVICE_COOKIE = 'device';
/** The longest a browser keeps a cookie (Chrome caps Max-Age at 400 days). */
const DEVICE_COOKIE_SECONDS = 400 * 24 * 3600;
const DEVICE_ID = /^[A-Za-z0-9_-]{43}$/;

/** The device id the request's cookie carries, or null when it carries none this server could have issued. */
export function deviceIdOf(request: Pick<FastifyRequest, 'headers'>): string | null {
  const value = readCookie(request.headers.cookie, DEVICE_COOKIE);
  return typeof value === 'string' && DEVICE_ID.test(value) ? value : null;
}

const hashDevice = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * The request's device id, or a new one sent back in the cookie. HttpOnly, so the page's scripts
 * cannot copy it; `SameSite=None` over HTTPS, as a partner's app frames the app from its own site.
 */
export function ensureDevice(request: FastifyRequest, reply: FastifyReply): string {
  const known = deviceIdOf(request);
  if (known) return known;
  const id = randomBytes(32).toString('base64url');
  const secure = request.protocol === 'https';
  const cookie = `${DEVICE_COOKIE}=${id}; Path=/prod-api; Max-Age=${DEVICE_COOKIE_SECONDS}; HttpOnly; ${secure ? 'SameSite=None; Secure' : 'SameSite=Lax'}`;
  // Fastify appends a second `set-cookie` rather than replacing the first.
  reply.header('set-cookie', cookie);
  return id;
}

/** Whether `userId` signed in from this device before. */
export async function isKnownDevice(db: DbOrTx, userId: number, deviceId: string | null): Promise<boolean> {
  if (!deviceId) return false;
  const [row] = await db
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, hashDevice(deviceId))));
  return !!row;
}

/**
 * Records a sign-in of `userId` from the device in the caller's transaction: a new row the first
 * time, `lastSeen` after. True when the account had not signed in from that device before.
 */
export async function rememberDevice(db: DbOrTx, userId: number, deviceId: string, userAgent: string | undefined, now: number): Promise<boolean> {
  const at = new Date(now);
  const agent = (userAgent ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 300);
  // One statement: two sign-ins racing from a new device find one of them new, not both or neither.
  const rows = await db
    .insert(userDevices)
    .values({ userId, deviceHash: hashDevice(deviceId), firstSeen: at, lastSeen: at, userAgent: agent })
    .onConflictDoUpdate({ target: [userDevices.userId, userDevices.deviceHash], set: { lastSeen: at, userAgent: agent } })
    .returning({ isNew: sql<boolean>`xmax = 0` });
  return rows[0]!.isNew;
}

export interface KnownDevice {
  /** The stored hash: it names the row without being the cookie's value. */
  deviceHash: string;
  firstSeen: number;
  lastSeen: number;
  userAgent: string;
  /** The device of the asking request. */
  current: boolean;
}

/** The user's devices, the latest seen first. */
export async function listDevices(db: DbOrTx, userId: number, currentId: string | null): Promise<KnownDevice[]> {
  const current = currentId ? hashDevice(currentId) : null;
  const rows = await db.select().from(userDevices).where(eq(userDevices.userId, userId)).orderBy(desc(userDevices.lastSeen));
  return rows.map((r) => ({ deviceHash: r.deviceHash, firstSeen: r.firstSeen.getTime(), lastSeen: r.lastSeen.getTime(), userAgent: r.userAgent, current: r.deviceHash === current }));
}
