/** Browser and system from a User-Agent header, as the console and the user's device list name them. */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdgA?\/(\d+)/, 'Edge'],
  [/\bOPR\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\bUCBrowser\/(\d+)/, 'UC Browser'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\bCriOS\/(\d+)/, 'Chrome'],
  [/; wv\).*\bChrome\/(\d+)/, 'WebView'],
  [/\bChrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+).*\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, (m: RegExpExecArray) => string]> = [
  [/\bAndroid (\d+)/, (m) => `Android ${m[1]}`],
  [/\b(?:iPhone|CPU) OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/\biPad\b/, () => 'iPadOS'],
  [/\bWindows NT/, () => 'Windows'],
  [/\bMac OS X/, () => 'macOS'],
  [/\bCrOS\b/, () => 'ChromeOS'],
  [/\bLinux\b/, () => 'Linux'],
];

const clean = (header: string | undefined) => (header ?? '').replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 1000);
const browserOf = (ua: string) => BROWSERS.map(([re, name]) => [re.exec(ua), name] as const).find(([m]) => m);
const systemOf = (ua: string) => SYSTEMS.map(([re, name]) => [re.exec(ua), name] as const).find(([m]) => m);

/** "Chrome 120 · Android 13" from a User-Agent header; an unknown one cut to 60 characters. */
export function shortAgent(header: string | undefined): string {
  const ua = clean(header);
  if (!ua.trim()) return '-';
  const browser = browserOf(ua);
  const system = systemOf(ua);
  if (!browser && !system) return ua.trim().slice(0, 60);
  return [browser && `${browser[1]} ${browser[0]![1]}`, system && system[1](system[0]!)].filter(Boolean).join(' · ');
}
