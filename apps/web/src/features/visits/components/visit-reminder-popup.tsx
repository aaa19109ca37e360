import { useCallback } from 'react';
import { App, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { phoneBelowPx } from '../../../lib/use-window-width';
import { useOpenVisitById } from './use-open-visit';
import { minutesUntil, reminderStillDue, type VisitReminder } from './visit-reminder';

/**
 * The popup before a visit (an antd notification that stays until closed, one per visit), with a
 * button to the visit screen. The notifications feature shows it when a reminder arrives by the
 * stream; `onOpen` runs when the visit is opened from it.
 */
export function useVisitReminderPopup() {
  const { t } = useTranslation('visits');
  const { notification } = App.useApp();
  const openVisit = useOpenVisitById();
  return useCallback(
    (reminder: VisitReminder, onOpen?: () => void) => {
      if (!reminderStillDue(reminder.start, Date.now())) return;
      const key = `visit-reminder-${reminder.visitId}`;
      notification.info({
        key,
        icon: <BellOutlined style={{ color: 'var(--ant-color-primary)' }} />,
        title: t('reminders.title', { name: reminder.organization, count: minutesUntil(reminder.start, Date.now()) }),
        description: t('reminders.description', { start: formatDateTime(reminder.start) }),
        duration: false,
        // on a phone the foot of the screen holds the form's buttons
        placement: window.innerWidth < phoneBelowPx ? 'top' : 'bottomRight',
        actions: (
          <Button
            type="primary"
            onClick={() => {
              notification.destroy(key);
              onOpen?.();
              void openVisit(reminder.visitId);
            }}
          >
            {t('actions.openVisit')}
          </Button>
        ),
      });
    },
    [t, notification, openVisit],
  );
}
