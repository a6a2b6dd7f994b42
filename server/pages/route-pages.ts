/** Each route's page with its screen's preloads (dist/routes.json), and the routes a visitor may open. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { withPreloads } from '../../src/shared/page-preloads.ts';
import { variantAsync, type PageVariant } from './variants.ts';

/**
 * A route's page; compressed (at brotli's best) when it is first asked for, not at start: a server
 * start then does not spend a third of a second of a core on 34 pages most runs never serve.
 */
export type RoutePage = { html: string; page: () => Promise<PageVariant> };

const onFirstAsk = (html: string): (() => Promise<PageVariant>) => {
  let made: Promise<PageVariant> | undefined;
  return () => {
    if (!made) {
      made = variantAsync(html, 11);
      made.catch(() => (made = undefined));
    }
    return made;
  };
};

/**
 * routes.json's keys for the routes a visitor may open with the default config and with
 * `isNeedLogin` off (scripts/build/route-files.mjs).
 */
const VISITOR_KEY = '@visitor';
const OPEN_KEY = '@open';

export interface VisitorRoutes {
  /** With the default config. */
  always: Set<string>;
  /** Once the operator turns `isNeedLogin` off. */
  withoutLogin: Set<string>;
}

/**
 * Route name (lowercase) → its page, and the routes a visitor may open (null when routes.json
 * does not name them: every path then gets its own route's page).
 */
export function routePages(root: string, html: string): { pages: Map<string, RoutePage>; visitorOpens: VisitorRoutes | null } {
  const pages = new Map<string, RoutePage>();
  const file = path.join(root, 'routes.json');
  if (!existsSync(file) || !html.includes('</head>')) return { pages, visitorOpens: null };
  const { [VISITOR_KEY]: always, [OPEN_KEY]: withoutLogin, ...routes } = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  for (const [name, files] of Object.entries(routes)) {
    const withFiles = withPreloads(html, files);
    pages.set(name.toLowerCase(), { html: withFiles, page: onFirstAsk(withFiles) });
  }
  if (!always || !pages.has('login')) return { pages, visitorOpens: null };
  return { pages, visitorOpens: { always: new Set(always), withoutLogin: new Set([...always, ...(withoutLogin ?? [])]) } };
}
