import { useStore } from '@nanostores/react';
import { t } from '../../i18n/index.ts';
import { PASSWORD_DEBOUNCE_MS } from '../../lib/debounce.ts';
import { confirmMatch, required, type Invalid } from '../../lib/validators.ts';
import { changeFundPassword } from '../../api/account.ts';
import { withFactor } from '../../factor/with-factor.ts';
import { goBack } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { $session } from '../../stores/session.ts';
import { loadUserInfo } from '../../stores/user-info.ts';
import { Page } from '../../ui/Page.tsx';
import { useForm } from '../login/form.ts';
import { PasswordForm } from '../setting/PasswordForm.tsx';
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
      withFactor((otp) => changeFundPassword({ ...(isSet ? v : { newPassword: v.newPassword, confirmPassword: v.confirmPassword }), otp })).then(() => {
        notify(t(isSet ? 'ok.fundPasswordChanged' : 'ok.fundPasswordSet'), { type: 'success' });
        loadUserInfo();
        goBack();
      }),
    PASSWORD_DEBOUNCE_MS,
  );
  return (
    <Page title={t('route.fundPassword')} onBack={() => goBack()}>
      <PasswordForm
        f={f}
        askOld={isSet}
        label={t('field.fundPassword')}
        rule={t('v.fundPasswordRule')}
        hint={isSet ? undefined : t('account.fundPasswordHint')}
      />
    </Page>
  );
}
