import { useState } from 'react';
import { useSearch } from '../../app/location.ts';
import { t } from '../../i18n/index.ts';
import { confirmMatch, newPassword, required, username } from '../../lib/validators.ts';
import { flag, navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { register } from '../../stores/sign-in.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { AuthHead, LanguageButton } from '../login/parts.tsx';
import { Captcha } from '../login/Captcha.tsx';
import { useForm } from '../login/form.ts';
import '../login/style.css';

/** Sign-up (docs/rules.md#sign-up-and-sign-in): a new account is signed in at once and sent where the login would have gone. */
export default function Register() {
  const search = useSearch();
  const captchaOn = flag('captchaOn');
  const [uuid, setUuid] = useState('');
  const [round, setRound] = useState(0);
  const f = useForm(
    { username: '', password: '', confirmPassword: '', inviteCode: '', code: '' },
    {
      username,
      password: newPassword,
      confirmPassword: (v, all) => confirmMatch(v, all.password),
      ...(captchaOn ? { code: required } : {}),
    },
    (v) =>
      register({
        username: v.username,
        password: v.password,
        confirmPassword: v.confirmPassword,
        ...(v.inviteCode.trim() ? { inviteCode: v.inviteCode.trim() } : {}),
        ...(captchaOn ? { code: v.code, uuid } : {}),
      }).then(
        () => notify(t('ok.registered'), { type: 'success' }),
        (e) => {
          if (captchaOn) setRound((r) => r + 1);
          throw e;
        },
      ),
  );
  const keep = search ? '?' + search : '';
  return (
    <Page title={t('route.register')} onBack={() => navigate('/login' + keep, true)} end={<LanguageButton />}>
      <div className="auth">
        <AuthHead />
        <form className="form" onSubmit={f.onSubmit} noValidate>
          <Field label={t('field.username')} value={f.values.username} onValue={f.set('username')} error={f.errors.username} autoComplete="username" autoCapitalize="off" maxLength={30} name="username" />
          <Field label={t('field.password')} type="password" value={f.values.password} onValue={f.set('password')} error={f.errors.password} hint={t('v.passwordRule')} autoComplete="new-password" name="password" />
          <Field label={t('field.confirmPassword')} type="password" value={f.values.confirmPassword} onValue={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" name="confirmPassword" />
          <Field label={t('field.inviteCode')} value={f.values.inviteCode} onValue={f.set('inviteCode')} autoComplete="off" autoCapitalize="characters" maxLength={32} name="inviteCode" />
          {captchaOn && <Captcha value={f.values.code} onValue={f.set('code')} error={f.errors.code} onUuid={setUuid} round={round} />}
          <Button type="submit" block loading={f.busy}>{t('auth.register')}</Button>
        </form>
        <p className="auth-links">
          <a href={'/login' + keep} onClick={(e) => (e.preventDefault(), navigate('/login' + keep, true))}>{t('auth.hasAccount')} {t('auth.login')}</a>
        </p>
      </div>
    </Page>
  );
}
