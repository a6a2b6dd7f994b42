/**
 * Settlement and the daily job each move the money of many users in one transaction, taking wallet
 * rows in their own order (by expiry, by holding), so the two at once can deadlock on PostgreSQL.
 * Every transaction of either takes this lock before any row: they run one after the other, while
 * requests of a single user never wait for it.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';

/** Beside migrate (727001), seed (727002), settlement (727003) and the daily job (727004). */
const MANY_WALLETS_LOCK = 727005;

export async function lockManyWallets(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${MANY_WALLETS_LOCK})`);
}
