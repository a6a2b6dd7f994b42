import { t } from '../../i18n/index.ts';
import { logout } from '../../stores/session.ts';
import { navigate } from '../../stores/app.ts';
import { confirm } from '../../ui/confirm.tsx';

/** SPEC §2 logout: asked first; then the app forgets the session and shows the login form. */
export async function signOut(): Promise<void> {
  if (!(await confirm({ title: t('ui.logout'), message: t('ui.logoutConfirm') }))) return;
  logout();
  navigate('/login', true);
}
