import files from 'feature-words:bank-regions';
import { featureWords } from '../../i18n/feature-words.ts';

/** The heading over the banks of other regions (locales/bank-regions/), in the active language. */
export const bankWords = featureWords(files);
