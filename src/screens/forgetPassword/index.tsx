import { useState } from 'react';
import { t } from '../../i18n/index.ts';
import { confirmMatch, email, newPassword, required } from '../../lib/validators.ts';
import { filterDigits } from '../../lib/filters.ts';
import { forget, sendEmail, sendSms } from '../../api/auth.ts';
import { goBack } from '../../stores/app.ts';
import { usePhoneNumber } from '../bindPhone/phone-number.ts';
import { CountryPicker } from '../bindPhone/CountryPicker.tsx';
import { notify } from '../../stores/notify.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useCountdown } from '../../ui/useCountdown.ts';
import { useForm } from '../login/form.ts';
import '../login/style.css';
import '../bindPhone/style.css';
import './style.css';

type By = 'sms' | 'email';

/**
 * Forgotten password (docs/rules.md#sign-up-and-sign-in): a code sent by SMS or e-mail resets it; then back to the login. The
 * phone is a chosen country plus the national number, as on the bind form, and no code is sent
 * until the two make a whole E.164 number.
 */
export default function ForgetPassword() {
  const [by, setBy] = useState<By>('sms');
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [accountError, setAccountError] = useState('');
  const { phoneOf, setCountryError, picker } = usePhoneNumber();
  const f = useForm(
    { phone: '', email: '', code: '', password: '', confirmPassword: '' },
    {
      phone: (v) => (by === 'sms' ? phoneOf(v)[0] : null),
      email: (v) => (by === 'email' ? email(v) : null),
      code: required,
      password: newPassword,
      confirmPassword: (v, all) => confirmMatch(v, all.password),
    },
    (v) =>
      forget({
        type: by,
        ...(by === 'sms' ? { phone: phoneOf(v.phone)[1] } : { email: v.email.trim() }),
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
    const [invalid, number] = by === 'sms' ? phoneOf(v.phone) : [email(v.email), ''];
    setCountryError(invalid === 'v.chooseCountry' ? t(invalid) : '');
    setAccountError(invalid && invalid !== 'v.chooseCountry' ? t(invalid) : '');
    if (invalid || left || sending) return;
    setSending(true);
    (by === 'sms' ? sendSms(number, '') : sendEmail(v.email.trim()))
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
            <div className="code-row phone-row">
              <CountryPicker {...picker} />
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
