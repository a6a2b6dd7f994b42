import files from 'feature-words:money-forms';
import { featureWords } from '../../i18n/feature-words.ts';

/** The words of the deposit in another currency and the withdrawal confirmation (locales/money-forms/), in the active language. */
export const formWords = featureWords(files);
