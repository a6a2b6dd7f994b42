/**
 * Operator translations of deposit channels (name and note) and banks (name), and the list of
 * what each language still lacks. A translation is stored with the original it translates, so it
 * stops answering when the operator rewrites the original (content/channel-texts.ts).
 */
import { Type } from '@sinclair/typebox';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { LANGUAGE_CODES } from '../../../src/shared/language-codes.ts';
import type { ServerContext } from '../../context.ts';
import { found, type Candidate } from '../../content/channel-texts.ts';
import { candidates, FALLBACK } from '../../content/lang.ts';
import { bankTexts, banks, payChannelTexts, payChannels } from '../../db/schema/index.ts';
import { AppError, ok } from '../../http/envelope.ts';
import { PlainText, Text } from '../../http/schemas.ts';

/** Languages a channel can be translated into: the app's, but English (the original's). */
export const TEXT_LANGUAGES = LANGUAGE_CODES.filter((l) => l !== FALLBACK);

/** Texts longer than these do not fit a channel row or note on a phone. */
export const NAME_MAX = 100;
export const NOTE_MAX = 1000;

export interface ChannelTextRow {
  lang: string;
  name: string;
  note: string;
  /** Translated from an original the operator has since rewritten: no longer answered. */
  stale: boolean;
}

export interface ChannelTextItem {
  kind: 'channel' | 'bank';
  /** The channel's id, or the bank's code. */
  id: string;
  name: string;
  note: string;
  enabled: boolean;
  texts: ChannelTextRow[];
  /** Languages whose users are shown an original (name or note) in English. */
  missing: string[];
}

const Lang = Type.String({ minLength: 2, maxLength: 10, 'x-error': `must be one of ${TEXT_LANGUAGES.join(', ')}` });
const Name = PlainText(NAME_MAX, 0);
const Note = PlainText(NOTE_MAX, 0);

/** The app's spelling of `lang` (`pt-br` → `pt-BR`), or a refusal naming the languages. */
function languageOf(lang: string): string {
  const code = TEXT_LANGUAGES.find((l) => l.toLowerCase() === lang.toLowerCase());
  if (!code) {
    const why = lang.toLowerCase() === FALLBACK ? 'English is the original text itself' : `"${lang}" is not a language of the app`;
    throw new AppError(400, 'field.invalid', `lang: ${why}; use one of ${TEXT_LANGUAGES.join(', ')}`, { field: 'lang' });
  }
  return code;
}

/** Languages that would show `original` untranslated: those not reaching a translation before English. */
function missingFor(original: string, rows: Candidate[]): string[] {
  if (!original) return [];
  return TEXT_LANGUAGES.filter((lang) => {
    const langs = candidates(lang);
    // Australian English reads the English original as it is.
    if (langs[0]!.split('-')[0] === FALLBACK) return false;
    return !found(rows, original, langs);
  });
}

export const adminChannelTextRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.put<{ Body: { channel: number; lang: string; name?: string; note?: string } }>(
    '/channel-text',
    { schema: { body: Type.Object({ channel: Type.Integer({ minimum: 1, maximum: 2147483647 }), lang: Lang, name: Type.Optional(Name), note: Type.Optional(Note) }) } },
    async (request) => {
      const { channel: id, name, note } = request.body;
      const lang = languageOf(request.body.lang);
      if (name === undefined && note === undefined) throw new AppError(400, 'field.required', 'Give a name, a note or both', { field: 'name' });
      return ctx.db.transaction(async (tx) => {
        const [channel] = await tx.select({ name: payChannels.name, remark: payChannels.remark }).from(payChannels).where(eq(payChannels.id, id)).for('update');
        if (!channel) throw new AppError(404, 'content.notFound', `No deposit channel with id ${id}; channel-texts lists them`);
        const [had] = await tx.select().from(payChannelTexts).where(and(eq(payChannelTexts.channelId, id), eq(payChannelTexts.lang, lang)));
        // A field not given keeps its translation; an empty one goes back to the original.
        const next = {
          name: name ?? had?.name ?? '',
          nameSource: name === undefined ? (had?.nameSource ?? '') : channel.name,
          note: note ?? had?.note ?? '',
          noteSource: note === undefined ? (had?.noteSource ?? '') : channel.remark,
        };
        if (!next.name && !next.note) await tx.delete(payChannelTexts).where(and(eq(payChannelTexts.channelId, id), eq(payChannelTexts.lang, lang)));
        else {
          await tx
            .insert(payChannelTexts)
            .values({ channelId: id, lang, ...next })
            .onConflictDoUpdate({ target: [payChannelTexts.channelId, payChannelTexts.lang], set: next });
        }
        request.log.info({ channel: id, lang }, 'operator translated a deposit channel');
        return ok({ channel: id, lang, name: next.name, note: next.note });
      });
    },
  );

  app.put<{ Body: { bank: string; lang: string; name: string } }>(
    '/bank-text',
    { schema: { body: Type.Object({ bank: Text(16), lang: Lang, name: Name }) } },
    async (request) => {
      const { bank: code, name } = request.body;
      const lang = languageOf(request.body.lang);
      const [bank] = await ctx.db.select({ name: banks.name }).from(banks).where(eq(banks.code, code));
      if (!bank) throw new AppError(404, 'content.notFound', `No bank with code ${code}; channel-texts lists them`);
      if (!name) await ctx.db.delete(bankTexts).where(and(eq(bankTexts.bankCode, code), eq(bankTexts.lang, lang)));
      else {
        await ctx.db
          .insert(bankTexts)
          .values({ bankCode: code, lang, name, nameSource: bank.name })
          .onConflictDoUpdate({ target: [bankTexts.bankCode, bankTexts.lang], set: { name, nameSource: bank.name } });
      }
      request.log.info({ bank: code, lang }, 'operator translated a bank name');
      return ok({ bank: code, lang, name });
    },
  );

  app.get('/channel-texts', async () => {
    const [channels, channelRows, bankList, bankRows] = await Promise.all([
      ctx.db.select().from(payChannels).orderBy(asc(payChannels.sort), asc(payChannels.id)),
      ctx.db.select().from(payChannelTexts).orderBy(asc(payChannelTexts.lang)),
      ctx.db.select().from(banks).orderBy(asc(banks.sort), asc(banks.code)),
      ctx.db.select().from(bankTexts).orderBy(asc(bankTexts.lang)),
    ]);
    const items: ChannelTextItem[] = [
      ...channels.map((c) => {
        const mine = channelRows.filter((r) => r.channelId === c.id);
        const names = mine.map((r) => ({ lang: r.lang, text: r.name, source: r.nameSource }));
        const notes = mine.map((r) => ({ lang: r.lang, text: r.note, source: r.noteSource }));
        return {
          kind: 'channel' as const,
          id: String(c.id),
          name: c.name,
          note: c.remark,
          enabled: c.enabled,
          texts: mine.map((r) => ({ lang: r.lang, name: r.name, note: r.note, stale: (!!r.name && r.nameSource !== c.name) || (!!r.note && r.noteSource !== c.remark) })),
          missing: [...new Set([...missingFor(c.name, names), ...missingFor(c.remark, notes)])].sort((a, b) => TEXT_LANGUAGES.indexOf(a as never) - TEXT_LANGUAGES.indexOf(b as never)),
        };
      }),
      ...bankList.map((b) => {
        const mine = bankRows.filter((r) => r.bankCode === b.code);
        return {
          kind: 'bank' as const,
          id: b.code,
          name: b.name,
          note: '',
          enabled: true,
          texts: mine.map((r) => ({ lang: r.lang, name: r.name, note: '', stale: r.nameSource !== b.name })),
          missing: missingFor(b.name, mine.map((r) => ({ lang: r.lang, text: r.name, source: r.nameSource }))),
        };
      }),
    ];
    return ok(items);
  });
};
