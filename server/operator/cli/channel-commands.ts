/**
 * Operator commands for what deposit channels and banks say in each language: `translate channel`
 * and `translate bank` beside the content kinds of `translate`, and `channel-texts` to see what
 * each language lacks.
 */
import type { ChannelTextItem } from '../api/channel-texts.ts';
import { type Command, misuse } from './command.ts';
import { record, table } from './table.ts';

const CHANNEL_USAGE = 'translate channel <id> --lang <code> [--name text] [--note text] | translate bank <code> --lang <code> --name text';

const cut = (text: string, width: number) => (text.length > width ? text.slice(0, width - 1) + '…' : text);

async function translateChannel({ args, options, api }: Parameters<Command['run']>[0]): Promise<string> {
  const [kind, id] = args;
  if (args.length !== 2 || !id || options.title !== undefined || options.content !== undefined) throw misuse(CHANNEL_USAGE);
  if (!options.lang) throw misuse(CHANNEL_USAGE, '--lang is required');
  if (kind === 'channel') {
    if (!/^\d+$/.test(id)) throw misuse(CHANNEL_USAGE, 'a channel id is a whole number; channel-texts lists them');
    if (options.name === undefined && options.note === undefined) throw misuse(CHANNEL_USAGE, 'give --name, --note or both (an empty text returns to the original)');
    const r = await api.put<{ channel: number; lang: string; name: string; note: string }>('/channel-text', { channel: Number(id), lang: options.lang, name: options.name, note: options.note });
    return record([['channel', r.channel], ['language', r.lang], ['name', r.name || '(original)'], ['note', r.note || '(original)']]);
  }
  if (options.note !== undefined) throw misuse(CHANNEL_USAGE, 'a bank has a name only');
  if (options.name === undefined) throw misuse(CHANNEL_USAGE, '--name is required');
  const r = await api.put<{ bank: string; lang: string; name: string }>('/bank-text', { bank: id, lang: options.lang, name: options.name });
  return record([['bank', r.bank], ['language', r.lang], ['name', r.name || '(original)']]);
}

/** `translate` of content (content-commands.ts) that also takes `channel` and `bank`. */
function withChannels(base: Command): Command {
  return {
    name: base.name,
    usage: `${base.usage} | ${CHANNEL_USAGE}`,
    summary: `${base.summary}; or a deposit channel's name and note, or a bank's name (an empty text goes back to the original)`,
    options: [...(base.options ?? []), 'lang', 'name', 'note'],
    run(call) {
      const { args, options } = call;
      if (args[0] === 'channel' || args[0] === 'bank') return translateChannel(call);
      if (options.lang !== undefined || options.name !== undefined || options.note !== undefined) throw misuse(base.usage, '--lang, --name and --note are for channel and bank');
      return base.run(call);
    },
  };
}

const channelTexts: Command = {
  name: 'channel-texts',
  usage: 'channel-texts [missing] [--lang code] | channel-texts channel <id> | channel-texts bank <code>',
  summary: 'deposit channels and banks with the languages that still show their English text (stale: the original changed since)',
  options: ['lang'],
  async run({ args, options, api }) {
    const missingOnly = args[0] === 'missing';
    const rest = missingOnly ? args.slice(1) : args;
    const items = await api.get<ChannelTextItem[]>('/channel-texts');
    if (rest.length) {
      const [kind, id] = rest;
      if (rest.length !== 2 || (kind !== 'channel' && kind !== 'bank') || missingOnly || options.lang !== undefined) throw misuse(this.usage);
      const item = items.find((i) => i.kind === kind && i.id === id);
      if (!item) return `no ${kind} ${id}; channel-texts lists them`;
      const head = record([[kind, item.id], ['name', item.name], ['note', item.note || '-'], ['missing', item.missing.join(' ') || 'none']]);
      return `${head}\n\n${table(['lang', 'name', 'note', 'state'], item.texts.map((r) => [r.lang, cut(r.name, 40), cut(r.note, 60), r.stale ? 'stale' : 'ok']))}`;
    }
    const lang = options.lang?.toLowerCase();
    const lacks = (i: ChannelTextItem) => (lang ? i.missing.some((l) => l.toLowerCase() === lang) : i.missing.length > 0) || i.texts.some((r) => r.stale && (!lang || r.lang.toLowerCase() === lang));
    const shown = missingOnly || lang ? items.filter(lacks) : items;
    return table(
      ['kind', 'id', 'name', 'on', 'languages', 'stale', 'missing'],
      shown.map((i) => [
        i.kind,
        i.id,
        cut(i.name, 30),
        i.enabled,
        i.texts.length,
        i.texts.filter((r) => r.stale).map((r) => r.lang).join(' ') || '-',
        i.missing.length > 8 && !lang ? `${i.missing.length} languages` : (lang ? i.missing.filter((l) => l.toLowerCase() === lang) : i.missing).join(' ') || '-',
      ]),
    );
  },
};

/** The command list with `translate` taking channels and banks, and `channel-texts` after it. */
export function withChannelCommands(commands: Command[]): Command[] {
  return commands.flatMap((c) => (c.name === 'translate' ? [withChannels(c), channelTexts] : [c]));
}
