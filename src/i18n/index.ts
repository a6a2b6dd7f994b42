// First-load path: every byte here is downloaded before the app paints.
import rosetta from 'rosetta';
import type { Envelope } from '../shared/contract.ts';
import { FALLBACK_LANGUAGE } from '../shared/language-codes.ts';

export { localeUrl } from './locale-url.ts';

/** A locale file: flat keys (`"v.required": "…"`) or nested objects, both resolve. */
export type Dict = { [key: string]: string | Dict };
export type Params = Record<string, string | number>;

const i18n = /* @__PURE__ */ rosetta<Dict>();

function lookup(key: string, params?: Params, lang?: string): string | undefined {
  // A flat key is tried first, then the dotted path through nested objects.
  const flat = i18n.t([key], params, lang);
  const val = typeof flat === 'string' && flat ? flat : i18n.t(key, params, lang);
  return typeof val === 'string' && val ? val : undefined;
}

/** Loads a language's table and makes it the active one. */
export function setLocale(code: string, dict: Dict): void {
  i18n.set(code, dict);
  i18n.locale(code);
}

/** Loads the English table used for keys the active language lacks, without switching to it. */
export function setFallback(dict: Dict): void {
  i18n.set(FALLBACK_LANGUAGE, dict);
}

export const currentLocale = (): string => i18n.locale();

/** Whether the active language has a text for `key`. */
export const has = (key: string): boolean => lookup(key) !== undefined;

const plurals: Record<string, Intl.PluralRules> = {};

/**
 * A counted text (`{ one, few, other… }` as Intl.PluralRules names the categories) resolves to
 * the form for its count: `n` if given, else its first number (a server reason's `minutes`).
 */
function counted(key: string, params?: Params): string {
  if (!params || !has(key + '.other')) return key;
  let n = params.n;
  for (const k in params) if (n == null && typeof params[k] == 'number') n = params[k];
  const lang = currentLocale();
  const cat = (plurals[lang] || (plurals[lang] = new Intl.PluralRules(lang))).select(Number(n));
  return key + '.' + (has(key + '.' + cat) ? cat : 'other');
}

/** Text for `key` with `{{name}}` placeholders filled: active language, else English, else the key. */
export function t(key: string, params?: Params): string {
  key = counted(key, params);
  return lookup(key, params) || lookup(key, params, FALLBACK_LANGUAGE) || key;
}

/** A counted word for `n` (see `counted`); `{{n}}` is the count. */
export const tc = (key: string, n: number, params?: Params): string => t(key, { ...params, n });

/**
 * A server error in the user's language: `err.<key>` when the active language has it (a `field`
 * param is itself translated through `field.<name>`), else the server's own `msg`. Never another
 * reason than the one the server gave (DESIGN, honest messages).
 */
export function tServer(envelope: Pick<Envelope<unknown>, 'msg' | 'key' | 'params'>): string {
  const key = envelope.key && 'err.' + envelope.key;
  if (!key || !(has(key) || has(key + '.other'))) return envelope.msg;
  const params: Params = Object.assign({}, envelope.params);
  const field = params.field;
  if (field != null && has('field.' + field)) params.field = t('field.' + field);
  return t(key, params);
}
