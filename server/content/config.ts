import { eq, inArray } from 'drizzle-orm';
import { CONFIG_DEFAULTS, type ConfigKey } from '../../src/shared/config-keys.ts';
import type { DbOrTx } from '../db/client.ts';
import { config } from '../db/schema/index.ts';

/** A config value, falling back to the shipped default when the row is missing. */
export async function getConfig(db: DbOrTx, key: ConfigKey): Promise<string> {
  const [row] = await db.select({ value: config.value }).from(config).where(eq(config.key, key));
  return row?.value ?? CONFIG_DEFAULTS[key];
}

/** Keys of the platform description (`/common/getLogo`), kept out of the public config list. */
export const PLATFORM_KEYS = {
  name: 'platform.name',
  currencyCode: 'platform.currencyCode',
  currency: 'platform.currency',
  languageCode: 'platform.languageCode',
  logoImg: 'platform.logoImg',
  inviteCodeUrl: 'platform.inviteCodeUrl',
} as const;

export async function getValues(db: DbOrTx, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.select().from(config).where(inArray(config.key, keys));
  return new Map(rows.map((r) => [r.key, r.value]));
}
