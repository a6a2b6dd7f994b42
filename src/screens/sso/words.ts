import files from 'feature-words:sso';
import { featureWords } from '../../i18n/feature-words.ts';

/** The sign-on refusal explained, in the active language (locales/sso/): loaded only when a sign-on is refused. */
export const ssoWords = featureWords(files);
