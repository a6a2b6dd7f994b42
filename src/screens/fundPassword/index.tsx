import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { PASSWORD_DEBOUNCE_MS } from '../../lib/debounce.ts';
import { confirmMatch, required, type Invalid } from '../../lib/validators.ts';
import { changeFundPassword } from '../../api/account.ts';
import { goBack } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { $session } from '../../stores/session.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useForm } from '../login/form.ts';
import '../setting/style.css';

/** The server's rule for fund passwords: at least 6 characters. */
const fundPassword = (v: string): Invalid => required(v) || (v.length < 6 ? 'err.fundPassword.tooShort' : null);

/** Sets the fund password withdrawals need, or changes it (then the current one is asked first). */
export default function FundPassword() {
  const user = useStore($session).userInfo;
  const isSet = !!user && user.hasFundPassword;
  const f = useForm(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    {
      oldPassword: (v) => (isSet ? required(v) : null),
      newPassword: fundPassword,
      confirmPassword: (v, all) => confirmMatch(v, all.newPassword),
    },
    (v) =>
      changeFundPassword(isSet ? v : { newPassword: v.newPassword, confirmPassword: v.confirmPassword }).then(() => {
        notify(t(isSet ? 'ok.fundPasswordChanged' : 'ok.fundPasswordSet'), { type: 'success' });
        loadUserInfo();
        goBack();
      }),
    PASSWORD_DEBOUNCE_MS,
  );
  return (
    <Page title={t('route.fundPassword')} onBack={() => goBack()}>
      <form className="form" onSubmit={f.onSubmit} noValidate>
        {!isSet && <p className="hint">{t('account.fundPasswordHint')}</p>}
        {isSet && (
          <Field label={t('field.oldPassword')} type="password" value={f.values.oldPassword} onValue={f.set('oldPassword')} error={f.errors.oldPassword} autoComplete="current-password" maxLength={128} />
        )}
        <Field label={t('field.fundPassword')} type="password" value={f.values.newPassword} onValue={f.set('newPassword')} error={f.errors.newPassword} hint={t('v.fundPasswordRule')} autoComplete="new-password" maxLength={128} />
        <Field label={t('field.confirmPassword')} type="password" value={f.values.confirmPassword} onValue={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" maxLength={128} />
        <Button type="submit" block loading={f.busy}>{t('ui.confirm')}</Button>
      </form>
    </Page>
  );
}
