import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { Icon } from './Icon.tsx';
import { Skeleton } from './Skeleton.tsx';

/**
 * The empty state of a list or screen; `children` may add an action (e.g. "add a payment method").
 * It lives beside the list it mostly serves: as a module of its own it was one more small chunk
 * (and request) for every list screen, which compresses worse than the same bytes in one.
 */
export function Empty({ text = t('ui.empty'), children }: { text?: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <Icon name="empty" size={56} />
      <p>{text}</p>
      {children}
    </div>
  );
}

/** One page of rows and whether the server has more after it. */
export interface ListPage<T> {
  rows: T[];
  done: boolean;
}

interface Props<T> {
  /** Fetches page `n` (1-based). Remount the list with a new `key` to start over on other data, e.g. a filter change. */
  load: (n: number) => Promise<ListPage<T>>;
  /**
   * Moves when the same data may have changed (a push, a newer answer): page 1 loads again while
   * the rows stay on screen, and replaces them once it is in. Never a `key` for that: a remount
   * drops the rows for a skeleton and the scroll position with them (test/unit/list-refresh).
   */
  refresh?: unknown;
  row: (item: T) => ReactNode;
  rowKey: (item: T) => string | number;
  /** Replaces the default empty text. */
  empty?: string;
}

type Status = 'loading' | 'idle' | 'error' | 'done';

/** Rows that load the next page when the end scrolls into view (or on the button), with the end states. */
export function List<T>({ load, refresh, row, rowKey, empty }: Props<T>) {
  const [rows, setRows] = useState<T[]>([]);
  const [status, setStatus] = useState<Status>('loading');
  const page = useRef(0);
  /** How many times page 1 was asked for: an answer asked for before the last of them is not this list's. */
  const asked = useRef(0);
  const end = useRef<HTMLDivElement>(null);

  const get = (n: number) => {
    const a = n > 1 ? asked.current : ++asked.current;
    load(n).then(
      (p) => {
        if (a !== asked.current || (n > 1 && n !== page.current + 1)) return;
        page.current = n;
        setRows((r) => (n > 1 ? r.concat(p.rows) : p.rows));
        setStatus(p.done || !p.rows.length ? 'done' : 'idle');
      },
      // A refresh that fails (page 1 again) leaves the rows shown: App loads the screen afresh once the network is back.
      () => (n > 1 || !page.current) && setStatus('error'),
    );
  };
  const more = () => (setStatus('loading'), get(page.current + 1));

  useEffect(() => get(1), [load, refresh]);

  useEffect(() => {
    const el = end.current;
    if (status !== 'idle' || !el || !self.IntersectionObserver) return;
    const io = new IntersectionObserver((e) => e[0].isIntersecting && more(), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [status, load]);

  if (!rows.length) {
    if (status === 'loading') return <Skeleton kind="rows" />;
    if (status === 'done') return <Empty text={empty} />;
  }
  return (
    <div>
      {rows.map((r) => <div key={rowKey(r)}>{row(r)}</div>)}
      <div className="list-end" ref={end} aria-live="polite">
        {status === 'loading' && <span className="spin" role="img" aria-label={t('ui.loading')} />}
        {status === 'idle' && <button type="button" onClick={more}>{t('ui.loadMore')}</button>}
        {status === 'done' && t('ui.noMore')}
        {status === 'error' && (
          <>
            {t('ui.loadFailed')}
            <button type="button" className="btn ghost" onClick={more}>{t('ui.retry')}</button>
          </>
        )}
      </div>
    </div>
  );
}
