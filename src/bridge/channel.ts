/**
 * The way to the host app, in the order a host offers one: React Native's WebView, an iOS
 * WKWebView message handler, an Android JavaScript interface, else the parent page of an iframe
 * (only at the partner's registered origin: a message never goes to `*`).
 */
export interface HostMessage {
  type: string;
  [field: string]: unknown;
}

interface HostWindow {
  ReactNativeWebView?: { postMessage(text: string): void };
  webkit?: { messageHandlers?: { tradeLite?: { postMessage(message: unknown): void } } };
  TradeLiteHost?: { postMessage(text: string): void };
}

export type Send = (message: HostMessage) => void;

/** The host's channel, or null when the page is neither in a host app nor in a partner's frame. */
export function hostChannel(w: Window, partnerOrigin: string | undefined): Send | null {
  const host = w as unknown as HostWindow;
  const tagged = (m: HostMessage) => ({ source: 'trade-lite', ...m });
  if (host.ReactNativeWebView) return (m) => host.ReactNativeWebView!.postMessage(JSON.stringify(tagged(m)));
  const ios = host.webkit?.messageHandlers?.tradeLite;
  if (ios) return (m) => ios.postMessage(tagged(m));
  if (host.TradeLiteHost) return (m) => host.TradeLiteHost!.postMessage(JSON.stringify(tagged(m)));
  if (w.parent !== w && partnerOrigin) return (m) => w.parent.postMessage(tagged(m), partnerOrigin);
  return null;
}

/** A host's message as sent: an object, or its JSON text (React Native and the native bridges send text). */
export function readHostMessage(data: unknown): HostMessage | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return value && typeof value === 'object' && typeof (value as HostMessage).type === 'string' ? (value as HostMessage) : null;
}
