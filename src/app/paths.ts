// First-load path: every byte here is downloaded before the app paints.
/**
 * The URLs the product fixed (SPEC §2) in other words than the code's names for those screens
 * (docs/rules.md#routes); every other route's URL is its name. Apart from the route table, which
 * loads the screens, so a screen links to another by name without importing it back.
 */
const FIXED: Record<string, string> = {
  savings: '/yuebao',
  savingsDetail: '/yuebaodetail',
  financeHoldings: '/myFinancial',
  paymentCode: '/editPaypay',
};

/** A route's URL by its name. */
export const pathOf = (name: string): string => FIXED[name] || '/' + name;
