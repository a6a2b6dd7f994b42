import { randomInt } from 'node:crypto';

/**
 * Order numbers: 18 random digits (about 60 bits), so one user's number tells nothing about how
 * many orders others placed or what number comes next.
 */
export const newOrderNo = (): string =>
  String(randomInt(1, 10)) + Array.from({ length: 17 }, () => randomInt(10)).join('');
