/**
 * Demo data on first start. Idempotent: config keys are added when missing, each content table is
 * filled only when empty, and the demo account is created once, and only when asked for (`DEMO=1`):
 * its password is in the README, so a server reachable from a network must not have it unasked.
 * Runs under a transaction-scoped advisory lock so several processes starting together on one
 * PostgreSQL seed once.
 */
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { CONFIG_DEFAULTS } from '../../src/shared/config-keys.ts';
import { DEMO_HOLD, HOLD_KEY } from '../money/hold-config.ts';
import { newInviteCode } from '../auth/invite.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db, Tx } from '../db/client.ts';
import * as t from '../db/schema/index.ts';
import { changeBalance } from '../ledger/index.ts';
import { seedAccount } from './account.ts';
import * as demo from './content.ts';
import { seedMoney } from './money.ts';

const SEED_LOCK = 727002;

const isEmpty = async (tx: Tx, table: PgTable) =>
  (await tx.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n === 0;

export interface SeedOptions {
  /** Create the demo account (`demo01` / `demo1234`) when it does not exist yet. */
  demoAccount?: boolean;
}

/** `hasDemo`: the demo account exists (made now or by an earlier start with `DEMO=1`). */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<{ createdDemo: boolean; hasDemo: boolean }> {
  const passwordHash = options.demoAccount ? await hashPassword(demo.DEMO_PASSWORD) : '';
  const fundPasswordHash = options.demoAccount ? await hashPassword(demo.DEMO_FUND_PASSWORD) : '';
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    await tx
      .insert(t.config)
      .values(Object.entries({ ...CONFIG_DEFAULTS, ...demo.PLATFORM }).map(([key, value]) => ({ key, value })))
      .onConflictDoNothing();
    if (await isEmpty(tx, t.plays)) await tx.insert(t.plays).values(demo.PLAYS);
    if (await isEmpty(tx, t.contractPresets)) {
      await tx.insert(t.contractPresets).values(demo.CONTRACT_PRESETS.map((amount) => ({ amount })));
    }
    if (await isEmpty(tx, t.notices)) await tx.insert(t.notices).values(demo.NOTICES.map((n, sort) => ({ ...n, sort })));
    if (await isEmpty(tx, t.marquee)) await tx.insert(t.marquee).values(demo.MARQUEE.map((content, sort) => ({ content, sort })));
    if (await isEmpty(tx, t.banners)) await tx.insert(t.banners).values(demo.BANNERS.map((b, sort) => ({ ...b, sort })));
    if (await isEmpty(tx, t.communities)) {
      await tx.insert(t.communities).values(demo.COMMUNITIES.map((c, sort) => ({ ...c, sort })));
    }
    if (await isEmpty(tx, t.rates)) await tx.insert(t.rates).values(demo.RATES);
    if (await isEmpty(tx, t.vipLevels)) await tx.insert(t.vipLevels).values(demo.VIP_LEVELS);
    await seedAccount(tx);
    await seedMoney(tx);

    const existing = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.username, demo.DEMO_USERNAME));
    if (existing.length) return { createdDemo: false, hasDemo: true };
    if (!options.demoAccount) return { createdDemo: false, hasDemo: false };
    await tx.insert(t.config).values({ key: HOLD_KEY, value: DEMO_HOLD }).onConflictDoNothing();
    const [user] = await tx
      .insert(t.users)
      .values({
        username: demo.DEMO_USERNAME,
        passwordHash,
        fundPasswordHash,
        inviteCode: newInviteCode(),
        vipLevel: 1,
        // Both bound, so forgot-password can be tried by SMS and by e-mail.
        phone: demo.DEMO_PHONE,
        email: demo.DEMO_EMAIL,
      })
      .returning({ id: t.users.id });
    await changeBalance(tx, { userId: user!.id, amount: demo.DEMO_BALANCE, bizType: 'bonus', remark: 'Demo account funds' });
    return { createdDemo: true, hasDemo: true };
  });
}
