/**
 * Real providers for delivery tests: an SMTP server (smtp-server) whose arrived messages are
 * parsed with mailparser, and an HTTP server speaking Twilio's Messages API (POST
 * `/2010-04-01/Accounts/{Sid}/Messages.json`, form-encoded, basic auth). Each can be told to
 * refuse the next messages, and the HTTP one to stop listening and come back on its port.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** Items as they arrive; `next` resolves with the next one not yet taken, or rejects after a while. */
export class Arrivals<T> {
  readonly all: T[] = [];
  private taken = 0;
  private waiters: Array<() => void> = [];
  push(item: T) {
    this.all.push(item);
    for (const w of this.waiters.splice(0)) w();
  }
  async next(timeoutMs = 15_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    while (this.taken >= this.all.length) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`nothing arrived within ${timeoutMs} ms (had ${this.all.length})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.all[this.taken++]!;
  }
  /** Takes items until one that `matches`, and answers it. */
  async until(matches: (item: T) => boolean, timeoutMs = 15_000): Promise<T> {
    for (;;) {
      const item = await this.next(timeoutMs);
      if (matches(item)) return item;
    }
  }
}

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'mail-secret-7';

export interface Mailbox {
  url: string;
  mails: Arrivals<ParsedMail>;
  /** The next `n` messages are refused with `code` (e.g. 451 try later, 550 no such user). */
  refuse(n: number, code: number, text: string): void;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails = new Arrivals<ParsedMail>();
  let refusals: Array<{ code: number; text: string }> = [];
  const server = new SMTPServer({
    // No certificate here: the URL's smtp:// scheme upgrades only when the server offers STARTTLS.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) return done(null, { user: auth.username });
      done(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
    },
    onData(stream, _session, done) {
      const refusal = refusals.shift();
      if (refusal) {
        stream.resume();
        stream.on('end', () => done(Object.assign(new Error(refusal.text), { responseCode: refusal.code })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          done();
        },
        (e: Error) => done(e),
      );
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${SMTP_USER}:${SMTP_PASS}@127.0.0.1:${port}`,
    mails,
    refuse: (n, code, text) => void (refusals = Array.from({ length: n }, () => ({ code, text }))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const TWILIO_SID = 'AC0123456789abcdef0123456789abcdef';
export const TWILIO_TOKEN = 'twilio-token-42';

export interface Sms {
  to: string;
  from: string;
  body: string;
}

export interface TwilioApi {
  url: string;
  port: number;
  /** Messages it accepted (answered 201). */
  sms: Arrivals<Sms>;
  /** Every request that reached it, accepted or not. */
  requests: number;
  /** The next answers, e.g. `[500]`, then 201 again. 400 answers Twilio's invalid-number error. */
  answer(statuses: number[]): void;
  /** Stops listening (a provider that is down); `start` listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startTwilio(options: { port?: number; listening?: boolean } = {}): Promise<TwilioApi> {
  const sms = new Arrivals<Sms>();
  let script: number[] = [];
  let server: Server | undefined;
  let sent = 0;
  const api: TwilioApi = {
    url: '',
    port: options.port ?? 0,
    sms,
    requests: 0,
    answer: (statuses) => void (script = [...statuses]),
    async stop() {
      const s = server;
      server = undefined;
      s?.closeAllConnections();
      await new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()));
    },
    async start() {
      server = createServer((req, res) => {
        let raw = '';
        req.on('data', (c: Buffer) => (raw += c.toString()));
        req.on('end', () => {
          api.requests++;
          const reply = (status: number, body: object) => {
            res.writeHead(status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(body));
          };
          const auth = 'Basic ' + Buffer.from(`${TWILIO_SID}:${TWILIO_TOKEN}`).toString('base64');
          if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${TWILIO_SID}/Messages.json`) return reply(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
          if (req.headers.authorization !== auth) return reply(401, { code: 20003, message: 'Authenticate', status: 401 });
          if (!String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return reply(400, { code: 21000, message: 'Bad content type', status: 400 });
          const status = script.shift() ?? 201;
          if (status === 400) return reply(400, { code: 21211, message: "The 'To' number is not a valid phone number.", more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 });
          if (status !== 201) return reply(status, { code: 20500, message: 'Internal Server Error', status });
          const form = new URLSearchParams(raw);
          const message = { to: form.get('To') ?? '', from: form.get('From') ?? '', body: form.get('Body') ?? '' };
          sms.push(message);
          reply(201, { sid: `SM${String(++sent).padStart(32, '0')}`, status: 'queued', to: message.to, from: message.from, body: message.body, error_code: null, error_message: null });
        });
      });
      await new Promise<void>((resolve) => server!.listen(api.port, '127.0.0.1', resolve));
      api.port = (server.address() as AddressInfo).port;
    },
  };
  if (options.listening === false) {
    // A port nothing listens on yet: the provider is down until `start`.
    await api.start();
    await api.stop();
  } else await api.start();
  api.url = `http://127.0.0.1:${api.port}`;
  return api;
}
