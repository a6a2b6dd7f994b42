export interface NoticeItem {
  id: number;
  title: string;
  content: string;
  time: number;
}

export interface MarqueeItem {
  id: number;
  content: string;
}

export interface BannerItem {
  id: number;
  title: string;
  /** Same-origin image path. */
  image: string;
  /** App route opened on tap; empty for none. */
  link: string;
}

export interface Community {
  id: number;
  name: string;
  icon: string;
  link: string;
}

/**
 * Static pages chosen by `Accept-Language` (or `?lang=`), English when the language has none:
 * `GET /h5/content/page?slug=about|statement|introduction`. Notices, marquee and banners
 * (`/h5/symbol/getNoticeList`, `/marquee`, `/getBannerList`) and news follow the same rule.
 */
export const PAGE_SLUGS = ['about', 'statement', 'introduction'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

export interface ContentPage {
  slug: PageSlug;
  /** The language the text is in (the asked one, its base language, or `en`). */
  lang: string;
  title: string;
  /** Plain text; blank lines separate paragraphs. Never HTML. */
  body: string;
  updatedAt: number;
}

/** `GET /h5/content/news?pageNum=&pageSize=` (no token): `Page<NewsItem>`, newest first. */
export interface NewsItem {
  id: number;
  lang: string;
  title: string;
  /** Plain text, as `ContentPage.body`. */
  content: string;
  time: number;
}
