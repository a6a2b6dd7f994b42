import { Frame } from '../../ui/Frame.tsx';

export default function FundPassword() {
  return <Frame name="fundPassword" kind="form" fields={['loginPassword', 'fundPassword', 'confirmPassword']} />;
}
