import { t } from '../../i18n/index.ts';
import { PASSWORD_DEBOUNCE_MS } from '../../lib/debounce.ts';
import { confirmMatch, newPassword, required } from '../../lib/validators.ts';
import { changePassword } from '../../api/account.ts';
import { goBack, navigate } from '../../stores/app.ts';
import { notify } from '../../stores/notify.ts';
import { logout } from '../../stores/session.ts';
import { Page } from '../../ui/Page.tsx';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import { useForm } from '../login/form.ts';

/**
 * SPEC §4: changing the login password ends every session on the server, this one included, so
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
      <form className="form" onSubmit={f.onSubmit} noValidate>
        <Field label={t('field.oldPassword')} type="password" value={f.values.oldPassword} onValue={f.set('oldPassword')} error={f.errors.oldPassword} autoComplete="current-password" maxLength={128} />
        <Field label={t('field.newPassword')} type="password" value={f.values.newPassword} onValue={f.set('newPassword')} error={f.errors.newPassword} hint={t('v.passwordRule')} autoComplete="new-password" maxLength={128} />
        <Field label={t('field.confirmPassword')} type="password" value={f.values.confirmPassword} onValue={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" maxLength={128} />
        <Button type="submit" block loading={f.busy}>{t('ui.confirm')}</Button>
      </form>
    </Page>
  );
}
