// The bound payment methods.
export { Methods as default } from '../../money/records/Methods.tsx';
