/**
 * Route → files: every JS file a route's screen needs beyond the first load (its chunk and all the
 * chunks below it). The server writes preloads for the files of the route being opened into the
 * page (server/pages/static.ts), so they come in the same wave as the entry, instead of one round
 * trip per level of imports once the entry has run; a visitor without the signed-in hint gets the
 * login screen's instead, except on the routes a visitor may open.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chunksOf, closure } from './graph.mjs';
import { ASSETS, r } from './config.mjs';

const ROUTES = 'src/app/routes.ts';
/** The URLs fixed in other words than their routes' names. */
const PATHS = 'src/app/paths.ts';

/** A module the route table imports, as the metafile names it (`src/money/forms/Withdraw.tsx`). */
const fromTable = (file) => path.posix.join(path.posix.dirname(ROUTES), file);

/**
 * The routes of the route table and the `notFound` route: name, who may open them, the screen
 * module their loader imports (`entry`) and their URL without the slash (`key`: the one paths.ts
 * fixes for the name, else the name), from lines such as
 * `r('savings', 2, 'open', () => import('../screens/savings/index.tsx'), { tab: 1 })`.
 * Routes are plain literals there on purpose (one chunk per screen).
 */
export async function readRoutes() {
  const source = await readFile(r(ROUTES), 'utf8');
  const fixed = new Map([...(await readFile(r(PATHS), 'utf8')).matchAll(/^\s+(\w+): '\/(\w+)',$/gm)].map((m) => [m[1], m[2]]));
  if (!fixed.size) throw new Error(`${PATHS}: no fixed URLs found by route-files.mjs, update its pattern`);
  const found = [...source.matchAll(/\br\('(\w+)', \d+, '(auth|open|user)', \(\) => import\('([^']+)'\)/g)].map((m) => ({
    name: m[1],
    access: m[2],
    entry: fromTable(m[3]),
    key: fixed.get(m[1]) ?? m[1],
  }));
  const notFound = /\bnotFound: RouteDef = \{[^}]*?import\('([^']+)'\)/.exec(source);
  if (found.length < 2 || !notFound) throw new Error(`${ROUTES}: no routes found by route-files.mjs, update its pattern`);
  return [...found, { name: 'notFound', access: 'user', entry: fromTable(notFound[1]), key: 'notFound' }];
}

/** The root path's target and the login need from the config defaults the app starts with. */
async function configDefaults() {
  const source = await readFile(r('src/shared/config-keys.ts'), 'utf8');
  const flag = (key) => {
    const m = new RegExp(`\\b${key}: '([01])'`).exec(source);
    if (!m) throw new Error(`src/shared/config-keys.ts: no ${key} default for route-files.mjs`);
    return m[1] === '1';
  };
  return { initToUser: flag('initToUser'), isNeedLogin: flag('isNeedLogin') };
}

/**
 * Keys of routes.json naming the routes a visitor may open with the default config, and those a
 * visitor may open once the operator turns `isNeedLogin` off; `@` keeps them apart from route names.
 */
export const VISITOR_KEY = '@visitor';
export const OPEN_KEY = '@open';

/**
 * `{ routes: { name: ['/assets/home-X.js', …], '@visitor': ['login', …], '@open': ['home', …] }, root }`:
 * the URLs per route and the routes (lowercase) a visitor without a token may open with the default
 * config and with `isNeedLogin` off (the others show the login form), for routes.json; and the
 * route `/` leads to, for the boot script.
 */
export async function routeFiles(metafile, first) {
  const shell = new Set(first.js);
  const list = await readRoutes();
  const screens = new Map(chunksOf(metafile, list.map((route) => route.entry)).map(({ file, entryPoint }) => [entryPoint, file]));
  const routes = {};
  const open = [];
  const openWithoutLogin = [];
  const defaults = await configDefaults();
  // Keyed by URL: the server and the service worker look a page's path up here.
  for (const { name, access, entry, key } of list) {
    const chunk = screens.get(entry);
    if (!chunk) throw new Error(`route ${name} has no chunk from ${entry}`);
    const files = closure(metafile, chunk).filter((f) => !shell.has(f));
    routes[key] = files.map((f) => ASSETS + f.split('/').pop());
    if (access === 'auth' || (access === 'open' && !defaults.isNeedLogin)) open.push(key.toLowerCase());
    if (access !== 'user') openWithoutLogin.push(key.toLowerCase());
  }
  if (!routes.login) throw new Error('route-files.mjs: no login route');
  routes[VISITOR_KEY] = open;
  routes[OPEN_KEY] = openWithoutLogin;
  return { routes, root: defaults.initToUser ? 'user' : 'home' };
}
