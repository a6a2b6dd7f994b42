/**
 * The app's scripts (but a worker's), stylesheets and locale files, by path: the server answers them
 * with a subresource's few headers instead of the page's security headers (server/pages/static.ts),
 * and the data meter counts them at that size (src/meter/kinds.ts).
 */
export const isLeanSubresource = (path: string): boolean =>
  /^\/(assets\/(?!worker-)[^?#]+\.(js|css)|locales\/[^?#]+\.json)([?#]|$)/.test(path);
