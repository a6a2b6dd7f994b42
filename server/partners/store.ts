/**
 * Registered partners: added, listed and removed by the operator (through the admin API), read by
 * the sign-on route, the page's brand and its framing rule.
 */
import { createPublicKey } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { partnerUsers, partners, sessions, type PartnerBrand } from '../db/schema/index.ts';
import { AppError } from '../http/envelope.ts';
import { isLoopback } from '../http/loopback.ts';
import type { Alg } from '../auth/sso/token.ts';
import { audit, type Actor } from '../audit/log.ts';
import { SECTIONS } from './sections.ts';

export const PARTNER_ID = '^[a-z0-9][a-z0-9-]{1,31}$';
/** HS256 wants a key as long as its hash: 32 bytes, here at least 32 characters. */
export const MIN_SECRET = 32;
/** The theme's colour variables a partner may set (src/styles/theme.css). */
export const BRAND_COLORS = ['bg', 'bg2', 'bg3', 'fg', 'fg2', 'line', 'accent', 'on-accent', 'up', 'down', 'up-fill', 'down-fill'] as const;

export interface Partner {
  id: string;
  name: string;
  alg: Alg;
  key: string;
  origin: string | null;
  brand: PartnerBrand;
  removed: boolean;
}

export interface NewPartner {
  id: string;
  name?: string;
  secret?: string;
  publicKey?: string;
  origin?: string;
  /** `name=#hex` pairs, comma-separated. */
  colors?: string;
  logo?: string;
  /** Section names, comma-separated. */
  hide?: string;
}

export interface PartnerSummary {
  id: string;
  name: string;
  alg: Alg;
  origin: string | null;
  colors: string;
  logo: string | null;
  hide: string;
  users: number;
  createdAt: string;
}

const bad = (key: string, field: string, msg: string) => new AppError(400, key, msg, { field });
const list = (s: string | undefined) => (s ?? '').split(',').map((x) => x.trim()).filter(Boolean);

/** A web origin (`https://host[:port]`, or `http:` on a loopback name) and nothing more. */
export function checkOrigin(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    /* refused below */
  }
  const plainOk = url?.protocol === 'http:' && isLoopback(url.hostname);
  if (!url || !(url.protocol === 'https:' || plainOk) || url.origin !== value.replace(/\/$/, '')) {
    throw bad('partner.origin', 'origin', 'The origin is a scheme and host only, such as https://app.example.com (http: only on a loopback name)');
  }
  return url.origin;
}

function checkKey(input: NewPartner): { alg: Alg; key: string } {
  if ((input.secret === undefined) === (input.publicKey === undefined)) {
    throw bad('partner.key', 'secret', 'Give either a shared secret (HS256) or a public key (ES256)');
  }
  if (input.secret !== undefined) {
    if ([...input.secret].length < MIN_SECRET) throw bad('partner.key', 'secret', `A shared secret has at least ${MIN_SECRET} characters`);
    return { alg: 'HS256', key: input.secret };
  }
  try {
    const key = createPublicKey(input.publicKey!);
    if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') {
      return { alg: 'ES256', key: key.export({ type: 'spki', format: 'pem' }).toString() };
    }
  } catch {
    /* refused below */
  }
  throw bad('partner.key', 'publicKey', 'The public key must be a P-256 (prime256v1) key in PEM, for ES256');
}

function checkBrand(input: NewPartner): PartnerBrand {
  const colors: Record<string, string> = {};
  for (const pair of list(input.colors)) {
    const [name = '', value = ''] = pair.split('=').map((s) => s.trim());
    if (!(BRAND_COLORS as readonly string[]).includes(name) || !/^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value)) {
      throw bad('partner.brand', 'colors', `Colours are name=#hex pairs, the names among ${BRAND_COLORS.join(', ')}`);
    }
    colors[name] = value.toLowerCase();
  }
  const logo = input.logo?.trim() || null;
  if (logo && !(/^https:\/\/[^\s"'<>]+$/.test(logo) || /^\/(?!\/)[^\s"'<>]*$/.test(logo))) {
    throw bad('partner.brand', 'logo', 'The logo is an https:// address or a path on this server');
  }
  const hide = list(input.hide);
  if (hide.some((s) => !SECTIONS[s])) throw bad('partner.brand', 'hide', `Sections that can be hidden: ${Object.keys(SECTIONS).join(', ')}`);
  return { colors, logo, hide: [...new Set(hide)] };
}

/** What the audit log keeps of a partner: never its secret or key, which would open its users' accounts. */
const onRecord = (p: { id: string; name: string; alg: string; origin: string | null; brand: PartnerBrand }) => ({ id: p.id, name: p.name, alg: p.alg, origin: p.origin, brand: p.brand });

/** Registers a partner, or registers a removed one again with new keys; on record in the same transaction. */
export async function addPartner(ctx: ServerContext, input: NewPartner, actor: Actor): Promise<Partner> {
  if (!new RegExp(PARTNER_ID).test(input.id)) {
    throw bad('partner.id', 'id', 'A partner id is 2 to 32 lower-case letters, digits or dashes');
  }
  const { alg, key } = checkKey(input);
  const origin = input.origin ? checkOrigin(input.origin) : null;
  const brand = checkBrand(input);
  const name = input.name?.trim() || input.id;
  if ([...name].length > 40 || /[\u0000-\u001f<>]/.test(name)) throw bad('partner.brand', 'name', 'A partner name has at most 40 characters, without < or >');
  const row = { id: input.id, name, alg, key, origin, brand };
  await ctx.db.transaction(async (tx) => {
    const [old] = await tx.select().from(partners).where(eq(partners.id, input.id)).for('update');
    if (old && !old.removedAt) throw new AppError(409, 'partner.exists', `There is already a partner "${input.id}"`, { id: input.id });
    if (old) await tx.update(partners).set({ ...row, removedAt: null }).where(eq(partners.id, input.id));
    else await tx.insert(partners).values({ ...row, createdAt: new Date(ctx.clock.now()) });
    await audit(tx, ctx.clock.now(), actor, 'partner.add', `partner:${input.id}`, old ? { ...onRecord(old), removedAt: old.removedAt!.toISOString() } : null, onRecord(row));
  });
  cacheOf(ctx).delete(input.id);
  return { ...row, removed: false };
}

export async function listPartners(ctx: ServerContext): Promise<PartnerSummary[]> {
  const rows = await ctx.db.select().from(partners).orderBy(asc(partners.id));
  const links = await ctx.db.select({ partnerId: partnerUsers.partnerId }).from(partnerUsers);
  return rows
    .filter((r) => !r.removedAt)
    .map((r) => ({
      id: r.id,
      name: r.name,
      alg: r.alg,
      origin: r.origin,
      colors: Object.entries(r.brand.colors).map(([k, v]) => `${k}=${v}`).join(','),
      logo: r.brand.logo,
      hide: r.brand.hide.join(','),
      users: links.filter((l) => l.partnerId === r.id).length,
      createdAt: r.createdAt.toISOString(),
    }));
}

/** Stops the partner's sign-ons and ends the sessions of the users it signed on; on record in the same transaction. */
export async function removePartner(ctx: ServerContext, id: string, actor: Actor): Promise<void> {
  const users = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(partners).where(eq(partners.id, id)).for('update');
    if (!row || row.removedAt) throw new AppError(404, 'partner.notFound', `No partner "${id}"`, { id });
    const removedAt = new Date(ctx.clock.now());
    await tx.update(partners).set({ removedAt }).where(eq(partners.id, id));
    const linked = (await tx.select({ userId: partnerUsers.userId }).from(partnerUsers).where(eq(partnerUsers.partnerId, id))).map((l) => l.userId);
    if (linked.length) await tx.update(sessions).set({ revoked: true }).where(inArray(sessions.userId, linked));
    await audit(tx, removedAt.getTime(), actor, 'partner.remove', `partner:${id}`, onRecord(row), { removedAt: removedAt.toISOString(), usersSignedOut: linked.length });
    return linked;
  });
  for (const userId of users) ctx.tokens?.evictUser(userId);
  cacheOf(ctx).delete(id);
}

/** Partners read for pages, a few seconds old at most: the page of a partner is asked for often. */
const CACHE_MS = 5_000;
const caches = new WeakMap<ServerContext, Map<string, { at: number; partner: Promise<Partner | null> }>>();
const cacheOf = (ctx: ServerContext) => {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  return cache;
};

async function readPartner(ctx: ServerContext, id: string): Promise<Partner | null> {
  const [row] = await ctx.db.select().from(partners).where(eq(partners.id, id));
  return row ? { id: row.id, name: row.name, alg: row.alg, key: row.key, origin: row.origin, brand: row.brand, removed: !!row.removedAt } : null;
}

/** The partner as stored now (sign-on), removed ones included. */
export const partnerById = (ctx: ServerContext, id: string) => readPartner(ctx, id);

/** A live partner for a page: from a short cache, so a burst of page loads costs one read. */
export async function pagePartner(ctx: ServerContext, id: string): Promise<Partner | null> {
  if (!new RegExp(PARTNER_ID).test(id)) return null;
  const now = ctx.clock.now();
  const cache = cacheOf(ctx);
  let hit = cache.get(id);
  if (!hit || now - hit.at > CACHE_MS) {
    if (cache.size > 1000) cache.clear();
    hit = { at: now, partner: readPartner(ctx, id) };
    hit.partner.catch(() => cache.delete(id));
    cache.set(id, hit);
  }
  const partner = await hit.partner;
  return partner && !partner.removed ? partner : null;
}

/** The partner that signed this user on, if any. */
export async function partnerOfUser(ctx: ServerContext, userId: number): Promise<string | null> {
  const [row] = await ctx.db.select({ partnerId: partnerUsers.partnerId }).from(partnerUsers).where(eq(partnerUsers.userId, userId));
  return row?.partnerId ?? null;
}
