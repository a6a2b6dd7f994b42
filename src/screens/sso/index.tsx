import { useEffect, useState } from 'react';
import './style.css';
import type { ApiError } from '../../api/client.ts';
import { useSearch } from '../../app/location.ts';
import { has, t } from '../../i18n/index.ts';
import { navigate } from '../../stores/app.ts';
import { Button } from '../../ui/Button.tsx';
import { Empty } from '../../ui/List.tsx';
import { Page } from '../../ui/Page.tsx';
import { refusalOf, type Refusal } from './refusal.ts';
import { nextPath, signOn, takeToken } from './sign-on.ts';
import { ssoWords } from './words.ts';

interface Failure {
  refusal: Refusal;
  /** The client's own words for a refusal that is not the sign-on's (no network, too many tries). */
  message: string;
  /** The server's reason, for the partner's support. */
  key: string;
}

/** A partner's user arrives signed by the partner (docs/partners.md): signs on, then goes on to `redirect`. */
export default function Sso() {
  const search = useSearch();
  const [token] = useState(takeToken);
  const [failure, setFailure] = useState<Failure | null>(null);
  useEffect(() => {
    // The explanation's words come only with a refusal: the sign-in screens' words are a visitor's first download.
    const refused = (f: Failure) => ssoWords().then(() => setFailure(f), () => setFailure(f));
    if (!token) return void refused({ refusal: 'invalid', message: '', key: 'sso.malformed' });
    signOn(token).then(
      () => navigate(nextPath(search), true),
      (e: ApiError) => refused({ refusal: refusalOf(e.key), message: e.message, key: e.key || '' }),
    );
  }, [token]);
  const partner = document.documentElement.getAttribute('data-pn');
  const said = (key: string, params?: Record<string, string>) => (has(key) ? t(key, params) : '');
  return (
    <Page title={t('route.sso')} back={false}>
      {failure ? (
        <Empty text={said('sso.' + failure.refusal) || failure.message || failure.key}>
          <p className="sso-why">
            {said('sso.' + failure.refusal + 'Why')} {partner ? said('sso.back', { partner }) : said('sso.backAny')}
          </p>
          {failure.key && <p className="sso-key">{said('sso.code', { code: failure.key }) || failure.key}</p>}
          <Button onClick={() => navigate('/', true)}>{t('common.home')}</Button>
        </Empty>
      ) : (
        <p className="sso-wait" role="status">{t('ui.loading')}</p>
      )}
    </Page>
  );
}
