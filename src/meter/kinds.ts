// Shared by the page and the service worker: both sort what they fetched the same way.
import { isLeanSubresource } from '../shared/subresource.ts';

/** What the data meter splits bytes into. */
export const KINDS = ['market', 'charts', 'code', 'pictures', 'socket', 'rest'] as const;
export type Kind = (typeof KINDS)[number];
export type Usage = Record<Kind, number>;

export const noUsage = (): Usage => ({ market: 0, charts: 0, code: 0, pictures: 0, socket: 0, rest: 0 });

/** A URL's path and query, without scheme and host. */
const local = (url: string): string => url.replace(/^[a-z]+:\/\/[^/]+/i, '');

/**
 * The kind of a fetched URL: prices and charts by their endpoints, the app's own files (the page,
 * scripts, styles, locale files, the service worker) as code, images by folder or extension, and
 * every other API call as the rest.
 */
export function kindOf(url: string): Kind {
  const path = local(url).split(/[?#]/)[0]!;
  if (/^\/prod-api\/h5\/symbol\/getHomeTickerList$/.test(path)) return 'market';
  if (/^\/prod-api\/h5\/symbol\/getHistoryKline$/.test(path)) return 'charts';
  if (/^\/(banners|uploads|icons|flags)\//.test(path) || /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i.test(path)) return 'pictures';
  if (/^\/prod-api\//.test(path)) return 'rest';
  return 'code';
}

/** What Resource Timing puts in `transferSize` for the headers of any answer from the network. */
const HEADERS_PLACEHOLDER = 300;
/**
 * What this app's server sends as headers, measured: its scripts, stylesheets and locale files a
 * subresource's few, about 480 B; the page and pictures the security headers too, about 1,170 B;
 * API answers about 270 B.
 */
const LEAN_HEADERS = 480;
const FILE_HEADERS = 1170;
const API_HEADERS = 270;

/**
 * Bytes an answer took on the wire: 0 from a cache (or from the service worker, which counts its
 * own fetches); else its compressed body and headers. Engines that put the fixed 300 B for headers
 * get this server's measured header size instead, which for a small file is most of its cost.
 */
export function wireBytes(url: string, transferSize: number, bodySize: number): number {
  if (!(transferSize > 0)) return 0;
  if (transferSize - bodySize !== HEADERS_PLACEHOLDER) return transferSize;
  const path = local(url);
  return bodySize + (/^\/prod-api\//i.test(path) ? API_HEADERS : isLeanSubresource(path) ? LEAN_HEADERS : FILE_HEADERS);
}

/** Bytes of a string, blob or buffer as it goes on the wire (strings as UTF-8). */
export const dataBytes = (data: unknown): number =>
  typeof data === 'string' ? new TextEncoder().encode(data).length : data instanceof Blob ? data.size : (data as ArrayBuffer)?.byteLength || 0;

/**
 * Bytes a WebSocket frame took on the wire: its payload and its header, which from the browser
 * carries a 4-byte mask too.
 */
export function frameBytes(data: unknown, fromBrowser = false): number {
  const n = dataBytes(data);
  return n + (n < 126 ? 2 : n < 65536 ? 4 : 10) + (fromBrowser ? 4 : 0);
}

/** Who made a request: Chromium adds different headers of its own to each. */
export type Sender = 'page' | 'worker' | 'navigation' | 'socket';

/**
 * Chromium's own request headers besides Host, User-Agent and Cookie (which the page counts from
 * what it knows), measured on this app: Connection, Accept, Accept-Encoding, Accept-Language,
 * Sec-Fetch-*, and from a page its client hints (sec-ch-ua…); a navigation also asks for HTML
 * with a longer Accept and says Upgrade-Insecure-Requests. The market worker sends no client
 * hints and no cookies, and names the list it holds (If-None-Match). A socket's handshake asks for
 * the upgrade with its key, version, extensions and origin.
 */
const BROWSER_HEADERS: Record<Sender, number> = { page: 290, worker: 200, navigation: 470, socket: 420 };

/** What an image request's Accept adds: the image formats Chromium takes, where a script takes any. */
const IMAGE_ACCEPT = 65;

/**
 * Bytes of a request's head, which no browser reports: its request line, the headers the caller
 * knows it sends (`known`, whole lines), Chromium's own as measured, and the blank line.
 */
export const requestBytes = (url: string, known: number, sender: Sender): number =>
  'GET  HTTP/1.1\r\n'.length + local(url).length + known + BROWSER_HEADERS[sender] + (kindOf(url) === 'pictures' ? IMAGE_ACCEPT : 0) + 2;

/** A header line's bytes, 0 for a header not sent. */
export const headerBytes = (name: string, value: string | null | undefined): number => (value ? name.length + value.length + 4 : 0);
