// Adding a payment method: bank card, PIX key, wallet address or QR.
export { AddMethod as default } from '../../money/forms/AddMethod.tsx';
