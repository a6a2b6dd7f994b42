/** How an answer is encoded for a request: one rule for pages, assets and API answers. */

export type Encoding = 'br' | 'gzip' | 'identity';

/** Below this a compressed body saves fewer bytes than its header costs. */
export const MIN_COMPRESS = 512;

/** br over gzip over identity, as far as Accept-Encoding allows (`q=0` refuses). */
export function pickEncoding(header: string | string[] | undefined): Encoding {
  const accepted = new Set<string>();
  for (const part of String(header ?? '').toLowerCase().split(',')) {
    const [token, ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token);
  }
  if (accepted.has('br') || accepted.has('*')) return 'br';
  return accepted.has('gzip') ? 'gzip' : 'identity';
}
