// Replacing the image of a QR payment method.
export { EditPaypay as default } from '../../money/forms/EditPaypay.tsx';
