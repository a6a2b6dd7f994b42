/**
 * Deposit channels and banks in the language the app asks for. Each field comes from the most
 * wanted language that has it, translated from the original the row holds now; otherwise the
 * original (the operator's own text) answers, so a missing or stale translation never hides it.
 */
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { banks, bankTexts, payChannels, payChannelTexts } from '../db/schema/index.ts';
import { FALLBACK } from './lang.ts';

export interface Candidate {
  lang: string;
  text: string;
  source: string;
}

/** The translation of `original` in the first of `langs` that has one; none once English is reached. */
export function found(candidates: Candidate[], original: string, langs: string[]): Candidate | undefined {
  for (const lang of langs) {
    if (lang === FALLBACK) return undefined;
    const hit = candidates.find((c) => c.lang.toLowerCase() === lang && c.text && c.source === original);
    if (hit) return hit;
  }
  return undefined;
}

export const pick = (candidates: Candidate[], original: string, langs: string[]): string => found(candidates, original, langs)?.text ?? original;

const wantedOf = (langs: string[]) => langs.filter((l) => l !== FALLBACK);

export interface ChannelOriginal {
  id: number;
  name: string;
  remark: string;
}

/** Name and note of each channel in the first of `langs` that has them (`langs` from requestLanguages). */
export async function localizeChannels<T extends ChannelOriginal>(db: DbOrTx, channels: T[], langs: string[]): Promise<T[]> {
  const wanted = wantedOf(langs);
  if (!channels.length || !wanted.length) return channels;
  const rows = await db
    .select()
    .from(payChannelTexts)
    .where(and(inArray(payChannelTexts.channelId, channels.map((c) => c.id)), inArray(sql`lower(${payChannelTexts.lang})`, wanted)));
  return channels.map((c) => {
    const mine = rows.filter((r) => r.channelId === c.id);
    if (!mine.length) return c;
    return {
      ...c,
      name: pick(mine.map((r) => ({ lang: r.lang, text: r.name, source: r.nameSource })), c.name, langs),
      remark: pick(mine.map((r) => ({ lang: r.lang, text: r.note, source: r.noteSource })), c.remark, langs),
    };
  });
}

/** Each bank's name (by code) in the first of `langs` that has it; `banks` are the current rows. */
export async function bankNames(db: DbOrTx, banks: Array<{ code: string; name: string }>, langs: string[]): Promise<Map<string, string>> {
  const out = new Map(banks.map((b) => [b.code, b.name]));
  const wanted = wantedOf(langs);
  if (!banks.length || !wanted.length) return out;
  const rows = await db
    .select()
    .from(bankTexts)
    .where(and(inArray(bankTexts.bankCode, banks.map((b) => b.code)), inArray(sql`lower(${bankTexts.lang})`, wanted)));
  for (const b of banks) {
    const mine = rows.filter((r) => r.bankCode === b.code).map((r) => ({ lang: r.lang, text: r.name, source: r.nameSource }));
    if (mine.length) out.set(b.code, pick(mine, b.name, langs));
  }
  return out;
}

/**
 * Records keep the channel's name as it was when submitted; while that is still the channel's
 * name, they show it in the user's language as the channel list does.
 */
export async function localizeDepositRecords<T extends { channelId: number; channelName: string }>(db: DbOrTx, rows: T[], langs: string[]): Promise<T[]> {
  if (!rows.length || !wantedOf(langs).length) return rows;
  const channels = await db
    .select({ id: payChannels.id, name: payChannels.name, remark: payChannels.remark })
    .from(payChannels)
    .where(inArray(payChannels.id, [...new Set(rows.map((r) => r.channelId))]));
  const now = new Map(channels.map((c) => [c.id, c.name]));
  const shown = new Map((await localizeChannels(db, channels, langs)).map((c) => [c.id, c.name]));
  return rows.map((r) => (now.get(r.channelId) === r.channelName ? { ...r, channelName: shown.get(r.channelId) ?? r.channelName } : r));
}

/** Withdrawal records name the bank as it was named then; a bank still named so shows in the user's language. */
export async function localizeBankNames<T extends { bankName: string | null }>(db: DbOrTx, rows: T[], langs: string[]): Promise<T[]> {
  const names = [...new Set(rows.flatMap((r) => (r.bankName ? [r.bankName] : [])))];
  if (!names.length || !wantedOf(langs).length) return rows;
  const list = await db.select({ code: banks.code, name: banks.name }).from(banks).where(inArray(banks.name, names));
  const translated = await bankNames(db, list, langs);
  const byName = new Map(list.map((b) => [b.name, translated.get(b.code) ?? b.name]));
  return rows.map((r) => (r.bankName && byName.has(r.bankName) ? { ...r, bankName: byName.get(r.bankName)! } : r));
}
