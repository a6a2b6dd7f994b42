import { useState } from 'react';
import { t } from '../i18n/index.ts';
import { Button } from './Button.tsx';
import { showPrompt } from './CodePrompt.tsx';
import { useCountdown } from './useCountdown.ts';
import { notify } from '../stores/notify.ts';
import '../screens/forgetPassword/style.css';

export type CodeKind = 'sms' | 'email';

export interface CodeCalls {
  /** Has the platform send the code to the bound phone or e-mail. */
  request: () => Promise<unknown>;
  /** Sends the typed code; a rejection keeps the dialog open with the code as typed. */
  send: (code: string) => Promise<unknown>;
}

/** "Send code", then "Resend in N s" while a sent code is fresh. */
function SendCode({ request }: Pick<CodeCalls, 'request'>) {
  const [left, startCountdown] = useCountdown();
  const [asking, setAsking] = useState(false);
  const ask = () => {
    if (asking || left) return;
    setAsking(true);
    request()
      .then(() => {
        startCountdown();
        notify(t('auth.codeSent'), { type: 'success' });
      }, () => {})
      .finally(() => setAsking(false));
  };
  return (
    <Button ghost onClick={ask} loading={asking} disabled={left > 0}>
      {left ? t('auth.resend', { time: left }) : t('auth.send')}
    </Button>
  );
}

let openOne: (() => void) | null = null;

/**
 * Push `input` (docs/rules.md#asked-codes): the platform asks for the code it sent by SMS or e-mail. A second ask
 * replaces the first dialog, so taps never land on a stale one.
 */
export function askCode(kind: CodeKind, { request, send }: CodeCalls): void {
  openOne?.();
  const end = showPrompt(
    {
      title: t(kind === 'email' ? 'push.inputEmail' : 'push.inputSms'),
      label: t(kind === 'email' ? 'field.emailCode' : 'field.smsCode'),
      beside: <SendCode request={request} />,
      inputMode: 'numeric',
      maxLength: 16,
      // The server's refusal is the API client's banner; the field keeps the code to correct.
      send: (code) => send(code).then(() => null, () => ''),
    },
    () => {
      if (openOne === end) openOne = null;
    },
  );
  openOne = end;
}
