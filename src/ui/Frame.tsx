// First-load path: App shows it while a screen's chunk is on its way.
import { has, t } from '../i18n/index.ts';
import type { ComponentType } from 'react';
import { Page } from './Page.tsx';
import { Skeleton } from './Skeleton.tsx';

interface Props {
  /** Route name: the title is `route.<name>`. */
  name: string;
  /** Tab screens have no back button. */
  tab?: boolean;
  /** Said above the placeholder, e.g. that the screen waits for the network. */
  note?: string;
}

/** What a screen on its way shows instead of the placeholder, given by the screen that opens it. */
export const early: Record<string, ComponentType> = {};

/**
 * The frame of a screen whose feature has not landed: its real title bar and the shape of its
 * content while it loads, so navigation and transitions already behave as they will. A visitor's
 * page holds the titles of the routes it may open (sign-in-words.mjs); another route's title comes
 * with the whole locale file, which the screen waits for, so until then the bar has no title
 * rather than a key.
 */
export function Frame({ name, tab, note }: Props) {
  const title = 'route.' + name;
  const Body = early[name];
  return (
    <Page title={has(title) ? t(title) : ''} back={!tab}>
      {note && <p className="frame-note" role="status">{note}</p>}
      {Body ? <Body /> : <Skeleton kind="lines" />}
    </Page>
  );
}
