import { Frame } from '../../ui/Frame.tsx';

export default function NotificationRecord() {
  return <Frame name="notificationRecord" kind="rows" />;
}
