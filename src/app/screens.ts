// First-load path: every byte here is downloaded before the app paints.
import type { ComponentType } from 'react';
import { wholeLocale } from '../i18n/whole.ts';
import { marketReady } from './market-start.ts';

export type ScreenModule = { default: ComponentType };

/** What loading a screen needs of its route: a screen may load another without the route table. */
export interface Screen {
  name: string;
  load: () => Promise<ScreenModule>;
  /**
   * `auth`: a sign-in screen, whose words a visitor's page starts with; any other waits for the
   * whole locale file and the market's start-up answers.
   */
  access?: string;
}

/** Screens already downloaded, by route name. */
export const screens = new Map<string, ComponentType>();

/** The address of each route's chunk that failed to arrive, from the browser's error. */
const failed = new Map<string, string>();
let retries = 0;

/**
 * Downloads a route's screen once; main.tsx starts the first one early. Chromium keeps a failed
 * `import()` failed for the page's lifetime (https://github.com/whatwg/html/issues/6768), so
 * after a failure the same file is asked for under a new query: a new module address.
 */
export const loadScreen = (r: Screen): Promise<void> => {
  if (screens.has(r.name)) return Promise.resolve();
  const again = failed.get(r.name);
  const words = r.access === 'auth' ? null : Promise.all([wholeLocale(), marketReady()]);
  return Promise.all([again ? (import(again + '?retry=' + ++retries) as Promise<ScreenModule>) : r.load(), words]).then(
    ([m]) => void screens.set(r.name, m.default),
    (e: unknown) => {
      const url = /\bhttps?:\/\/\S+?\.js\b/.exec(String(e && (e as Error).message));
      if (url && !again) failed.set(r.name, url[0]);
      throw e;
    },
  );
};
