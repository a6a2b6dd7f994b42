import { t } from '../../i18n/index.ts';
import { pathOf } from '../../app/paths.ts';
import { HOME_ENTRIES, type HomeEntry } from '../../shared/home-entries.ts';
import { follow } from './follow.ts';
import { offered } from '../../app/offered.ts';

// Where each leads, and its icon drawn like ui/Icon (24-unit stroke paths); kept here so the
// first-load icon set does not grow.
const ENTRIES: Record<HomeEntry, readonly [string, string]> = {
  deposit: ['/rechargeList', 'M12 3v12m-5-5 5 5 5-5M5 21h14'],
  withdraw: ['/withdraw', 'M12 15V3M7 8l5-5 5 5M5 21h14'],
  orders: ['/orderList', 'M9 3h6v4H9zM7 5H5v16h14V5h-2M9 12h6m-6 4h4'],
  savings: [pathOf('savings'), 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm3 6.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .9-3 2.2 0 3 6 1.6 6 4.6 0 1.3-1.3 2.2-3 2.2-1.4 0-2.5-.5-3-1.5M12 5v2m0 10v2'],
  finance: ['/financial', 'M3 17l6-6 4 4 8-8m-6 0h6v6'],
};

/** The shortcuts to the main features, in the order the home page's skeleton writes their words (server/pages/home-prices.ts). */
export function Entries() {
  return (
    <nav className="ent">
      {HOME_ENTRIES.map((key) => {
        const [href, d] = ENTRIES[key];
        return offered(href) && (
          <a key={key} href={href} onClick={follow}>
            <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d={d} />
            </svg>
            {t('home.' + key)}
          </a>
        );
      })}
    </nav>
  );
}
