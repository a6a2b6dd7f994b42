/** Delivery of SMS and e-mail verification codes; a real gateway implements the same interface. */
export interface CodeSender {
  send(channel: 'sms' | 'email', target: string, code: string): Promise<void>;
}

/** The default: writes the code to the server log so a demo or a developer can read it. */
export const logCodeSender = (log: (msg: string) => void): CodeSender => ({
  async send(channel, target, code) {
    log(`verification code ${code} for ${channel} ${target}`);
  },
});
