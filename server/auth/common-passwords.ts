/**
 * The 10,000 most common passwords: the head of zxcvbn-ts's frequency-ranked list (MIT, built from
 * leaked-password corpora such as the 10 million passwords Mark Burnett published), which an
 * online guesser tries first. Compared without case: `Password1` is as guessable as `password1`.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const COMMON_PASSWORD_COUNT = 10_000;

const fold = (password: string) => password.normalize('NFKC').toLowerCase();

const common = new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map(fold));

export const isCommonPassword = (password: string): boolean => common.has(fold(password));
