// First-load path: every byte here is downloaded before the app paints.
import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation, useSearch } from './location.ts';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { $app, flag, navigate, recordPrevious, setKeepAlive } from '../stores/app.ts';
import { notify } from '../stores/notify.ts';
import { $session, loadUserInfo, logout } from '../stores/session.ts';
import { Frame } from '../ui/Frame.tsx';
import { Notify } from '../ui/Notify.tsx';
import { TabBar, TABS } from '../ui/TabBar.tsx';
import { decide, redirectTarget } from './guard.ts';
import { nextKeepAlive } from './keep-alive.ts';
import { match, rootTarget, routes, type RouteDef } from './routes.ts';
import './app.css';

/** Screens already downloaded, by route name. */
const screens = new Map<string, ComponentType>();

/** Downloads a route's screen once; main.tsx starts the first one early. */
export const loadScreen = (r: RouteDef): Promise<void> =>
  screens.has(r.name) ? Promise.resolve() : r.load().then((m) => void screens.set(r.name, m.default));

interface View {
  route: RouteDef;
  /** Slide class for the entering page, by depth (SPEC §2). */
  slide: string;
}

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Guard, redirects, screen loading, transitions, keep-alive and the tab layout. */
export function App() {
  const [path] = useLocation();
  const search = useSearch();
  const { token } = useStore($session);
  const { keepAlive, isMobile, appName } = useStore($app);
  const [view, setView] = useState<View | null>(null);
  /** A screen whose chunk is still on its way: its frame shows at once, so a tap on 3G answers. */
  const [waiting, setWaiting] = useState<RouteDef | null>(null);
  /** Tab screens stay mounted once visited (SPEC §2: the tab page is always kept alive). */
  const tabs = useRef<string[]>([]);
  const last = useRef<{ route: RouteDef; path: string } | null>(null);

  useEffect(() => {
    const full = path + (search ? '?' + search : '');
    const d = decide({ path: full, hasToken: !!token, isNeedLogin: flag('isNeedLogin') });
    if (d.kind === 'logoutAndRedirect') logout();
    // A login that just succeeded lands here too: it goes on to the page that asked for it.
    if (d.kind !== 'allow') return navigate(d.kind === 'redirect' ? redirectTarget(search) : d.to, true);
    if (path === '/') return navigate(rootTarget(flag('initToUser')), true);
    const route = match(path);
    let live = true;
    setWaiting(screens.has(route.name) ? null : route);
    loadScreen(route).then(
      () => {
        if (!live) return;
        setWaiting(null);
        const from = last.current;
        if (route.recordPrevious && from && from.route !== route) recordPrevious(path, from.path);
        setKeepAlive(nextKeepAlive($app.get().keepAlive, from && from.route, route, routes));
        if (route.tab && !tabs.current.includes(route.name)) tabs.current.push(route.name);
        const delta = from ? route.depth - from.route.depth : 0;
        const slide = !isMobile || reducedMotion() || !delta ? '' : delta > 0 ? 'slide-l' : 'slide-r';
        last.current = { route, path: full };
        setView({ route, slide });
        scrollTo(0, 0);
        loadUserInfo();
      },
      // The screen's chunk did not arrive (offline): stay where we are and say why.
      () => {
        if (!live) return;
        setWaiting(null);
        notify(t('err.network'));
      },
    );
    return () => {
      live = false;
    };
  }, [path, search, token, isMobile]);

  const name = view && view.route.name;
  useEffect(() => {
    if (name) document.title = t('route.' + name) + (appName ? ' · ' + appName : '');
  }, [name, appName]);

  if (!view) return null;
  const mounted = [...tabs.current, ...keepAlive.filter((n) => n !== name)];
  if (!mounted.includes(name!)) mounted.push(name!);
  return (
    <div className="app">
      {mounted.map((n) => {
        const Screen = screens.get(n)!;
        const on = n === name;
        return (
          // One screen shows at a time, so one `main` landmark is visible; hidden ones are out of the tree.
          <main key={n} hidden={!on || !!waiting} className={on && view.slide ? view.slide : undefined}>
            <Screen />
          </main>
        );
      })}
      {waiting && (
        <main>
          <Frame name={waiting.name} kind="lines" tab={waiting.tab && true} />
        </main>
      )}
      {(TABS as readonly string[]).includes(name!) && <TabBar active={name!} go={(to) => navigate(to)} />}
      <Notify />
    </div>
  );
}
