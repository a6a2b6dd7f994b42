/**
 * The words of home's shortcuts and quote list in each language, from the locale files the app
 * downloads (`<dist>/locales/<code>-<hash>.json`): the home page's skeleton writes the shortcuts'
 * labels, the list's heads and each row's high and low with them, so they take the lines the app's
 * take (the labels two lines in most languages, the heads two in Arabic, a row two in Hindi). A
 * language's file is read once; a build without locale files (a test's) gets none, and its rows
 * are written without them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { HomeEntry } from '../../src/shared/home-entries.ts';

export interface ListWords extends Record<HomeEntry, string> {
  name: string;
  last: string;
  change: string;
  high: string;
  low: string;
}

export function listWords(distDir: string): (lang: string) => ListWords | null {
  const dir = path.join(distDir, 'locales');
  let files: string[] = [];
  try {
    files = readdirSync(dir);
  } catch {
    /* no locale files */
  }
  const read = new Map<string, ListWords | null>();
  return (lang) => {
    if (!read.has(lang)) {
      // `en-au-3927C4EA.json` is en-au's, not en's.
      const file = files.find((f) => /^(.+)-[A-Z0-9]+\.json$/.exec(f)?.[1] === lang);
      let words: ListWords | null = null;
      try {
        if (file) words = (JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { home: ListWords }).home;
      } catch {
        /* unreadable: written without words */
      }
      read.set(lang, words);
    }
    return read.get(lang)!;
  };
}
