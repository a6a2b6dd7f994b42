import { useStore } from '@nanostores/react';
import { useLocation } from '../../app/location.ts';
import { getBanners, getMarquee, getNotices } from '../../api/content.ts';
import { pathKey } from '../../app/path-key.ts';
import { t } from '../../i18n/index.ts';
import { $session } from '../../stores/session.ts';
import { Page } from '../../ui/Page.tsx';
import { SaverBadge } from '../../ui/SaverBadge.tsx';
import { Banners } from './Banners.tsx';
import { Entries } from './Entries.tsx';
import { Quotes } from './Quotes.tsx';
import { follow } from './follow.ts';
import { useLateList } from './late-list.ts';
import './style.css';

/** The home tab: promotions from the server, shortcuts, the live quote list (above the fold), notices. */
export default function Home() {
  const [path] = useLocation();
  const signedIn = !!useStore($session, { keys: ['token'] }).token;
  const banners = useLateList('banners', getBanners);
  const marquee = useLateList('marquee', getMarquee);
  const notices = useLateList('notices', getNotices);
  // The tab stays mounted behind other screens; prices are polled only while it is the one shown.
  const shown = pathKey(path) === '/home';

  return (
    <Page title={t('route.home')} back={false} end={<SaverBadge />}>
      <Banners items={banners} />
      {/* Its line is held while the list loads, like the banners' box (late-list.ts): the
          shortcuts and quotes below are on screen by then, and would move down when it came. */}
      {!marquee ? (
        <div className="mq" />
      ) : marquee.length > 0 && (
        <div className="mq">
          {/* Wider text scrolls longer, so every line passes at the same reading speed. */}
          <p style={{ animationDuration: (marquee.reduce((n, m) => n + m.content.length, 0) + 60) / 8 + 's' }}>
            {marquee.map((m) => <span key={m.id}>{m.content}</span>)}
          </p>
        </div>
      )}
      <Entries />
      {shown && <Quotes />}
      {notices && notices.length > 0 && (
        <section className="nts" aria-labelledby="nts-h">
          <div className="sec">
            <h2 id="nts-h">{t('home.notices')}</h2>
            {signedIn && (
              <a href="/notificationRecord" onClick={follow}>
                {/* "More" alone says nothing out of its row, to a screen reader's list of links or a search engine. */}
                {t('home.more')}
                <span className="sr"> {t('home.notices')}</span>
              </a>
            )}
          </div>
          <ul>
            {notices.map((n) => (
              <li key={n.id}>{signedIn ? <a href="/notificationRecord" onClick={follow}>{n.title}</a> : n.title}</li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}
