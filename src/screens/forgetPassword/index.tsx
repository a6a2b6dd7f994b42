import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { confirmMatch, email, newPassword, required } from '../../lib/validators.ts';
import { filterDigits } from '../../lib/filters.ts';
import { forget, sendEmail, sendSms } from '../../api/auth.ts';
import { goBack } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useCountdown } from '../../ui/useCountdown.ts';
import { useForm } from '../login/form.ts';
import '../login/style.css';
import './style.css';

type By = 'sms' | 'email';

/** SPEC §2 forgotten password: a code sent by SMS or e-mail resets it; then back to the login. */
export default function ForgetPassword() {
  const [by, setBy] = useState<By>('sms');
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [accountError, setAccountError] = useState('');
  const f = useForm(
    { area: '', phone: '', email: '', code: '', password: '', confirmPassword: '' },
    {
      phone: (v) => (by === 'sms' ? required(v) : null),
      email: (v) => (by === 'email' ? email(v) : null),
      code: required,
      password: newPassword,
      confirmPassword: (v, all) => confirmMatch(v, all.password),
    },
    (v) =>
      forget({
        type: by,
        ...(by === 'sms' ? { phone: v.phone, area: v.area } : { email: v.email.trim() }),
        code: v.code.trim(),
        password: v.password,
        confirmPassword: v.confirmPassword,
      }).then(() => {
        notify(t('ok.passwordReset'), { type: 'success' });
        goBack('/login');
      }),
  );

  const send = () => {
    const v = f.values;
    const invalid = by === 'sms' ? required(v.phone) : email(v.email);
    setAccountError(invalid ? t(invalid) : '');
    if (invalid || left || sending) return;
    setSending(true);
    (by === 'sms' ? sendSms(v.phone, v.area) : sendEmail(v.email.trim()))
      .then(() => {
        startCountdown();
        notify(t('auth.codeSent'), { type: 'success' });
      }, () => {})
      .finally(() => setSending(false));
  };

  return (
    <Page title={t('route.forgetPassword')} onBack={() => goBack('/login')}>
      <div className="auth">
        <Tabs
          items={[{ key: 'sms', label: t('auth.bySms') }, { key: 'email', label: t('auth.byEmail') }]}
          value={by}
          onChange={(k) => (setBy(k), setAccountError(''))}
        />
        <form className="form" onSubmit={f.onSubmit} noValidate>
          {by === 'sms' ? (
            <div className="code-row">
              <Field label={t('field.area')} value={f.values.area} onValue={(v) => f.set('area')(filterDigits(v, 4))} inputMode="numeric" size={4} style={{ width: 84 }} autoComplete="tel-country-code" />
              <Field label={t('field.phone')} type="tel" value={f.values.phone} onValue={(v) => f.set('phone')(filterDigits(v, 20))} error={f.errors.phone || accountError} inputMode="tel" autoComplete="tel-national" />
            </div>
          ) : (
            <Field label={t('field.email')} type="email" value={f.values.email} onValue={f.set('email')} error={f.errors.email || accountError} autoComplete="email" />
          )}
          <div className="code-row">
            <Field label={t(by === 'sms' ? 'field.smsCode' : 'field.emailCode')} value={f.values.code} onValue={f.set('code')} error={f.errors.code} inputMode="numeric" autoComplete="one-time-code" maxLength={16} />
            <Button ghost onClick={send} loading={sending} disabled={left > 0}>
              {left ? t('auth.resend', { time: left }) : t('auth.send')}
            </Button>
          </div>
          <Field label={t('field.newPassword')} type="password" value={f.values.password} onValue={f.set('password')} error={f.errors.password} hint={t('v.passwordRule')} autoComplete="new-password" />
          <Field label={t('field.confirmPassword')} type="password" value={f.values.confirmPassword} onValue={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" />
          <Button type="submit" block loading={f.busy}>{t('auth.reset')}</Button>
        </form>
      </div>
    </Page>
  );
}
