import { useEffect, useState } from 'react';
import { offered } from '../../app/offered.ts';
import { useLocation } from '../../app/location.ts';
import { has, t } from '../../i18n/index.ts';
import { $app, navigate } from '../../stores/app.ts';
import { Page } from '../../ui/Page.tsx';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';
import { notOfferedWords } from './words.ts';

/**
 * docs/rules.md#routes: any path outside the route table. A section the partner does not offer
 * (src/app/offered.ts) is left out of the table, and its address says so plainly instead.
 */
export default function NotFound() {
  const [path] = useLocation();
  const hidden = !offered(path);
  const [words, setWords] = useState(false);
  useEffect(() => {
    if (!hidden) return;
    const shown = () => {
      setWords(true);
      // The route's title ("Page not found") was set before these words arrived.
      const appName = $app.get().appName;
      document.title = t('route.notOffered') + (appName ? ' · ' + appName : '');
    };
    notOfferedWords().then(shown, shown);
  }, [hidden]);
  const home = () => navigate('/', true);
  if (hidden && !words) return <Page title={t('route.notOffered')} onBack={home} />;
  return (
    <Page title={t(hidden ? 'route.notOffered' : 'route.notFound')} onBack={home}>
      <Empty text={t(!hidden ? 'common.notFound' : has('notOffered.text') ? 'notOffered.text' : 'route.notOffered')}>
        <Button onClick={home}>{t('common.home')}</Button>
      </Empty>
    </Page>
  );
}
