/**
 * The route a page path opens, as the app's router matches it: any case, trailing slashes dropped;
 * `root` for `/` (where `/` leads with the config the app starts with). The boot script, the
 * service worker and the server name a page's route alike, so each picks the same screen's code.
 */
export const routeName = (pathname: string, root: string): string =>
  pathname.replace(/(.)\/+$/, '$1').toLowerCase().slice(1) || root;
