/** Operator commands for per-language content: static pages, translations, news. */
import { readFileSync } from 'node:fs';
import { PAGE_SLUGS } from '../../../src/shared/contract.ts';
import { type Command, misuse } from './command.ts';
import { record, table } from './table.ts';

/** `--file path` reads a long text from a file; otherwise the text is the argument itself. */
const textOf = (inline: string | undefined, file: string | undefined, usage: string): string => {
  if (file) return readFileSync(file, 'utf8');
  if (inline === undefined) throw misuse(usage);
  return inline;
};

const pageCommand: Command = {
  name: 'page',
  usage: `page <${PAGE_SLUGS.join('|')}> <lang> <title> [<text> | --file path]`,
  summary: 'set a static page in one language (plain text; blank lines separate paragraphs; en is the fallback)',
  options: ['file'],
  async run({ args, options, api }) {
    const [slug, lang, title, text] = args;
    if (args.length < 3 || args.length > 4 || !slug || !lang || !title) throw misuse(this.usage);
    const body = textOf(text, options.file, this.usage);
    await api.put('/page', { slug, lang, title, body });
    return record([['page', slug], ['language', lang], ['characters', body.length]]);
  },
};

const translateCommand: Command = {
  name: 'translate',
  usage: 'translate <notice|marquee|banner|news> <id> <lang> [--title text] [--content text]',
  summary: 'set the text of a notice, marquee line, banner or news item in one language',
  options: ['title', 'content'],
  async run({ args, options, api }) {
    const [kind, id, lang] = args;
    if (args.length !== 3 || !kind || !lang || !/^\d+$/.test(id ?? '')) throw misuse(this.usage);
    if (options.title === undefined && options.content === undefined) throw misuse(this.usage, 'give --title, --content or both');
    await api.put('/translation', { kind, id: Number(id), lang, title: options.title, content: options.content });
    return record([['kind', kind], ['id', id], ['language', lang]]);
  },
};

const translationsCommand: Command = {
  name: 'translations',
  usage: 'translations <notice|marquee|banner|news> <id>',
  summary: 'list the languages a content item has',
  async run({ args, api }) {
    const [kind, id] = args;
    if (args.length !== 2 || !kind || !/^\d+$/.test(id ?? '')) throw misuse(this.usage);
    const rows = await api.get<Array<{ lang: string; title: string; content: string }>>('/translations', { kind, id: Number(id) });
    return table(['lang', 'title', 'content'], rows.map((r) => [r.lang, r.title, r.content.length > 60 ? r.content.slice(0, 59) + '…' : r.content]));
  },
};

const newsCommand: Command = {
  name: 'news',
  usage: 'news <title> [<text> | --file path]',
  summary: 'publish a news item (English; add languages with translate news <id> <lang>)',
  options: ['file'],
  async run({ args, options, api }) {
    const [title, text] = args;
    if (!title || args.length > 2) throw misuse(this.usage);
    const r = await api.post<{ id: number }>('/news', { title, content: textOf(text, options.file, this.usage) });
    return record([['news', r.id]]);
  },
};

export const CONTENT_COMMANDS: Command[] = [pageCommand, translateCommand, translationsCommand, newsCommand];
