/**
 * The savings rules the operator sets (`npm run operator -- config set savingsRate 0.05`). They are
 * server-side config rows seeded with these values; the app reads them from the savings summary,
 * so they stay out of the app's first-load config defaults.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { config } from '../db/schema/index.ts';

export const SAVINGS_DEFAULTS = {
  /** Interest per day in percent of the balance that earns. */
  savingsRate: '0.05',
  /** Hours without interest after a withdrawal. */
  savingsPauseHours: '24',
};

export interface SavingsRules {
  rate: string;
  pauseHours: number;
}

const RATE = /^\d{1,4}(\.\d{1,4})?$/;

/** Current rules; a value the operator mistyped falls back to the default rather than paying nonsense. */
export async function savingsRules(db: DbOrTx): Promise<SavingsRules> {
  const rows = await db.select().from(config).where(inArray(config.key, Object.keys(SAVINGS_DEFAULTS)));
  const value = (key: keyof typeof SAVINGS_DEFAULTS) => rows.find((r) => r.key === key)?.value.trim() ?? SAVINGS_DEFAULTS[key];
  const rate = RATE.test(value('savingsRate')) ? value('savingsRate') : SAVINGS_DEFAULTS.savingsRate;
  const hours = Number(value('savingsPauseHours'));
  const pauseHours = Number.isInteger(hours) && hours >= 0 && hours <= 24 * 365 ? hours : Number(SAVINGS_DEFAULTS.savingsPauseHours);
  return { rate, pauseHours };
}
