// Public home content of SPEC §7. Promotional copy comes only from here (DESIGN), never from literals.
import type { BannerItem, MarqueeItem, NoticeItem } from '../shared/contract.ts';
import { get } from './client.ts';

// Promotions are not worth an error banner: the home screen just leaves out what did not arrive.
const quiet = { noNotify: true };

export const getBanners = () => get<BannerItem[]>('/h5/symbol/getBannerList', undefined, quiet);
export const getMarquee = () => get<MarqueeItem[]>('/h5/symbol/marquee', undefined, quiet);
export const getNotices = () => get<NoticeItem[]>('/h5/symbol/getNoticeList', undefined, quiet);
