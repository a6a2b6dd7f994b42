import { useEffect, useState } from 'react';
import type { SecurityState } from '../../shared/contract.ts';
import { securityState } from '../../api/security.ts';
import { t } from '../../i18n/index.ts';
import { securityWords } from '../../factor/words.ts';
import { Page } from '../../ui/Page.tsx';
import { Button } from '../../ui/Button.tsx';
import { Totp } from './Totp.tsx';
import { Passkeys } from './Passkeys.tsx';
import './style.css';

/** What protects the account (docs/rules.md#second-factor): the authenticator app, its recovery codes. */
export default function Security() {
  const [words, setWords] = useState(false);
  const [state, setState] = useState<SecurityState | null>(null);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    Promise.all([securityWords(), securityState()]).then(
      ([, s]) => {
        setWords(true);
        setState(s);
      },
      () => setFailed(true),
    );
  };
  useEffect(load, []);
  return (
    <Page title={t('route.security')}>
      {failed ? (
        <div className="sec-box">
          <p role="alert">{t('err.network')}</p>
          <Button onClick={load}>{t('ui.retry')}</Button>
        </div>
      ) : words && state ? (
        <>
          <p className="sec-intro hint">{t('security.intro')}</p>
          <Totp state={state} onChange={setState} />
          <Passkeys />
        </>
      ) : (
        <div className="sec-box" aria-busy="true" />
      )}
    </Page>
  );
}
