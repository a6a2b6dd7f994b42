/**
 * What starts once the app has painted, outside the first load: the push socket, which follows the
 * token from here on (docs/rules.md#push-channel), the signed-in hint the server picks a page's
 * preloads by, and on a partner's page (the server marks it `data-partner`) the bridge to the host
 * app, which a normal visit never loads.
 */
import { startSocket } from '../lib/socket.ts';
import { followSignedIn } from '../lib/signed-in-hint.ts';

startSocket();
followSignedIn();
if (document.documentElement.getAttribute('data-partner')) import('../bridge/index.ts');
