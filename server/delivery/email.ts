/**
 * E-mail through SMTP with nodemailer: `SMTP_URL` (`smtp://user:pass@host:587` upgrades with
 * STARTTLS when the server offers it, `smtps://…:465` is TLS from the start) and `MAIL_FROM`.
 */
import nodemailer from 'nodemailer';
import { DeliveryError, type Provider } from './provider.ts';

/** SMTP answers 5xx for what will not change on a retry, 4xx for "later". */
function deliveryError(e: unknown): DeliveryError {
  const err = e as { responseCode?: number; response?: string; code?: string; message?: string };
  const reason = (err.response ?? err.message ?? String(e)).slice(0, 300);
  if (err.responseCode) return new DeliveryError(`SMTP ${err.responseCode}: ${reason}`, err.responseCode >= 500);
  return new DeliveryError(`${err.code ?? 'SMTP'}: ${reason}`, err.code === 'EAUTH');
}

export function smtpProvider(url: string, from: string): Provider {
  const parsed = new URL(url);
  const transport = nodemailer.createTransport({
    host: parsed.hostname,
    port: Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587),
    secure: parsed.protocol === 'smtps:',
    ...(parsed.username ? { auth: { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } } : {}),
    // A stuck server must not hold the worker: it retries later instead.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
    // The message carries a code: nodemailer's own logger stays off.
    logger: false,
    tls: { servername: parsed.hostname },
  });
  return {
    name: `SMTP ${parsed.hostname}:${Number(parsed.port) || (parsed.protocol === 'smtps:' ? 465 : 587)}`,
    async send(message) {
      try {
        const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html });
        return String(info.messageId ?? '');
      } catch (e) {
        throw deliveryError(e);
      }
    },
    close: () => transport.close(),
  };
}
