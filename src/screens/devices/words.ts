import files from 'feature-words:devices';
import { featureWords } from '../../i18n/feature-words.ts';

/** The devices list's words, in the active language (locales/devices/). */
export const devicesWords = featureWords(files);
