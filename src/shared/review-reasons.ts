/**
 * Reasons an operator picks from a list to reject a deposit or to give a withdrawal back. The app
 * words each in the user's language (`money.reasons.<key>`, one namespace for both lists, so the keys
 * differ); the record also keeps the English text, for API clients that do not know the key. A typed
 * reason has no key and is shown as typed.
 */
export const REVIEW_REASONS = {
  amount: 'The amount on the photo does not match',
  unreadable: 'The photo cannot be read',
  notReceived: 'No payment has arrived',
  name: 'The payer’s name does not match the account',
} as const;
export type ReviewReasonKey = keyof typeof REVIEW_REASONS;
export const REVIEW_REASON_KEYS = Object.keys(REVIEW_REASONS) as ReviewReasonKey[];

/** Why a withdrawal was rejected, failed or closed unpaid: what the payout itself ran into. */
export const WITHDRAW_REASONS = {
  payoutName: 'The name on the payout account does not match yours',
  payoutAccount: 'The payout account or wallet address is not valid',
  verification: 'We need to verify your account before paying out',
  payoutReturned: 'The bank or wallet sent the payment back',
} as const;
export type WithdrawReasonKey = keyof typeof WITHDRAW_REASONS;
export const WITHDRAW_REASON_KEYS = Object.keys(WITHDRAW_REASONS) as WithdrawReasonKey[];
