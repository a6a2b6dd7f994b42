/** The config key of the new-method hold, apart from hold.ts so the config checks need not import the money code. */
export const HOLD_KEY = 'payout.newMethodHoldHours';
/** A day: long enough for the owner to read the notice of a method they did not add. */
export const HOLD_DEFAULT = '24';
/** The demo account exists to be tried: its server holds nothing, so a visitor can withdraw at once. */
export const DEMO_HOLD = '0';
