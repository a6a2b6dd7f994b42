import { t } from '../../i18n/index.ts';
import { logout } from '../../stores/session.ts';
import { navigate } from '../../stores/app.ts';
import { confirm } from '../../ui/confirm.tsx';

/**
 * Logout (docs/rules.md#sessions), asked first. The server revokes the token (a copied token stops working); the
 * app forgets the session even when that call fails (offline), then shows the login form.
 */
export async function signOut(): Promise<void> {
  if (!(await confirm({ title: t('ui.logout'), message: t('ui.logoutConfirm') }))) return;
  // The call's code is needed only here, so it is fetched on the confirmed tap.
  await import('../../api/account.ts').then((api) => api.revokeSession()).catch(() => {});
  logout();
  navigate('/login', true);
}
