// Public home content of docs/rules.md#content-per-language. Promotional copy comes only from here (DESIGN), never from literals.
// Only home calls these: the content pages' call is apart (content-page.ts), or this module would join
// the lazy shared chunk that every screen beside home downloads.
import type { BannerItem, MarqueeItem, NoticeItem } from '../shared/contract.ts';
import { get } from './client.ts';

// Promotions are not worth an error banner: the home screen just leaves out what did not arrive.
const quiet = { noNotify: true };

export const getBanners = () => get<BannerItem[]>('/h5/symbol/getBannerList', undefined, quiet);
export const getMarquee = () => get<MarqueeItem[]>('/h5/symbol/marquee', undefined, quiet);
export const getNotices = () => get<NoticeItem[]>('/h5/symbol/getNoticeList', undefined, quiet);
