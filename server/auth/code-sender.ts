/** Delivery of SMS and e-mail verification codes: the outbox (server/delivery/) or, without a provider, the log. */
import type { DbOrTx } from '../db/client.ts';

export interface CodeToSend {
  channel: 'sms' | 'email';
  target: string;
  code: string;
  /** The app language of the request that asked for it. */
  lang: string;
}

export interface CodeSender {
  /** Called in the transaction that stores the code: what it queues commits with it. */
  send(tx: DbOrTx, message: CodeToSend): Promise<void>;
}

/** Without a provider: writes the code to the server log so a demo or a developer can read it. */
export const logCodeSender = (log: (msg: string) => void): CodeSender => ({
  async send(_tx, { channel, target, code }) {
    log(`verification code ${code} for ${channel} ${target}`);
  },
});
