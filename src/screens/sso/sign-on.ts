/** The partner's token from the address's fragment (`/sso#token=…`), which never reaches a server log or a Referer. */
import { post } from '../../api/client.ts';
import { startSession } from '../../stores/sign-in.ts';

/** Where the partner asked the app to go on to: a path inside the app (`/trade`), else the start. */
export function nextPath(search: string): string {
  const to = new URLSearchParams(search).get('redirect') || '';
  return /^\/(?![/\\])/.test(to) && !/^\/sso\b/i.test(to) ? to : '/';
}

/** Reads the token once and takes it out of the address, so it stays in no history entry. */
export function takeToken(): string {
  const token = new URLSearchParams(location.hash.slice(1)).get('token') || '';
  if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);
  return token;
}

/** On a partner's page the bridge is running before the app moves on, so the host hears the move. */
const bridge = document.documentElement.getAttribute('data-partner') ? import('../../bridge/index.ts').catch(() => {}) : null;

export const signOn = async (token: string): Promise<void> => {
  await startSession(await post<string>('/sso', { token }, { noNotify: true, noRepeat: true }));
  await bridge;
};
