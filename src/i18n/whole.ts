// First-load path: every byte here is downloaded before the app paints.
import { setLocale, type Dict } from './index.ts';
import { localeUrl } from './locale-url.ts';

/**
 * A visitor's page starts with the sign-in part of the locale file (the boot script's choice);
 * the first other screen waits for the whole file (app/screens.ts), asked for once, alongside the
 * part if that has not arrived yet. A failed fetch is asked for again by the next screen.
 */
let whole: Promise<void> | undefined;
/** The whole file is in: a part arriving later must not replace its groups (tables merge by group). */
let complete = false;

/** The boot script's dictionary for `code`: the whole file, or the sign-in part (`part`). */
export function applyBootLocale(code: string, dict: Dict, part: boolean): void {
  if (!complete) setLocale(code, dict);
  if (!part) {
    complete = true;
    whole = Promise.resolve();
  }
}

/** A page that started with the whole file (a saved session) waits for the boot script's fetch of it, not a second one. */
export const wholeLocale = (): Promise<void> => {
  const boot = window.__boot!;
  return (whole ||= (boot.localePart
    ? boot.language.then((code) =>
        fetch(localeUrl(code))
          .then((res) => res.json() as Promise<Dict>)
          .then((dict) => {
            setLocale(code, dict);
            complete = true;
          }),
      )
    : boot.locale.then(() => {})
  ).catch((e: unknown) => {
    whole = undefined;
    throw e;
  }));
};
