/** The page's Content-Security-Policy: hashes of its inline scripts and styles, so neither needs 'unsafe-inline'. */
import { createHash } from 'node:crypto';

const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** CSP hashes of the inline boot script(s) in index.html, so no 'unsafe-inline' is needed for scripts. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    if (m[1]!.trim()) hashes.push(cspHash(m[1]!));
  }
  return hashes;
}

/**
 * CSP hashes for styles without 'unsafe-inline': the inline critical `<style>` of index.html, and
 * the empty `<style>` a lazy screen appends and fills through CSSOM (scripts/build/inject-css.js).
 */
export function inlineStyleHashes(html: string): string[] {
  const hashes = [cspHash('')];
  for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)) if (m[1]) hashes.push(cspHash(m[1]));
  return hashes;
}
