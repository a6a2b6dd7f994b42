import { t } from '../../i18n/index.ts';
import { navigate } from '../../stores/app.ts';
import { Page } from '../../ui/Page.tsx';
import { Empty } from '../../ui/List.tsx';
import { Button } from '../../ui/Button.tsx';

/** docs/rules.md#routes: any path outside the route table. */
export default function NotFound() {
  return (
    <Page title={t('route.notFound')} onBack={() => navigate('/', true)}>
      <Empty text={t('common.notFound')}>
        <Button onClick={() => navigate('/', true)}>{t('common.home')}</Button>
      </Empty>
    </Page>
  );
}
