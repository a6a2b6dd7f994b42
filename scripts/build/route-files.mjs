/**
 * Route → files: every JS file a route's screen needs beyond the first load (its chunk and all the
 * chunks below it). The server writes preloads for the files of the route being opened into the
 * page (server/pages/static.ts), so they come in the same wave as the entry, instead of one round
 * trip per level of imports once the entry has run; a visitor without the signed-in hint gets the
 * login screen's instead, except on the routes a visitor may open.
 */
import { readFile } from 'node:fs/promises';
import { closure, lazyEntries } from './graph.mjs';
import { ASSETS, r } from './config.mjs';

const ROUTES = 'src/app/routes.ts';

/**
 * Route names and who may open them, read from the route table: `r('home', 1, 'open', …)` and the
 * `notFound` route. Routes are plain literals there on purpose (one chunk per screen).
 */
export async function readRoutes() {
  const source = await readFile(r(ROUTES), 'utf8');
  const found = [...source.matchAll(/\br\('(\w+)', \d+, '(auth|open|user)'/g)].map((m) => ({ name: m[1], access: m[2] }));
  if (found.length < 2) throw new Error(`${ROUTES}: no routes found by route-files.mjs, update its pattern`);
  return [...found, { name: 'notFound', access: 'user' }];
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
  const screens = new Map(
    lazyEntries(metafile, 'src/screens/').map(({ file, entryPoint }) => [entryPoint.split('/')[2], file]),
  );
  const routes = {};
  const open = [];
  const openWithoutLogin = [];
  const list = await readRoutes();
  const defaults = await configDefaults();
  for (const { name, access } of list) {
    const chunk = screens.get(name);
    if (!chunk) throw new Error(`route ${name} has no chunk from src/screens/${name}/index.tsx`);
    const files = closure(metafile, chunk).filter((f) => !shell.has(f));
    routes[name] = files.map((f) => ASSETS + f.split('/').pop());
    if (access === 'auth' || (access === 'open' && !defaults.isNeedLogin)) open.push(name.toLowerCase());
    if (access !== 'user') openWithoutLogin.push(name.toLowerCase());
  }
  if (!routes.login) throw new Error('route-files.mjs: no login route');
  routes[VISITOR_KEY] = open;
  routes[OPEN_KEY] = openWithoutLogin;
  return { routes, root: defaults.initToUser ? 'user' : 'home' };
}
