// First-load path: every byte here is downloaded before the app paints (the build puts it in the shell chunk, as most screens show numbers).
import { currentLocale } from '../i18n/index.ts';
import { decimalsOf, formatNumberIn, formatPercentIn } from '../shared/number-format.ts';

export { decimalsOf };

/** A plain decimal string written in the interface language unless told another (src/shared/number-format.ts). */
export const formatNumber = (value: string, decimals = decimalsOf(value), grouping = true, sign = false, locale?: string): string =>
  formatNumberIn(locale || currentLocale() || 'en', value, decimals, grouping, sign);

/** A rate or change given in percent, in the interface language (src/shared/number-format.ts). */
export const formatPercent = (value: string | null | undefined, sign = false): string => formatPercentIn(currentLocale() || 'en', value, sign);
