/**
 * Content: notices, the scrolling line, banners, news and the static pages, each in all the app's
 * languages side by side (one column on a phone); a language nobody wrote yet is marked missing.
 */
import { useEffect, useState } from 'react';
import type { ContentItem, ContentList } from '../../shared/contract/console.ts';
import { ApiError, call } from '../api.ts';
import { pageWords, t, tError } from '../i18n.ts';
import { Alert } from '../Alert.tsx';
import type { PageProps } from '../LazyPage.tsx';

const w = pageWords({
  en: { notice: 'Notice', marquee: 'Scrolling line', banner: 'Banner', news: 'News', page: 'Page', missing: 'missing', missingN: '{n} missing', save: 'Save', saved: 'Saved', heading: 'Title', text: 'Text' },
  'pt-BR': { notice: 'Aviso', marquee: 'Faixa rolante', banner: 'Banner', news: 'Notícia', page: 'Página', missing: 'faltando', missingN: '{n} faltando', save: 'Salvar', saved: 'Salvo', heading: 'Título', text: 'Texto' },
  ar: { notice: 'إشعار', marquee: 'الشريط المتحرك', banner: 'لافتة', news: 'خبر', page: 'صفحة', missing: 'غير مترجم', missingN: '{n} غير مترجمة', save: 'حفظ', saved: 'تم الحفظ', heading: 'العنوان', text: 'النص' },
});

const hasTitle = (kind: ContentItem['kind']) => kind !== 'marquee';
const hasContent = (kind: ContentItem['kind']) => kind !== 'banner';
const summary = (item: ContentItem) => {
  const en = item.texts.en;
  const text = en ? en.title || en.content : String(item.id);
  return text.length > 60 ? text.slice(0, 59) + '…' : text;
};

/** One language of one item: what is there, or empty and marked missing; saved on its own. */
function Language({ item, lang, onSaved }: { item: ContentItem; lang: string; onSaved: () => void }) {
  const had = item.texts[lang];
  const [title, setTitle] = useState(had?.title ?? '');
  const [content, setContent] = useState(had?.content ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const dir = lang === 'ar' ? 'rtl' : 'ltr';
  // The English row of a notice, line, banner or news item is its original, written from the command line.
  const original = lang === 'en' && item.kind !== 'page';
  return (
    <form
      className="card lang"
      lang={lang}
      aria-label={lang}
      onSubmit={async (e) => {
        e.preventDefault();
        setError('');
        setSaved(false);
        try {
          await call('POST', '/content', { kind: item.kind, id: item.id, lang, title, content });
          setSaved(true);
          onSaved();
        } catch (err) {
          setError(err instanceof ApiError ? tError(err) : String(err));
        }
      }}
    >
      <b dir="ltr">{lang}</b> {!had && <span className="held">{w('missing')}</span>}
      {hasTitle(item.kind) && (
        <label>
          {w('heading')}
          <input dir={dir} maxLength={200} readOnly={original} value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
      )}
      {hasContent(item.kind) && (
        <label>
          {w('text')}
          <textarea dir={dir} maxLength={20000} readOnly={original} value={content} onInput={(e) => setContent(e.currentTarget.value)} />
        </label>
      )}
      {!original && <button className="primary">{saved ? w('saved') : w('save')}</button>}
      <Alert text={error} />
    </form>
  );
}

export default function Content({ version }: PageProps) {
  const [list, setList] = useState<ContentList | null>(null);
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [mine, setMine] = useState(0);
  useEffect(() => {
    call<ContentList>('GET', '/content').then(setList, (e: ApiError) => setError(tError(e)));
  }, [version, mine]);
  if (!list) return <p className="muted">{error || t('loading')}</p>;
  const missing = (item: ContentItem) => list.languages.filter((l) => !item.texts[l]).length;
  const item = list.items.find((i) => `${i.kind}:${i.id}` === open);
  if (item)
    return (
      <article aria-label={`${w(item.kind)} ${item.id}`}>
        <button type="button" className="link" onClick={() => setOpen(null)}>
          {t('back')}
        </button>
        <h2>
          {w(item.kind)} <bdi>{summary(item)}</bdi>
        </h2>
        <div className="langs">
          {list.languages.map((lang) => (
            <Language key={lang} item={item} lang={lang} onSaved={() => setMine((n) => n + 1)} />
          ))}
        </div>
      </article>
    );
  return (
    <ul className="queue">
      {list.items.map((i) => (
        <li key={`${i.kind}:${i.id}`}>
          <button type="button" onClick={() => setOpen(`${i.kind}:${i.id}`)}>
            <b>
              {w(i.kind)} <bdi>{summary(i)}</bdi>
            </b>
            {missing(i) ? <small className="held">{w('missingN').replace('{n}', String(missing(i)))}</small> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
