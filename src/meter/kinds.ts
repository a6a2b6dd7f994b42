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

/** Bytes a WebSocket text frame from the server took on the wire: its UTF-8 payload and its header. */
export function frameBytes(data: unknown): number {
  const n = typeof data === 'string' ? new TextEncoder().encode(data).length : data instanceof Blob ? data.size : (data as ArrayBuffer)?.byteLength || 0;
  return n + (n < 126 ? 2 : n < 65536 ? 4 : 10);
}
