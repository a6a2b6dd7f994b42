import { has, t } from '../i18n/index.ts';

/** An operator's reason in the reader's language: a listed one by its key, a typed one as typed. */
export const reasonText = (key: string | null | undefined, text: string): string => (key && has(`money.reasons.${key}`) ? t(`money.reasons.${key}`) : text);
