/**
 * Demo texts in every language but English (whose originals are server/seed/content.ts and
 * PAGES_EN): notices, marquee and banners in the seeded order, and the three static pages.
 * Plain text: the app shows it as text, so nothing here can run as script.
 */

export interface PageText {
  title: string;
  body: string;
}

export interface LanguageTexts {
  notices: Array<{ title: string; content: string }>;
  marquee: string[];
  banners: string[];
  pages: { about: PageText; statement: PageText; introduction: PageText };
}

export const PAGES_EN: LanguageTexts['pages'] = {
  about: {
    title: 'About us',
    body:
      'Trade Lite is a light trading app made for phones and slow networks: quotes, short-term contracts, finance products and a daily-interest savings balance in one place.\n\n' +
      'Questions? Write to customer service from the user centre; we answer every day.',
  },
  statement: {
    title: 'Statement',
    body:
      'Contracts, finance products and savings carry risk: prices move, and you can lose the amount you invest. Past income does not promise future income.\n\n' +
      'Only use money you can afford to lose, keep your passwords and verification codes to yourself, and check every deposit and withdrawal in your wallet details.',
  },
  introduction: {
    title: 'Company profile',
    body:
      'Trade Lite runs a digital-currency trading platform for customers in many countries, in 24 languages.\n\n' +
      'Every deposit and withdrawal is reviewed by our team, and every change of your balance is recorded in your wallet details.',
  },
};

export const TRANSLATIONS: Record<string, LanguageTexts> = {};
