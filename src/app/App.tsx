// First-load path: every byte here is downloaded before the app paints.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from './location.ts';
import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { $app, flag, navigate, recordPrevious, setKeepAlive } from '../stores/app.ts';
import { $session, logout } from '../stores/session.ts';
import { loadUserInfo } from '../stores/user-info.ts';
import { Frame } from '../ui/Frame.tsx';
import { LastKnown } from '../ui/LastKnown.tsx';
import { $reloads } from '../stores/offline.ts';
import { pathKey } from './path-key.ts';
import { pathOf } from './paths.ts';
import { Notify } from '../ui/Notify.tsx';
import { TabBar, TABS } from '../ui/TabBar.tsx';
import { decide, redirectTarget } from './guard.ts';
import { nextKeepAlive } from './keep-alive.ts';
import { match, notFound, rootTarget, routes, type RouteDef } from './routes.ts';
import { offered } from './offered.ts';
import { loadScreen, screens } from './screens.ts';
import './app.css';

/** First wait before a stalled screen asks again; it doubles up to the cap (and `online` cuts it short). */
const RETRY_MS = 3000;
const RETRY_MAX_MS = 30_000;

interface View {
  route: RouteDef;
  /** Slide class for the entering page, by depth (docs/rules.md#navigation). */
  slide: string;
}

const reducedMotion = () => matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Guard, redirects, screen loading, transitions, keep-alive and the tab layout. `onShown` runs
 * once a screen is in the page (after each change of screen): what the first paint does not need
 * waits for it, so a visitor's form arrives before anything else is asked for.
 */
export function App({ onShown }: { onShown?: () => void }) {
  const [path] = useLocation();
  const search = useSearch();
  const { token } = useStore($session);
  const { keepAlive, isMobile, appName } = useStore($app);
  const reloads = useStore($reloads);
  const [view, setView] = useState<View | null>(null);
  /** A screen whose chunk is still on its way: its frame shows at once, so a tap on 3G answers. */
  const [waiting, setWaiting] = useState<RouteDef | null>(null);
  /** That chunk failed to arrive: the frame says the screen opens once the network is back. */
  const [stalled, setStalled] = useState(false);
  /** Tab screens stay mounted once visited (docs/rules.md#navigation: the tab page is always kept alive). */
  const tabs = useRef<string[]>([]);
  const last = useRef<{ route: RouteDef; path: string } | null>(null);

  useEffect(() => {
    const full = path + (search ? '?' + search : '');
    const d = decide({ path: full, hasToken: !!token, isNeedLogin: flag('isNeedLogin') });
    if (d.kind === 'logoutAndRedirect') logout();
    // A login that just succeeded lands here too: it goes on to the page that asked for it.
    if (d.kind !== 'allow') return navigate(d.kind === 'redirect' ? redirectTarget(search) : d.to, true);
    if (path === '/') return navigate(rootTarget(flag('initToUser')), true);
    const route = offered(path) ? match(path) : notFound;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let delay = RETRY_MS;
    const retry = () => {
      clearTimeout(timer);
      removeEventListener('online', retry);
      if (live) attempt();
    };
    setWaiting(screens.has(route.name) ? null : route);
    setStalled(false);
    const attempt = () => loadScreen(route).then(
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
      // The screen's chunk did not arrive (offline): the address already names that screen, so its
      // frame stays and says it opens by itself once the network is back.
      () => {
        if (!live) return;
        setStalled(true);
        addEventListener('online', retry);
        timer = setTimeout(retry, delay);
        delay = Math.min(delay * 2, RETRY_MAX_MS);
      },
    );
    attempt();
    return () => {
      live = false;
      clearTimeout(timer);
      removeEventListener('online', retry);
    };
  }, [path, search, token, isMobile]);

  const name = view && view.route.name;
  useEffect(() => {
    if (name) document.title = t('route.' + name) + (appName ? ' · ' + appName : '');
  }, [name, appName]);
  useEffect(() => {
    if (view && onShown) onShown();
  }, [view]);

  if (!view) return null;
  /** The screen in front: the one on its way, if any, so the tab bar agrees with the address. */
  const front = waiting ? waiting.name : name!;
  const mounted = [...tabs.current, ...keepAlive.filter((n) => n !== name)];
  if (!mounted.includes(name!)) mounted.push(name!);
  return (
    <div className="app">
      <LastKnown />
      {mounted.map((n) => {
        const Screen = screens.get(n)!;
        const on = n === name;
        return (
          // One screen shows at a time, so one `main` landmark is visible; hidden ones are out of the tree.
          // A new key once the network is back mounts a screen that read without it afresh; the
          // count is kept by the screen's URL, which for a few routes is not its name (paths.ts).
          // The banner comes first in the one shown, in its flow (ui.css .notify).
          <main key={n + (reloads[pathKey(pathOf(n))] || '')} hidden={!on || !!waiting} className={on && view.slide ? view.slide : undefined}>
            {on && !waiting && <Notify />}
            <Screen />
          </main>
        );
      })}
      {waiting && (
        <main>
          <Notify />
          <Frame name={waiting.name} tab={waiting.tab && true} note={stalled ? t('offline.screen') : undefined} />
        </main>
      )}
      {(TABS as readonly string[]).includes(front) && <TabBar active={front} go={(to) => navigate(to)} />}
    </div>
  );
}
