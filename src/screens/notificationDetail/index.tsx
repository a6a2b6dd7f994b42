import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { localTime } from '../../lib/local-time.ts';
import { $app } from '../../stores/app.ts';
import { $selectedMessage } from '../../stores/messages.ts';
import { Page } from '../../ui/Page.tsx';
import { Empty } from '../../ui/List.tsx';
import '../notificationRecord/style.css';

/** One message or notice, as plain text (never HTML), opened from the list. */
export default function NotificationDetail() {
  const m = useStore($selectedMessage);
  const locale = useStore($app).language;
  return (
    <Page title={t('route.notificationDetail')}>
      {m ? (
        <article className="article">
          <h2>{m.title}</h2>
          <time className="muted num">{localTime(m.time, locale)}</time>
          <p className="pre">{m.content}</p>
        </article>
      ) : (
        <Empty />
      )}
    </Page>
  );
}
