// First-load path: every byte here is downloaded before the app paints.

/** docs/rules.md#device-width: the column width the app keeps on a desktop screen. */
export const DEVICE_WIDTH = 450;

/** docs/rules.md#device-width: a phone or tablet user agent on a screen no wider than the device width. */
export const isMobile = (ua: string, screenWidth: number, deviceWidth = DEVICE_WIDTH): boolean =>
  /android|iphone|ipad|ipod|symbian|windows phone/i.test(ua) && screenWidth <= deviceWidth;
