// First-load path: the bottom tab bar of the tab layout.
import { useStore } from '@nanostores/react';
import { t } from '../i18n/index.ts';
import { $unread } from '../stores/unread.ts';
import { Icon } from './Icon.tsx';

/** The four tabs, in order (docs/rules.md#routes); each is a route name with a `route.<name>` title and an icon. */
export const TABS = ['home', 'trade', 'financial', 'user'] as const;
export type TabName = (typeof TABS)[number];

interface Props {
  /** Route name of the tab on screen; other routes of the tab layout light none. */
  active: string;
  /** Navigates to the tab's path (the shell owns navigation). */
  go: (path: string) => void;
}

export function TabBar({ active, go }: Props) {
  const unread = useStore($unread);
  return (
    <nav className="tabbar" aria-label={t('ui.tabs')}>
      {TABS.map((name) => (
        <a
          key={name}
          href={'/' + name}
          aria-current={name === active ? 'page' : undefined}
          onClick={(e) => {
            if (e.metaKey || e.ctrlKey || e.shiftKey) return;
            e.preventDefault();
            if (name !== active) go('/' + name);
          }}
        >
          <Icon name={name} size={22} />
          {t('route.' + name)}
          {name === 'user' && unread > 0 && <b className="badge">{unread > 99 ? '99+' : unread}</b>}
        </a>
      ))}
    </nav>
  );
}
