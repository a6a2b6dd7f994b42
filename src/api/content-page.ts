// The content pages of docs/rules.md#content-per-language (about us, statement, company profile).
import type { ContentPage, PageSlug } from '../shared/contract.ts';
import { get } from './client.ts';

/** About us, statement or company profile in the app's language (English when it has none); a failure is the page's to show. */
export const getPage = (slug: PageSlug) => get<ContentPage>('/h5/content/page', { slug }, { noNotify: true });
