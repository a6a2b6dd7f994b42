import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { formatDayTime } from '../../lib/date.ts';
import { $app } from '../../stores/app.ts';
import { $selectedMessage } from '../../stores/messages.ts';
import { useFmt } from '../../money/display.ts';
import { wording } from '../notificationRecord/wording.ts';
import { Page } from '../../ui/Page.tsx';
import { Empty } from '../../ui/List.tsx';
import '../notificationRecord/style.css';

/** One message or notice, as plain text (never HTML), opened from the list. */
export default function NotificationDetail() {
  const m = useStore($selectedMessage);
  const locale = useStore($app).language;
  const fmt = useFmt();
  const text = m && wording(m, fmt);
  return (
    <Page title={t('route.notificationDetail')}>
      {m && text ? (
        <article className="article">
          <h2>{text.title}</h2>
          <time className="muted num">{formatDayTime(m.time, locale)}</time>
          <p className="pre">{text.content}</p>
        </article>
      ) : (
        <Empty />
      )}
    </Page>
  );
}
