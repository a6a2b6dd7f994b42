/** Refusals of an order; `msg` is the English text of the same key in locales/en.json. */
import { AppError } from '../http/envelope.ts';

export const playUnavailable = () => new AppError(400, 'order.play', 'This expiry time is not available');

export const symbolNotTradable = () => new AppError(400, 'order.symbol', 'This quote cannot be traded now');

export const belowMin = (min: string) =>
  new AppError(400, 'order.amountMin', `The minimum amount for this expiry is ${min}`, { min });

export const aboveMax = (max: string) =>
  new AppError(400, 'order.amountMax', `The maximum amount for this expiry is ${max}`, { max });

/** The operator's global mask (`is_order` false) holds the account: the app shows why, the API refuses too. */
export const accountMasked = () =>
  new AppError(403, 'order.masked', 'Your account is under review. Please contact customer service.');

/** The symbol's newest price is older than the feed's bound: no order on a price we may not have. */
export const marketStale = () =>
  new AppError(409, 'market.stale', 'Prices for this quote are delayed. New orders are paused until they are current again.');

/** The symbol's prices failed the price checks (server/market/plausible.ts): no order on a price that cannot be true. */
export const marketHalted = () =>
  new AppError(409, 'market.halted', 'Prices for this quote failed our checks. New orders are paused until trusted prices return.');

/** The feed had no price at this instant; nothing was charged, so trying again is safe. */
export const noPrice = () => new AppError(409, 'order.price', 'No price for this quote at the moment, try again');
