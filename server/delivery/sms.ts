/**
 * SMS through an HTTP provider. Twilio's Messages API first: POST
 * `{base}/2010-04-01/Accounts/{Sid}/Messages.json`, form-encoded To, From and Body, HTTP basic
 * auth with the account's SID and token; it answers 201 with the message's `sid` and `status`, or
 * an error `{ code, message, status }`. `SMS_API_URL` points it at another base URL (a test, a
 * compatible gateway).
 */
import { DeliveryError, type Provider } from './provider.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  baseUrl?: string;
  timeoutMs?: number;
}

export function twilioProvider(options: TwilioOptions): Provider {
  const base = (options.baseUrl || 'https://api.twilio.com').replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const auth = 'Basic ' + Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64');
  return {
    name: `Twilio ${new URL(base).host}`,
    async send(message) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: message.to, From: options.from, Body: message.text }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (e) {
        const err = e as { name?: string; cause?: { code?: string }; message?: string };
        throw new DeliveryError(`Twilio unreachable: ${err.cause?.code ?? err.name ?? err.message}`, false);
      }
      const answer = (await res.json().catch(() => null)) as { sid?: string; status?: string; code?: number; message?: string } | null;
      if (res.ok && answer?.sid) return answer.sid;
      const reason = `Twilio ${res.status}${answer?.code ? ` ${answer.code}` : ''}: ${answer?.message ?? res.statusText}`.slice(0, 300);
      // 4xx but 429 is the request itself (a bad number, refused credentials): sending it again is the same request.
      throw new DeliveryError(reason, res.status >= 400 && res.status < 500 && res.status !== 429);
    },
  };
}
