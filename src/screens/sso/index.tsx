import { useEffect, useState } from 'react';
import './style.css';
import type { ApiError } from '../../api/client.ts';
import { useSearch } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { navigate } from '../../stores/app.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { nextPath, reasonOf, signOn, takeToken } from './sign-on.ts';

/** A partner's user arrives signed by the partner (docs/partners.md): signs on, then goes on to `redirect`. */
export default function Sso() {
  const search = useSearch();
  const [token] = useState(takeToken);
  const [failure, setFailure] = useState<{ text: string; key: string } | null>(null);
  useEffect(() => {
    if (!token) return setFailure({ text: t('err.sso.malformed'), key: 'sso.malformed' });
    signOn(token).then(
      () => navigate(nextPath(search), true),
      (e: ApiError) => setFailure({ text: reasonOf(e), key: e.key || '' }),
    );
  }, [token]);
  return (
    <Page title={t('route.sso')} back={false}>
      {failure ? (
        <Empty text={failure.text}>
          {failure.key && <p className="sso-key">{failure.key}</p>}
          <Button onClick={() => navigate('/', true)}>{t('common.home')}</Button>
        </Empty>
      ) : (
        <p className="sso-wait" role="status">{t('ui.loading')}</p>
      )}
    </Page>
  );
}
