/** Every API route lives under this prefix (docs/rules.md#calls). */
export const API_PREFIX = '/prod-api';

/** The URL is the API's, not the page's or an asset's. */
export const isApi = (url: string): boolean =>
  url === API_PREFIX || url.startsWith(API_PREFIX + '/') || url.startsWith(API_PREFIX + '?');
