/**
 * Reasons an operator picks from a list to reject a deposit. The app words each in the user's
 * language (`money.reasons.<key>`); the record also keeps the English text, for API clients that do
 * not know the key. A typed reason has no key and is shown as typed.
 */
export const REVIEW_REASONS = {
  amount: 'The amount on the photo does not match',
  unreadable: 'The photo cannot be read',
  notReceived: 'No payment has arrived',
  name: 'The payer’s name does not match the account',
} as const;
export type ReviewReasonKey = keyof typeof REVIEW_REASONS;
export const REVIEW_REASON_KEYS = Object.keys(REVIEW_REASONS) as ReviewReasonKey[];
