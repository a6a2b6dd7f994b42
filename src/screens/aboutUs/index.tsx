import { useLocation } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { Article } from '../../ui/Article.tsx';
import { Cell } from '../../ui/Cell.tsx';

export default function AboutUs() {
  const [, go] = useLocation();
  return (
    <Article name="aboutUs" slug="about">
      <div className="cells group">
        <Cell label={t('route.introduction')} onClick={() => go('/introduction')} />
        <Cell label={t('route.statement')} onClick={() => go('/statement')} />
      </div>
    </Article>
  );
}
