// First-load path: every byte here is downloaded before the app paints.
// First: the libraries below use what it fills in as soon as they run.
import './lib/old-engines.ts';
import { createRoot } from 'react-dom/client';
import type { BootFailure } from './boot/types.ts';
import type { Envelope } from './shared/contract.ts';
import { CONFIG_DEFAULTS } from './shared/config-keys.ts';
import { httpsOnly } from './shared/https-link.ts';
import { t, tServer } from './i18n/index.ts';
import { applyBootLocale } from './i18n/whole.ts';
import { isMobile } from './lib/device.ts';
import { localPersists } from './lib/storage.ts';
import { notify } from './stores/notify.ts';
import { statusText } from './api/status.ts';
import { $app, applyConfig, applyLanguage, applyPlatform, config, setMobile } from './stores/app.ts';
import { $session } from './stores/session.ts';
import { decide } from './app/guard.ts';
import { match, rootTarget } from './app/routes.ts';
import { App } from './app/App.tsx';
import { loadScreen } from './app/screens.ts';
import { data, marketReady } from './app/market-start.ts';
import Retry from './screens/retry/index.tsx';
import './styles/index.css';

const boot = window.__boot;
const root = createRoot(document.getElementById('app')!);

/**
 * The first screen the guard will most likely show, fetched alongside the start-up calls instead
 * of after them. Config is not known yet, so the demo defaults stand in; a wrong guess only costs
 * the chunk the App then loads itself.
 */
const firstScreen = (): Promise<void> => {
  const d = decide({
    path: location.pathname + location.search,
    hasToken: !!$session.get().token,
    isNeedLogin: CONFIG_DEFAULTS.isNeedLogin === '1',
  });
  const to = (d.kind === 'allow' ? location.pathname : d.kind === 'redirect' ? '/' : '/login').split('?')[0]!;
  return loadScreen(match(to === '/' ? rootTarget(CONFIG_DEFAULTS.initToUser === '1') : to)).catch(() => {});
};

async function start(): Promise<void> {
  if (!boot) throw { status: 0 } satisfies BootFailure;
  const chunk = firstScreen();
  const [cfg, platform] = await Promise.all([boot.config, boot.platform]);
  applyConfig(data(cfg));
  applyPlatform(data(platform));
  // Started by the boot script on a signed-in page; a visitor's first screen past sign-in asks.
  if (boot.market) await marketReady();

  const html = document.documentElement;
  const width = $app.get().deviceWidth;
  html.style.setProperty('--dw', width + 'px');
  html.dataset.theme = boot.theme || config('theme');
  setMobile(isMobile(navigator.userAgent, screen.width, width));
  const font = httpsOnly(config('customFontFamilyLink'));
  if (font) document.head.append(Object.assign(document.createElement('link'), { rel: 'stylesheet', href: font }));
  await chunk;
}

/** The failure in the user's words: the server's reason, or what the transport said. */
const reason = (e: unknown): string => {
  if (e && 'msg' in (e as object)) return tServer(e as Envelope<unknown>);
  const f = e as Partial<BootFailure>;
  if (f && f.status) return t('err.service', { status: f.status, text: statusText(f.status) });
  return t(f && f.timeout ? 'err.timeout' : 'err.network');
};

// Only the retry screen may be shown before the locale file arrives: its English is bundled.
const EN = { title: 'The app could not start', hint: 'Check your connection and try again.', retry: 'Try again', lang: 'en' };

const localeReady: Promise<boolean> = boot
  ? Promise.all([boot.language, boot.locale]).then(
      ([code, dict]) => {
        applyBootLocale(code, dict, !!boot.localePart);
        applyLanguage(code);
        return true;
      },
      () => false,
    )
  : Promise.resolve(false);

Promise.all([start(), localeReady])
  .then(([, hasLocale]) => {
    if (!hasLocale) throw { status: 0 } satisfies BootFailure;
  })
  .then(
  () => {
    // The push socket (docs/rules.md#push-channel), a partner's host bridge and the service worker
    // are not needed to paint: they are asked for once the first screen has painted.
    let shown = false;
    const afterShown = () => {
      if (shown) return;
      shown = true;
      requestAnimationFrame(() =>
        setTimeout(() => {
          import('./boot/after-render.ts');
          navigator.serviceWorker
            ?.register('/sw.js')
            .then((reg) => import('./boot/after-register.ts').then((m) => m.afterRegister(reg, boot!)))
            .catch(() => {});
        }),
      );
    };
    root.render(<App onShown={afterShown} />);
    // Said once per page: with nothing kept, the next visit starts signed out.
    if (!localPersists()) notify(t('common.noStorage'), { type: 'warning', duration: 0 });
  },
  async (e: unknown) => {
    const texts = (await localeReady)
      ? { title: t('common.bootFailed'), hint: t('common.bootHint'), retry: t('ui.retry'), reason: reason(e) }
      : EN;
    root.render(<Retry {...texts} />);
  },
);
