import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { email, required } from '../../lib/validators.ts';
import { filterDigits } from '../../lib/filters.ts';
import { sendEmail, sendSms } from '../../api/auth.ts';
import { setEmail, setPhone } from '../../api/account.ts';
import { goBack } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { $session } from '../../stores/session.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import { usePhoneNumber } from './phone-number.ts';
import { CountryPicker } from './CountryPicker.tsx';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { useCountdown } from '../../ui/useCountdown.ts';
import { useForm } from '../login/form.ts';
import '../forgetPassword/style.css';
import '../setting/style.css';
import './style.css';

type By = 'sms' | 'email';

/**
 * Binds a phone or an e-mail, each proven by the code sent to it; either one then lets the user
 * reset a forgotten password. What is typed stays when a call fails. The phone is a chosen country
 * plus the national number, and no code is sent until the two make a whole E.164 number.
 */
export default function BindPhone() {
  const user = useStore($session).userInfo;
  const [by, setBy] = useState<By>('sms');
  // One countdown per channel: a code just sent by SMS does not hold back the e-mail one.
  const [smsLeft, smsCountdown] = useCountdown();
  const [mailLeft, mailCountdown] = useCountdown();
  const left = by === 'sms' ? smsLeft : mailLeft;
  const [sending, setSending] = useState(false);
  const [targetError, setTargetError] = useState('');
  const { phoneOf, setCountryError, picker } = usePhoneNumber();
  const f = useForm(
    { phone: '', email: '', smsCode: '', emailCode: '' },
    {
      phone: (v) => (by === 'sms' ? phoneOf(v)[0] : null),
      smsCode: (v) => (by === 'sms' ? required(v) : null),
      email: (v) => (by === 'email' ? email(v) : null),
      emailCode: (v) => (by === 'email' ? required(v) : null),
    },
    (v) =>
      (by === 'sms'
        ? setPhone({ phone: phoneOf(v.phone)[1], code: v.smsCode.trim() })
        : setEmail({ email: v.email.trim(), code: v.emailCode.trim() })
      ).then(() => {
        notify(t(by === 'sms' ? 'ok.phoneBound' : 'ok.emailBound'), { type: 'success' });
        loadUserInfo();
        goBack();
      }),
  );

  const send = () => {
    const v = f.values;
    const [problem, number] = by === 'sms' ? phoneOf(v.phone) : [email(v.email), ''];
    setCountryError(problem === 'v.chooseCountry' ? t(problem) : '');
    setTargetError(problem && problem !== 'v.chooseCountry' ? t(problem) : '');
    if (problem || left || sending) return;
    setSending(true);
    (by === 'sms' ? sendSms(number, '') : sendEmail(v.email.trim()))
      .then(() => {
        (by === 'sms' ? smsCountdown : mailCountdown)();
        notify(t('auth.codeSent'), { type: 'success' });
      }, () => {})
      .finally(() => setSending(false));
  };

  const bound = user && (by === 'sms' ? user.phone : user.email);
  return (
    <Page title={t('route.bindPhone')} onBack={() => goBack()}>
      <Tabs
        items={[{ key: 'sms', label: t('field.phone') }, { key: 'email', label: t('field.email') }]}
        value={by}
        onChange={(k) => (setBy(k), setTargetError(''))}
      />
      <form className="form" onSubmit={f.onSubmit} noValidate>
        <p className="hint">
          {bound ? <>{t('account.bound')} <span className="num">{bound}</span></> : t('account.bindHint')}
        </p>
        {by === 'sms' ? (
          <div className="code-row phone-row">
            <CountryPicker {...picker} />
            <Field label={t('field.phone')} type="tel" value={f.values.phone} onValue={(v) => f.set('phone')(filterDigits(v, 20))} error={f.errors.phone || targetError} inputMode="tel" autoComplete="tel-national" />
          </div>
        ) : (
          <Field label={t('field.email')} type="email" value={f.values.email} onValue={f.set('email')} error={f.errors.email || targetError} autoComplete="email" maxLength={254} />
        )}
        <div className="code-row">
          {by === 'sms' ? (
            <Field label={t('field.smsCode')} value={f.values.smsCode} onValue={f.set('smsCode')} error={f.errors.smsCode} inputMode="numeric" autoComplete="one-time-code" maxLength={16} />
          ) : (
            <Field label={t('field.emailCode')} value={f.values.emailCode} onValue={f.set('emailCode')} error={f.errors.emailCode} inputMode="numeric" autoComplete="one-time-code" maxLength={16} />
          )}
          <Button ghost onClick={send} loading={sending} disabled={left > 0}>
            {left ? t('auth.resend', { time: left }) : t('auth.send')}
          </Button>
        </div>
        <Button type="submit" block loading={f.busy}>{t('account.bind')}</Button>
      </form>
    </Page>
  );
}
