// First-load path: every byte here is downloaded before the app paints.

/** SPEC §9: the column width the app keeps on a desktop screen. */
export const DEVICE_WIDTH = 450;

/** SPEC §2: a phone or tablet user agent on a screen no wider than the device width. */
export const isMobile = (ua: string, screenWidth: number, deviceWidth = DEVICE_WIDTH): boolean =>
  /android|iphone|ipad|ipod|symbian|windows phone/i.test(ua) && screenWidth <= deviceWidth;
