import files from 'feature-words:security';
import { featureWords } from '../i18n/feature-words.ts';
import { wholeLocale } from '../i18n/whole.ts';

/** The Security screen's, the code prompt's and the passkey button's words, with their calls' refusals (locales/security/). */
export const securityWords = featureWords(files);

/**
 * What a lazy part of the sign-in screens waits for before it shows: its own words and the whole
 * locale file's (a visitor's page has only the sign-in part, which leaves them out).
 */
export const signInPartWords = (): Promise<unknown> => Promise.all([securityWords(), wholeLocale()]);
