/**
 * A partner's page: the first HTML with the partner's colours, name, logo and hidden sections
 * written in, so the first paint is already theirs; and the framing rule that lets the partner's
 * registered origin, and only it, embed the page.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { readCookie } from '../http/xsrf.ts';
import { hiddenPaths } from './sections.ts';
import { pagePartner, type Partner } from './store.ts';

/** Set at sign-on: the pages of this browser are the partner's even without `?partner=`. */
export const PARTNER_COOKIE = 'tl_partner';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const cspHash = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The partner a page request is for: `?partner=<id>`, else the partner the browser signed on through. */
export async function partnerOfRequest(ctx: ServerContext, request: FastifyRequest): Promise<Partner | null> {
  const asked = (request.query as { partner?: unknown } | undefined)?.partner;
  const id = typeof asked === 'string' ? asked : readCookie(request.headers.cookie, PARTNER_COOKIE);
  return id ? pagePartner(ctx, id) : null;
}

/**
 * The partner's stylesheet: its colours over both themes and over the first-load stylesheet, which
 * comes after it and sets `:root` again (`html:root` outranks `:root` and `[data-theme=…]`), and
 * every link to a section it does not offer hidden.
 */
export function partnerStyle(p: Partner): string {
  const colors = Object.entries(p.brand.colors).map(([name, value]) => `--${name}:${value}`).join(';');
  const hidden = hiddenPaths(p.brand.hide).map((path) => `a[href^="${path}"]`);
  return (colors ? `html:root{${colors}}` : '') + (hidden.length ? `${hidden.join(',')}{display:none!important}` : '');
}

/** The page `html` as the partner's: what it writes and the hash its style needs in the CSP. */
export function brandPage(html: string, p: Partner): { html: string; styleHash: string | null } {
  const style = partnerStyle(p);
  // The app's own check (src/app/offered.ts), as a pattern: the paths are letters and slashes.
  const hidden = hiddenPaths(p.brand.hide).join('|');
  let out = html
    .replace(/<html /, `<html data-partner="${attr(p.id)}" data-pn="${attr(p.name)}"${p.origin ? ` data-po="${attr(p.origin)}"` : ''}${hidden ? ` data-ph="${attr(hidden)}"` : ''} `)
    .replace(/<title>[^<]*<\/title>/, `<title>${attr(p.name)}</title>`)
    .replace('</head>', () => (style ? `<style>${style}</style>` : '') + '</head>');
  if (p.brand.logo) out = out.replace(/<svg class="o"[\s\S]*?<\/svg>/, `<img class="o" src="${attr(p.brand.logo)}" alt="">`);
  return { html: out, styleHash: style ? cspHash(style) : null };
}

/** The page's CSP with the partner's style allowed and its origin (if registered) allowed to frame it. */
export function partnerCsp(csp: string, p: Partner, styleHash: string | null): string {
  return csp
    .split(';')
    .map((d) => {
      const directive = d.trim();
      if (styleHash && directive.startsWith('style-src ')) return `${directive} ${styleHash}`;
      if (p.origin && directive.startsWith('frame-ancestors ')) return `frame-ancestors 'self' ${p.origin}`;
      return directive;
    })
    .join(';');
}
