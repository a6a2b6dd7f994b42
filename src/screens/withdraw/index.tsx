// Withdrawal: the form, its limits, fee and payout methods.
export { Withdraw as default } from '../../money/forms/Withdraw.tsx';
