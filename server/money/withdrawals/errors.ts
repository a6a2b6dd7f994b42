/** Refusals of a withdrawal; `msg` is the English text of the same key in locales/en.json. */
import { AppError } from '../../http/envelope.ts';

export const belowMin = (min: string) =>
  new AppError(400, 'withdraw.belowMin', `The minimum withdrawal is ${min}`, { field: 'amount', min });

export const aboveMax = (max: string) =>
  new AppError(400, 'withdraw.aboveMax', `The maximum single withdrawal for your VIP level is ${max}`, { field: 'amount', max });

export const aboveTotal = (left: string) =>
  new AppError(400, 'withdraw.aboveTotal', `Above your VIP level's daily total: ${left} left today`, { field: 'amount', left });

/** The code goes only where the account says; without a bound phone or e-mail there is nowhere to send it. */
export const noCodeTarget = (channel: 'sms' | 'email') =>
  channel === 'sms'
    ? new AppError(400, 'withdraw.needPhone', 'Bind a phone number first to receive the withdrawal code')
    : new AppError(400, 'withdraw.needEmail', 'Bind an e-mail address first to receive the withdrawal code');

export const codeOff = () => new AppError(400, 'withdraw.codeOff', 'Withdrawals need no verification code');

/** The fee rule changed between the screen's confirmation and the submit: the user confirmed another fee. */
export const feeChanged = (fee: string) =>
  new AppError(409, 'withdraw.feeChanged', `The withdrawal fee has changed to ${fee}: check it and confirm again`, { field: 'amount', fee });
