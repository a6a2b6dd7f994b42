import { t } from '../../i18n/index.ts';
import { PASSWORD_DEBOUNCE_MS } from '../../lib/debounce.ts';
import { confirmMatch, newPassword, required } from '../../lib/validators.ts';
import { changePassword } from '../../api/account.ts';
import { goBack, navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { logout } from '../../stores/session.ts';
import { Page } from '../../ui/Page.tsx';
import { useForm } from '../login/form.ts';
import { PasswordForm } from '../setting/PasswordForm.tsx';

/**
 * docs/rules.md#sessions: changing the login password ends every session on the server, this one included, so
 * the app signs out and asks for the new password at once.
 */
export default function Password() {
  const f = useForm(
    { oldPassword: '', newPassword: '', confirmPassword: '' },
    { oldPassword: required, newPassword, confirmPassword: (v, all) => confirmMatch(v, all.newPassword) },
    (v) =>
      changePassword(v).then(() => {
        logout();
        notify(t('ok.passwordChanged'), { type: 'success' });
        navigate('/login', true);
      }),
    PASSWORD_DEBOUNCE_MS,
  );
  return (
    <Page title={t('route.password')} onBack={() => goBack('/setting')}>
      <PasswordForm f={f} label={t('field.newPassword')} rule={t('v.passwordRule')} />
    </Page>
  );
}
