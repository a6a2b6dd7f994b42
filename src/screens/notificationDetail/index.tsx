import { Frame } from '../../ui/Frame.tsx';

export default function NotificationDetail() {
  return <Frame name="notificationDetail" kind="lines" />;
}
