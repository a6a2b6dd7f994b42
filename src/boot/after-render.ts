/**
 * What starts once the app has painted, outside the first load: the push socket, which follows the
 * token from here on (docs/rules.md#push-channel), and on a partner's page (the server marks it
 * `data-partner`) the bridge to the host app, which a normal visit never loads.
 */
import { startSocket } from '../lib/socket.ts';

startSocket();
if (document.documentElement.getAttribute('data-partner')) import('../bridge/index.ts');
