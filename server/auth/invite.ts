import { randomInt } from 'node:crypto';

/** Invitation codes: 8 characters without look-alikes (0/O, 1/I/L), easy to read aloud. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const newInviteCode = (): string =>
  Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
