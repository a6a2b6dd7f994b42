/**
 * Devices an account has signed in from. A device is named by its browser and system families
 * without versions ("Chrome · Android"), so a browser update is not a new device; two phones of the
 * same make and browser are one. A sign-in from a device not seen before is what the owner is told
 * about (sign-ins.ts), and what a second factor may ask about.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { knownDevices } from '../db/schema/index.ts';
import { agentFamilies } from './agent.ts';

/** The stored key of a User-Agent header's device. */
export const deviceKey = (userAgent: string | undefined): string => createHash('sha256').update(agentFamilies(userAgent)).digest('hex');

/**
 * Notes a sign-in from `userAgent` in the caller's transaction; true when the account had not
 * signed in from that device before.
 */
export async function seeDevice(tx: DbOrTx, userId: number, userAgent: string | undefined, at: Date): Promise<boolean> {
  // One statement: two sign-ins racing from a new device find one of them new, not both or neither.
  const rows = await tx
    .insert(knownDevices)
    .values({ userId, deviceKey: deviceKey(userAgent), firstSeenAt: at, lastSeenAt: at })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceKey], set: { lastSeenAt: at } })
    .returning({ isNew: sql<boolean>`xmax = 0` });
  return rows[0]!.isNew;
}
