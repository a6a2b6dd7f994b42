import { t } from '../../i18n/index.ts';
import { Field } from '../../ui/Field.tsx';
import { Button } from '../../ui/Button.tsx';
import type { useForm } from '../login/form.ts';

type PasswordValues = { oldPassword: string; newPassword: string; confirmPassword: string };

/**
 * The form of a password change, login or fund password alike: the current password (left out
 * while none is set), the new one with its rule, the new one again.
 */
export function PasswordForm({ f, askOld = true, label, rule, hint }: {
  f: ReturnType<typeof useForm<PasswordValues>>;
  askOld?: boolean;
  /** The new password's label. */
  label: string;
  /** The new password's rule, under the field. */
  rule: string;
  hint?: string;
}) {
  return (
    <form className="form" onSubmit={f.onSubmit} noValidate>
      {hint && <p className="hint">{hint}</p>}
      {askOld && (
        <Field label={t('field.oldPassword')} type="password" value={f.values.oldPassword} onValue={f.set('oldPassword')} error={f.errors.oldPassword} autoComplete="current-password" maxLength={128} />
      )}
      <Field label={label} type="password" value={f.values.newPassword} onValue={f.set('newPassword')} error={f.errors.newPassword} hint={rule} autoComplete="new-password" maxLength={128} />
      <Field label={t('field.confirmPassword')} type="password" value={f.values.confirmPassword} onValue={f.set('confirmPassword')} error={f.errors.confirmPassword} autoComplete="new-password" maxLength={128} />
      <Button type="submit" block loading={f.busy}>{t('ui.confirm')}</Button>
    </form>
  );
}
