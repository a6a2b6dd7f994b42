import { useState } from 'react';
import type { SecurityState, TotpSetup } from '../../shared/contract.ts';
import { confirmTotp, startTotp, totpOff } from '../../api/security.ts';
import { withFactor } from '../../factor/with-factor.ts';
import { t } from '../../i18n/index.ts';
import { notify } from '../../stores/notify.ts';
import { Button } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { Recovery } from './Recovery.tsx';

interface Props {
  state: SecurityState;
  onChange: (state: SecurityState) => void;
}

/** A refusal of this screen's calls in the user's words: the factor's own, else what the client said. */
const reasonOf = (e: unknown): string => {
  const err = e as { key?: string; message?: string; params?: { left?: number } };
  if (err.key === 'factor.wrong') return t('security.wrong', { left: err.params?.left ?? 0 });
  return err.message || t('err.unknown');
};

/** The authenticator app: set up with a QR code and a first code, recovery codes shown once, turned off with a code. */
export function Totp({ state, onChange }: Props) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const run = <T,>(call: () => Promise<T>, then: (r: T) => void) => {
    setBusy(true);
    call()
      .then(then, (e: unknown) => setError(reasonOf(e)))
      .finally(() => setBusy(false));
  };

  if (codes) return <Recovery codes={codes} onDone={() => (setCodes(null), onChange({ totp: true, recoveryLeft: codes.length }))} />;

  if (setup) {
    const confirm = (e: { preventDefault(): void }) => {
      e.preventDefault();
      if (!code.trim()) return setError(t('v.required'));
      run(() => confirmTotp(code.trim()), (r) => {
        setSetup(null);
        setCodes(r.recoveryCodes);
        notify(t('security.isOn'), { type: 'success' });
      });
    };
    return (
      <form className="sec-box" onSubmit={confirm} noValidate>
        <h2>{t('security.totp')}</h2>
        <p className="hint">{t('security.scan')}</p>
        <img className="sec-qr" src={'data:image/svg+xml,' + encodeURIComponent(setup.qr)} alt={t('security.qrAlt')} width={200} height={200} />
        <p>
          <a href={setup.uri}>{t('security.openApp')}</a>
        </p>
        <p className="hint">{t('security.key')}</p>
        <code className="sec-key" data-secret>{setup.secret}</code>
        <Field label={t('security.code')} value={code} onValue={(v) => (setCode(v), setError(''))} error={error} inputMode="numeric" autoComplete="one-time-code" maxLength={6} name="otp" />
        <Button type="submit" block loading={busy}>{t('security.turnOn')}</Button>
      </form>
    );
  }

  const off = () =>
    run(() => withFactor((otp) => totpOff(otp)), (s) => {
      onChange(s);
      notify(t('security.isOff'), { type: 'success' });
    });
  return (
    <div className="cells group">
      <div className="cell sec-row">
        <span>
          {t('security.totp')}
          <small className="muted">{state.totp ? t('security.recoveryLeft', { n: state.recoveryLeft }) : t('security.totpHint')}</small>
        </span>
        <em data-state={state.totp ? 'on' : 'off'}>{t(state.totp ? 'security.on' : 'security.off')}</em>
      </div>
      {error && <p className="sec-error" role="alert">{error}</p>}
      <div className="sec-acts">
        {state.totp ? (
          <Button ghost loading={busy} onClick={off}>{t('security.turnOff')}</Button>
        ) : (
          <Button loading={busy} onClick={() => (setError(''), run(startTotp, setSetup))}>{t('security.setUp')}</Button>
        )}
      </div>
    </div>
  );
}
