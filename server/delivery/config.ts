/**
 * The providers the environment names: `SMTP_URL` + `MAIL_FROM` for e-mail, `SMS_PROVIDER=twilio`
 * + `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`, `SMS_FROM` (and `SMS_API_URL`) for SMS. A half
 * configured provider stops the start: better than codes that silently go nowhere.
 */
import { smtpProvider } from './email.ts';
import { twilioProvider } from './sms.ts';
import type { Providers } from './worker.ts';

export class DeliveryConfigError extends Error {}

const need = (env: NodeJS.ProcessEnv, names: string[], why: string) => {
  const missing = names.filter((n) => !env[n]?.trim());
  if (missing.length) throw new DeliveryConfigError(`${why} needs ${missing.join(', ')}`);
};

export function providersFromEnv(env: NodeJS.ProcessEnv = process.env): Providers {
  const providers: Providers = {};
  if (env.SMTP_URL?.trim()) {
    need(env, ['MAIL_FROM'], 'SMTP_URL');
    const url = env.SMTP_URL.trim();
    if (!/^smtps?:\/\//.test(url)) throw new DeliveryConfigError('SMTP_URL must start with smtp:// (STARTTLS) or smtps:// (TLS)');
    providers.email = smtpProvider(url, env.MAIL_FROM!.trim());
  }
  const sms = env.SMS_PROVIDER?.trim();
  if (sms) {
    if (sms !== 'twilio') throw new DeliveryConfigError(`SMS_PROVIDER=${sms} is not known (twilio is)`);
    need(env, ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'], 'SMS_PROVIDER=twilio');
    providers.sms = twilioProvider({
      accountSid: env.TWILIO_ACCOUNT_SID!.trim(),
      authToken: env.TWILIO_AUTH_TOKEN!.trim(),
      from: env.SMS_FROM!.trim(),
      baseUrl: env.SMS_API_URL?.trim() || undefined,
    });
  }
  return providers;
}

/** What the start-up log says about delivery: loud when codes go to the log or a channel has no provider. */
export function deliveryLines(providers: Providers): Array<{ level: 'info' | 'warn'; msg: string }> {
  if (!providers.email && !providers.sms) {
    return [{ level: 'warn', msg: '!!! NO SMS OR E-MAIL PROVIDER: verification codes are written to this log, not sent. Set SMTP_URL and MAIL_FROM, or SMS_PROVIDER (docs/operator.md#delivery) !!!' }];
  }
  const lines: Array<{ level: 'info' | 'warn'; msg: string }> = [];
  lines.push({ level: 'info', msg: `delivery: e-mail ${providers.email?.name ?? 'off'}, SMS ${providers.sms?.name ?? 'off'}; codes are never logged` });
  if (!providers.email) lines.push({ level: 'warn', msg: '!!! NO E-MAIL PROVIDER: e-mail codes will fail (set SMTP_URL and MAIL_FROM) !!!' });
  if (!providers.sms) lines.push({ level: 'warn', msg: '!!! NO SMS PROVIDER: SMS codes will fail (set SMS_PROVIDER) !!!' });
  return lines;
}
