// First-load path: every byte here is downloaded before the app paints.
import { t } from '../i18n/index.ts';

/** Status texts (docs/rules.md#faults), keyed so every language has its own. */
export const statusText = (status: number): string =>
  t('err.status.' + ([0, 404, 405, 500, 504].includes(status) ? status : 'other'));
