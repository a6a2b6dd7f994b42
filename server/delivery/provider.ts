/** The seam every SMS or e-mail provider fits: hand over one message, learn its id or why not. */
export interface Outgoing {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Provider {
  /** For the start-up line: which provider, never its secrets. */
  readonly name: string;
  /** Resolves with the provider's id of the message; throws `DeliveryError` when it was not taken. */
  send(message: Outgoing): Promise<string>;
  close?(): void;
}

/**
 * The provider did not take the message. `permanent`: trying again cannot help (a rejected
 * address, refused credentials); otherwise (an answer 5xx or 429, no answer) the outbox retries.
 */
export class DeliveryError extends Error {
  constructor(message: string, readonly permanent: boolean) {
    super(message);
  }
}
