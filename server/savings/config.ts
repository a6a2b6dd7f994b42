/**
 * The savings rules the operator sets (`npm run operator -- config set savings.rate 0.05`): config
 * rows under `savings.<name>`, seeded with these values and left out of the public config list; the
 * app reads them from the savings summary.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { config } from '../db/schema/index.ts';

export const SAVINGS_DEFAULTS = {
  /** Interest per day in percent of the balance that earns. */
  'savings.rate': '0.05',
  /** Hours without interest after a withdrawal. */
  'savings.pauseHours': '24',
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
  const rate = RATE.test(value('savings.rate')) ? value('savings.rate') : SAVINGS_DEFAULTS['savings.rate'];
  const hours = Number(value('savings.pauseHours'));
  const pauseHours = Number.isInteger(hours) && hours >= 0 && hours <= 24 * 365 ? hours : Number(SAVINGS_DEFAULTS['savings.pauseHours']);
  return { rate, pauseHours };
}
