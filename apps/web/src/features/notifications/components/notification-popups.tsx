import { useEffect } from 'react';
import { useVisitReminderPopup } from '../../visits';
import { useMarkNotificationRead } from '../api/notifications-api';
import { onNotificationArrived } from '../api/keep-notifications';

/**
 * What shows over the screen as it arrives, beside the bell: a visit about to start (`visitReminder`,
 * the rep's popup with a button to the visit, once per notification; opening the visit from it marks
 * the notification read). Mounted once, in the app shell.
 */
export function NotificationPopups() {
  const showVisitReminder = useVisitReminderPopup();
  const { mutate: markRead } = useMarkNotificationRead();
  useEffect(
    () =>
      onNotificationArrived((n) => {
        if (n.kind !== 'visitReminder' || !n.subjectId) return;
        showVisitReminder({ visitId: n.subjectId, organization: String(n.params.organization ?? ''), start: String(n.params.start ?? '') }, () =>
          markRead(n.id),
        );
      }),
    [showVisitReminder, markRead],
  );
  return null;
}
