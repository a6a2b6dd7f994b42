// First-load path: every byte here is downloaded before the app paints.
/**
 * A pathname as the route table keys it: case and a trailing slash do not matter. A tab screen
 * kept mounted compares the address with its own path this way, without the table (which loads it).
 */
export const pathKey = (pathname: string): string => pathname.replace(/(.)\/+$/, '$1').toLowerCase();
