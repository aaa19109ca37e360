import { useEffect } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { onNotificationSignal } from '../../notifications';

/**
 * An incoming call pops up as it rings (issue 18), driven by the notification stream's `incomingCall`
 * signal; mounted once, in the app shell. Only the listener loads with the shell: the popup's code and
 * the `calls` words come when a call rings (issue 16's first-screen budget).
 */
export function IncomingCallPopup() {
  const { i18n } = useTranslation();
  const { notification } = App.useApp();
  const navigate = useNavigate();
  useEffect(
    () =>
      onNotificationSignal((s) => {
        if (s.signal !== 'incomingCall') return;
        void import('./incoming-call-notice').then((m) => m.showIncomingCall(s, i18n, notification, (href) => void navigate(href)));
      }),
    [i18n, notification, navigate],
  );
  return null;
}
