import { useEffect, useState, type ReactNode } from 'react';
import { useSearch } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { password, required } from '../../lib/validators.ts';
import { takeSessionEnded } from './session-ended.ts';
import { flag, navigate } from '../../stores/app.ts';
import { login } from '../../stores/sign-in.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthHead, LanguageButton } from './parts.tsx';
import { Captcha } from './Captcha.tsx';
import { useForm } from './form.ts';
import './style.css';

/** Sign-in (docs/rules.md#sign-up-and-sign-in); the shell moves on to the `redirect` target once the token is stored. */
export default function Login() {
  const search = useSearch();
  const captchaOn = flag('captchaOn');
  const [uuid, setUuid] = useState('');
  const [round, setRound] = useState(0);
  // Read once: the message belongs to this arrival, not to a later visit of the form.
  const [ended] = useState(takeSessionEnded);
  const f = useForm(
    { username: '', password: '', code: '' },
    { username: required, password, ...(captchaOn ? { code: required } : {}) },
    (v) =>
      login({ username: v.username.trim(), password: v.password, ...(captchaOn ? { code: v.code, uuid } : {}) }).catch((e) => {
        if (captchaOn) setRound((r) => r + 1);
        throw e;
      }),
  );
  // Passkeys where the browser has them: their words and code load once the form has painted
  // (React runs effects before the browser paints when it can).
  const [passkey, offerPasskey] = useState<ReactNode>();
  useEffect(() => void (self.PublicKeyCredential && requestAnimationFrame(() => setTimeout(() => import('../../factor/passkey.tsx').then((m) => m.offer(offerPasskey))))), []);
  const keep = search ? '?' + search : '';
  return (
    <Page title={t('route.login')} back={false} end={<LanguageButton />}>
      <div className="auth">
        <AuthHead />
        {ended && <p className="auth-ended" role="alert">{t('err.expired')}</p>}
        <form className="form" onSubmit={f.onSubmit} noValidate>
          <Field label={t('field.username')} value={f.values.username} onValue={f.set('username')} error={f.errors.username} autoComplete="username webauthn" autoCapitalize="off" name="username" />
          <Field label={t('field.password')} type="password" value={f.values.password} onValue={f.set('password')} error={f.errors.password} autoComplete="current-password" name="password" />
          {captchaOn && <Captcha value={f.values.code} onValue={f.set('code')} error={f.errors.code} onUuid={setUuid} round={round} />}
          <Button type="submit" block loading={f.busy}>{t('auth.login')}</Button>
          {passkey}
        </form>
        <p className="auth-links">
          <a href={'/register' + keep} onClick={(e) => (e.preventDefault(), navigate('/register' + keep))}>{t('auth.noAccount')} {t('auth.register')}</a>
          <a href="/forgetPassword" onClick={(e) => (e.preventDefault(), navigate('/forgetPassword'))}>{t('auth.forgot')}</a>
        </p>
      </div>
    </Page>
  );
}
