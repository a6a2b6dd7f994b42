/**
 * What starts once the app has painted, outside the first load: the push socket, which follows the
 * token from here on (docs/rules.md#push-channel), the signed-in hint the server picks a page's
 * preloads by, the page's description in the user's language (index.html has the English one), and
 * on a partner's page (the server marks it `data-partner`) the bridge to the host app, which a
 * normal visit never loads; and the screens' reads again once the network is back.
 */
import { t } from '../i18n/index.ts';
import { startSocket } from '../lib/socket.ts';
import { followSignedIn } from '../lib/signed-in-hint.ts';
import '../stores/back-online.ts';

startSocket();
followSignedIn();
document.querySelector('meta[name=description]')?.setAttribute('content', t('common.description'));
if (document.documentElement.getAttribute('data-partner')) import('../bridge/index.ts');
