import { useEffect, useRef } from 'react';
import { App, Button } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { formatDateTime } from '../../../lib/format';
import { phoneBelowPx } from '../../../lib/use-window-width';
import { getVisitReminders } from '../api/get-visit-reminders';
import { startReminderPoller, type ShownStore } from './visit-reminders';
import { useOpenVisit } from './use-open-visit';

const sessionStore: ShownStore = {
  get: (key) => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => window.sessionStorage.setItem(key, value),
};

/**
 * The in-app reminder before a visit (15 minutes by default, the server's lead time): for a user who
 * plans visits (visits.edit), GET /api/visits/reminders every minute, an antd notification once per
 * visit with a link to the visit screen. Mounted once, in the app shell.
 */
export function useVisitReminders() {
  const { t } = useTranslation('visits');
  const { notification } = App.useApp();
  const canPlan = useCan('visits.edit');
  const userId = useSession().user?.id;
  const openVisit = useOpenVisit();
  // the latest helpers without restarting the poller on every render
  const helpers = useRef({ t, notification, openVisit });
  helpers.current = { t, notification, openVisit };

  useEffect(() => {
    if (!canPlan || !userId) return;
    return startReminderPoller({
      load: () => getVisitReminders(),
      store: sessionStore,
      notify: (visit, minutes) => {
        const { t: tr, notification: notify, openVisit: open } = helpers.current;
        const key = `visit-reminder-${visit.id}`;
        notify.info({
          key,
          icon: <BellOutlined style={{ color: 'var(--ant-color-primary)' }} />,
          title: tr('reminders.title', { name: visit.organizationName, count: minutes }),
          description: tr('reminders.description', { start: formatDateTime(visit.plannedStart) }),
          duration: false,
          // on a phone the foot of the screen holds the form's buttons
          placement: window.innerWidth < phoneBelowPx ? 'top' : 'bottomRight',
          actions: (
            <Button
              type="primary"
              onClick={() => {
                notify.destroy(key);
                void open(visit);
              }}
            >
              {tr('actions.openVisit')}
            </Button>
          ),
        });
      },
    });
  }, [canPlan, userId]);
}

/** The reminders as a component (the app shell renders it once). */
export function VisitReminders() {
  useVisitReminders();
  return null;
}
