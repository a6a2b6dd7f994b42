import { Frame } from '../../ui/Frame.tsx';

export default function Password() {
  return <Frame name="password" kind="form" fields={['oldPassword', 'newPassword', 'confirmPassword']} />;
}
