/**
 * Secrets in the address. A password, code or token in a URL ends up in logs, proxies and browser
 * history, so the API refuses one in the query string of every route (a client learns its mistake
 * instead of having the secret silently ignored or, worse, used), and every URL that is logged has
 * the values of secret-named parameters replaced (log-redaction.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './envelope.ts';

/** Names that carry a secret: any password (`fundPassword`, `oldPwd`…), a token or secret, a verification code. */
export const isSecretName = (name: string): boolean => /pass|pwd|token|secret|^(sms|email|verify|verification)?code$|^otp$/i.test(name);

export const secretInQuery = (field: string) =>
  new AppError(400, 'field.secretInQuery', `${field} must be sent in the request body, not in the address`, { field });

/** Refuses, before any other work, a request whose query string names a secret. */
export function refuseSecretsInQuery(api: FastifyInstance): void {
  api.addHook('onRequest', async (request) => {
    const query = request.query;
    if (!query || typeof query !== 'object') return;
    const name = Object.keys(query).find(isSecretName);
    if (name !== undefined) throw secretInQuery(name);
  });
}
