import { useEffect, useState, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';
import { getPage } from '../api/content-page.ts';
import type { ContentPage, PageSlug } from '../shared/contract.ts';
import { Page } from './Page.tsx';
import { Skeleton } from './Skeleton.tsx';

interface Props {
  /** Route name: the title bar says `route.<name>`. */
  name: string;
  slug: PageSlug;
  children?: ReactNode;
}

/**
 * A static page the operator writes per language (about us, statement, company profile): plain
 * text whose blank lines part the paragraphs, never HTML, so nothing in it can run.
 */
export function Article({ name, slug, children }: Props) {
  const [page, setPage] = useState<ContentPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [tries, setTries] = useState(0);
  useEffect(() => {
    setFailed(false);
    getPage(slug).then(setPage, () => setFailed(true));
  }, [slug, tries]);
  return (
    <Page title={t('route.' + name)}>
      {page ? (
        // The text may be the English fallback inside a right-to-left app: it sets its own direction.
        <article className="article" lang={page.lang} dir="auto">
          {page.title && <h2>{page.title}</h2>}
          {page.body.split(/\n\s*\n/).map((p, i) => <p key={i}>{p}</p>)}
        </article>
      ) : failed ? (
        <div className="empty">
          <p>{t('ui.loadFailed')}</p>
          <button type="button" className="btn ghost" onClick={() => setTries(tries + 1)}>{t('ui.retry')}</button>
        </div>
      ) : (
        <Skeleton kind="lines" />
      )}
      {children}
    </Page>
  );
}
