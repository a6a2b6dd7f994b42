import files from 'feature-words:not-offered';
import { featureWords } from '../../i18n/feature-words.ts';

/** The words of a section the partner does not offer, in the active language (locales/not-offered/). */
export const notOfferedWords = featureWords(files);
