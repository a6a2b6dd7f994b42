import { useCallback } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { formatDayTime } from '../../lib/date.ts';
import { getUserMessages, type UserMessage } from '../../api/messages.ts';
import { $app, navigate } from '../../stores/app.ts';
import { $messagesRefresh, $readIds, $unread, isRead, markAllRead, selectMessage, setServerUnread } from '../../stores/messages.ts';
import { useFmt } from '../../money/display.ts';
import { List } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { wording } from './wording.ts';
import './style.css';

const PAGE_SIZE = 20;

function Row({ m, locale }: { m: UserMessage; locale: string }) {
  const unread = !isRead(m);
  const { title, content } = wording(m, useFmt());
  return (
    <button
      type="button"
      className={'msg' + (unread ? ' unread' : '')}
      onClick={() => {
        selectMessage(m);
        navigate('/notificationDetail');
      }}
    >
      <span className="msg-head">
        {unread && <i className="dot" aria-label={t('account.unread')} />}
        <b>{title}</b>
        <time className="num">{formatDayTime(m.time, locale)}</time>
      </span>
      <span className="msg-text">{content}</span>
    </button>
  );
}

/** System notifications (docs/rules.md#messages): messages to this user and notices to all, unread ones marked. */
export default function NotificationRecord() {
  const locale = useStore($app).language;
  const unread = useStore($unread);
  // A new message (the `mes` push) or a newer first page loads the list again in place; a message read elsewhere redraws its row.
  const refresh = useStore($messagesRefresh);
  useStore($readIds);
  const load = useCallback(
    (pageNum: number) =>
      getUserMessages({ pageNum, pageSize: PAGE_SIZE }).then((p) => {
        if (pageNum === 1) setServerUnread(p.unread);
        return { rows: p.rows, done: pageNum * PAGE_SIZE >= p.total };
      }),
    [],
  );
  return (
    <Page title={t('route.notificationRecord')}>
      {unread > 0 && (
        <div className="msg-tools">
          <button type="button" className="btn ghost sm" onClick={markAllRead}>{t('account.readAll')}</button>
        </div>
      )}
      <List refresh={refresh} load={load} row={(m) => <Row m={m} locale={locale} />} rowKey={(m) => m.id} />
    </Page>
  );
}
