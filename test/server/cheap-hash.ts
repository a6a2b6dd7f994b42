/**
 * Password hashes for test accounts under scrypt parameters far below the server's. The server
 * verifies whatever parameters a stored hash names (`scrypt$N$r$p$salt$hash`, see
 * server/auth/password.ts), and at its own (N = 16384, r = 8: about 30 ms of CPU a comparison)
 * the suite's sign-ins, fund passwords and wrong guesses took tens of CPU seconds a run. Only the
 * stored hash is cheaper: every comparison still goes through the server's code, and every hash
 * the server makes (registration, a changed password, a new fund password, the seed of a new
 * server) is made at its own cost.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';

/** `password` as the server stores it, under N = 16, r = 1, p = 1. */
export function cheapHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 16, r: 1, p: 1 });
  return ['scrypt', 16, 1, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Stores cheap hashes of the same passwords for the account named `username`. */
export async function cheapenPasswords(db: Db, username: string, passwords: { password?: string; fundPassword?: string }): Promise<void> {
  const set: { passwordHash?: string; fundPasswordHash?: string } = {};
  if (passwords.password !== undefined) set.passwordHash = cheapHash(passwords.password);
  if (passwords.fundPassword !== undefined) set.fundPasswordHash = cheapHash(passwords.fundPassword);
  const named: SQL = sql`lower(${users.username}) = lower(${username})`;
  await db.update(users).set(set).where(named);
}
