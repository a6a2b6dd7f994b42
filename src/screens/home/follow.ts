import type { MouseEvent } from 'react';
import { navigate } from '../../stores/app.ts';

/**
 * Click handler of an in-app `<a href>`: navigates without a page load, while a modified click
 * (new tab, new window) keeps the browser's own behaviour.
 */
export const follow = (e: MouseEvent<HTMLAnchorElement>): void => {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  navigate(e.currentTarget.getAttribute('href')!);
};
