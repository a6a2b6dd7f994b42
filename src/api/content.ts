// Public home content of docs/rules.md#content-per-language. Promotional copy comes only from here (DESIGN), never from literals.
import type { BannerItem, ContentPage, MarqueeItem, NoticeItem, PageSlug } from '../shared/contract.ts';
import { get } from './client.ts';

// Promotions are not worth an error banner: the home screen just leaves out what did not arrive.
const quiet = { noNotify: true };

export const getBanners = () => get<BannerItem[]>('/h5/symbol/getBannerList', undefined, quiet);
export const getMarquee = () => get<MarqueeItem[]>('/h5/symbol/marquee', undefined, quiet);
export const getNotices = () => get<NoticeItem[]>('/h5/symbol/getNoticeList', undefined, quiet);

/** About us, statement or company profile in the app's language (English when it has none). */
export const getPage = (slug: PageSlug) => get<ContentPage>('/h5/content/page', { slug }, quiet);
