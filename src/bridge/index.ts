/**
 * The bridge to a partner's host app (docs/partners.md): loaded only on a partner's page (the
 * server marks it `data-partner`), it tells the host what a host needs (ready, route, session,
 * balance, close, external) and takes language, theme and logout from it.
 */
import { $session, logout } from '../stores/session.ts';
import { navigate } from '../stores/app.ts';
import { hostChannel, readHostMessage, type HostMessage } from './channel.ts';

const root = document.documentElement;
const partner = root.getAttribute('data-partner') || '';
const origin = root.getAttribute('data-po') || undefined;
const send = hostChannel(window, origin);

/** The tab screens (ui/TabBar.tsx), where back is the host's. */
const isRoot = (path: string) => /^\/(home|trade|financial|user)?\/*$/i.test(path);

function receive(m: HostMessage): void {
  if (m.type === 'language') {
    if (typeof m.language !== 'string') return;
    // The page again with `?lang=`, which the boot maps to one of the languages and saves as the
    // user's choice, and `?partner=`, so the partner's brand paints again.
    const url = new URL(location.href);
    url.searchParams.set('lang', m.language);
    url.searchParams.set('partner', partner);
    location.replace(url.href);
  } else if (m.type === 'theme') {
    const theme = m.theme === 'light' ? 'light' : m.theme === 'dark' ? 'long' : null;
    if (!theme) return;
    root.setAttribute('data-theme', theme);
    try {
      sessionStorage.setItem('theme', m.theme as string);
    } catch {
      /* storage blocked: this page keeps it */
    }
  } else if (m.type === 'logout') {
    import('../api/account.ts').then((api) => api.revokeSession()).catch(() => {}).then(() => {
      logout();
      navigate('/', true);
    });
  }
}

if (send) {
  // A host that offers no way in calls this (iOS and Android `evaluateJavascript`).
  (window as unknown as { tradeLite: { receive(m: unknown): void } }).tradeLite = {
    receive: (data) => {
      const m = readHostMessage(data);
      if (m) receive(m);
    },
  };
  const onMessage = (e: Event) => {
    const event = e as MessageEvent;
    // From a frame's parent only at the partner's origin; React Native's messages have none.
    if (event.origin && event.origin !== origin) return;
    const m = readHostMessage(event.data);
    if (m && (m as { source?: unknown }).source !== 'trade-lite') receive(m);
  };
  addEventListener('message', onMessage);
  // React Native on Android dispatches on the document.
  document.addEventListener('message', onMessage);

  send({ type: 'ready', partner, path: location.pathname });

  let told = '';
  const title = document.querySelector('title');
  /**
   * The shell names a screen in the title once it shows, so the route is told on that change, with
   * the title: not on the address alone, which changes while the previous screen still shows.
   * Until then the title is the page's own (the partner's name).
   */
  const routeChanged = () => {
    const path = location.pathname;
    if (told === path + '\n' + document.title || path === '/sso' || document.title === root.getAttribute('data-pn')) return;
    told = path + '\n' + document.title;
    send({ type: 'route', path, title: document.title });
    markRoot();
  };
  if (title) new MutationObserver(routeChanged).observe(title, { childList: true });

  /**
   * Back on a root screen belongs to the host: the first root screen gets an entry of its own
   * underneath, and arriving back on it tells the host `close` and steps forward again.
   */
  let marked = false;
  const markRoot = () => {
    if (marked || !isRoot(location.pathname)) return;
    marked = true;
    history.replaceState({ ...history.state, tlRoot: 1 }, '');
    history.pushState({ ...history.state, tlRoot: 0 }, '');
  };
  addEventListener('popstate', () => {
    if (!(history.state && history.state.tlRoot === 1)) return;
    send({ type: 'close' });
    history.forward();
  });

  let signedIn: boolean | undefined;
  let balance: string | undefined;
  $session.subscribe(({ token, userInfo }) => {
    if (!!token !== signedIn) {
      signedIn = !!token;
      send({ type: 'session', signedIn });
      if (!signedIn) balance = undefined;
    }
    if (userInfo && userInfo.balance !== balance) {
      balance = userInfo.balance;
      send({ type: 'balance', balance, frozen: userInfo.frozen });
    }
  });

  // Links that leave the app are the host's to open (a browser, its own screen).
  document.addEventListener(
    'click',
    (e) => {
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.origin === location.origin || !/^https?:$/.test(a.protocol)) return;
      e.preventDefault();
      send({ type: 'external', url: a.href });
    },
    true,
  );

  // The screen of the address the page loaded with may have shown already: told now. After a move
  // within the app (the sign-on's), the title may still be the previous screen's: its change tells.
  const loaded = performance.getEntriesByType && performance.getEntriesByType('navigation')[0];
  if (!loaded || new URL(loaded.name).pathname === location.pathname) routeChanged();
}
