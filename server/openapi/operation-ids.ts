/** Names of operations for code generators: stable operationIds, and tags for those that state none. */
import { API_PREFIX } from '../http/prefix.ts';

export const TAGS: Record<string, string> = {
  auth: 'Registration, login, verification codes, passwords',
  user: 'The caller\'s profile, VIP level, wallet bills',
  content: 'Platform settings and content: configuration, notices, banners, pages, rates',
  market: 'Tickers and candles',
  orders: 'Contract orders',
  finance: 'Finance products',
  savings: 'The savings balance',
  messages: 'Messages and notices',
  deposits: 'Deposits',
  withdrawals: 'Withdrawals',
  'payment methods': 'Bank cards, PIX keys, QR codes, wallet addresses',
  uploads: 'Images',
};

/** The tag of an operation that names none, by where its path lives. */
export function tagOf(path: string): string {
  if (/\/(login|captchaImage|register|forget|common\/(sms|email))\b/.test(path)) return 'auth';
  if (/\/common\/(avatar|oss)\b/.test(path)) return 'uploads';
  if (/\/h5\/(user|fish)\//.test(path) || /\/background\/bill\//.test(path)) return 'user';
  return 'content';
}

/**
 * Stable operationIds from the paths: the last word (`getUserInfo`), or as many words from the end
 * as make it unique (`expensesSendCode`, `fishSendCode`), so adding a route renames only its twins.
 */
export function operationIds(keys: string[]): Map<string, string> {
  const words = new Map(keys.map((k) => [k, k.split(' ')[1]!.slice(API_PREFIX.length).split('/').filter((w) => w && !w.startsWith('{'))]));
  const camel = (list: string[]) => list.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join('');
  const length = new Map(keys.map((k) => [k, 1]));
  const idOf = (k: string) => {
    const list = words.get(k)!;
    const id = camel(list.slice(-Math.min(length.get(k)!, list.length)));
    return length.get(k)! > list.length ? k.split(' ')[0]!.toLowerCase() + id[0]!.toUpperCase() + id.slice(1) : id;
  };
  for (let round = 0; round < 8; round++) {
    const count = new Map<string, number>();
    for (const k of keys) count.set(idOf(k), (count.get(idOf(k)) ?? 0) + 1);
    const twins = keys.filter((k) => count.get(idOf(k))! > 1);
    if (!twins.length) break;
    for (const k of twins) length.set(k, length.get(k)! + 1);
  }
  return new Map(keys.map((k) => [k, idOf(k)]));
}
