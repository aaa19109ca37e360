import { useEffect } from 'react';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useVisitReminderPopup } from '../../visits';
import { phoneBelowPx } from '../../../lib/use-window-width';
import { useMarkNotificationRead } from '../api/notifications-api';
import { onNotificationArrived, onNotificationSignal } from '../api/keep-notifications';

/**
 * What shows over the screen as it arrives, beside the bell: a visit about to start (`visitReminder`,
 * the rep's popup with a button to the visit, once per notification; opening the visit from it marks
 * the notification read), and a call ringing the user's extension (issue 18: the `incomingCall` signal
 * pops the matched card; the popup's code comes when a call rings, not with the first screen). Mounted
 * once, in the app shell.
 */
export function NotificationPopups() {
  const showVisitReminder = useVisitReminderPopup();
  const { mutate: markRead } = useMarkNotificationRead();
  const { i18n } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
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
  useEffect(
    () =>
      onNotificationSignal((s) => {
        if (s.signal !== 'incomingCall') return;
        void import('../../calls')
          .then((calls) => calls.describeIncomingCall(s, i18n))
          .then(({ title, description, href, action }) => {
            const key = `incoming-call-${s.callId}`;
            notification.info({
              key,
              title,
              description,
              duration: 30,
              placement: window.innerWidth < phoneBelowPx ? 'top' : 'bottomRight',
              actions: href ? (
                <Button
                  type="primary"
                  onClick={() => {
                    notification.destroy(key);
                    void navigate(href);
                  }}
                >
                  {action}
                </Button>
              ) : undefined,
            });
          });
      }),
    [i18n, notification, navigate],
  );
  return null;
}
