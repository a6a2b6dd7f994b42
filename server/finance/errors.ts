/** Refusals of a finance purchase; `msg` is the English text of the same key in locales/en.json. */
import { AppError } from '../http/envelope.ts';

export const productNotFound = () => new AppError(404, 'finance.product', 'This product is not on sale');

export const belowMin = (min: string) =>
  new AppError(400, 'finance.amountMin', `The minimum amount for this product is ${min}`, { min });

export const aboveMax = (max: string) =>
  new AppError(400, 'finance.amountMax', `The maximum amount for this product is ${max}`, { max });
