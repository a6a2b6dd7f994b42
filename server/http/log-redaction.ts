/**
 * Keeps secrets out of the log: in a request's URL, a message or a logged error, the value of every
 * query parameter with a secret's name (secrets.ts) is replaced before pino writes the line.
 * Spread into the logger options of the server.
 */
import type { FastifyRequest } from 'fastify';
import { isSecretName } from './secrets.ts';

const REDACTED = '[redacted]';
/** One `name=value` pair of a query string: after `?` or `&`, up to the next `&`, fragment or space. */
const PAIR = /([?&])([^=&#\s"'?]+)=([^&#\s"']*)/g;

const decodedName = (raw: string) => {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** `text` with the values of secret-named query parameters replaced. */
export function redactQueryValues(text: string): string {
  if (!text.includes('=')) return text;
  return text.replace(PAIR, (pair, sep: string, name: string, value: string) =>
    value && isSecretName(decodedName(name)) ? `${sep}${name}=${REDACTED}` : pair,
  );
}

/** An error as pino would log it, with a redacted copy of its message and stack when they name a secret. */
function redactError(err: Error): Error {
  const message = redactQueryValues(err.message);
  const stack = err.stack === undefined ? undefined : redactQueryValues(err.stack);
  if (message === err.message && stack === err.stack) return err;
  return Object.assign(Object.create(Object.getPrototypeOf(err) as object) as Error, err, { message, stack });
}

function redactArgument(arg: unknown): unknown {
  if (typeof arg === 'string') return redactQueryValues(arg);
  if (arg instanceof Error) return redactError(arg);
  if (arg && typeof arg === 'object' && 'err' in arg && arg.err instanceof Error) {
    const err = redactError(arg.err);
    return err === arg.err ? arg : { ...arg, err };
  }
  return arg;
}

export const logRedaction = {
  serializers: {
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: redactQueryValues(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  },
  hooks: {
    logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
      method.apply(this, args.map(redactArgument));
    },
  },
};
