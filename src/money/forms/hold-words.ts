import files from 'feature-words:payout-hold';
import { featureWords } from '../../i18n/feature-words.ts';

/** The words of the new-method hold (locales/payout-hold/), in the active language. */
export const holdWords = featureWords(files);
